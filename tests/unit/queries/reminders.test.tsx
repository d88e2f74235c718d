// Hook tests for reminders: the settings read and save, this device's push subscription on the way, and the mail unsubscribe.
import { act, waitFor } from '@testing-library/react';
import { REMINDER_MESSAGES } from '../../../contract/reminder-rules';
import type { ReminderSettingsInput } from '../../../contract/reminders';
import {
  applicationServerKey,
  NoServiceWorker,
  PushPermissionDenied,
  PushUnavailable,
} from '../../../src/api/push-device';
import { storeTokens } from '../../../src/api/tokens';
import { fieldErrorsOf } from '../../../src/queries/account';
import { useLogout } from '../../../src/queries/auth';
import {
  devicePushQueryOptions,
  reminderKeys,
  reminderSettingsQueryOptions,
  useSaveReminders,
  useUnsubscribeMail,
} from '../../../src/queries/reminders';
import { makeJwt } from '../../fixtures/factories';
import { recoveryMock, resetRecoveryMock } from '../msw/handlers/recovery';
import {
  remindersMock,
  resetRemindersMock,
  UNSUBSCRIBE_TOKENS,
  VAPID_PUBLIC_KEY,
} from '../msw/handlers/reminders';
import { requestLog, setupMswServer } from '../msw/server';
import { restorePush, stubPush } from '../push/push-stub';
import { createTestQueryClient, renderQueryHook } from './wrapper';

setupMswServer();
afterEach(() => {
  restorePush();
  resetRemindersMock();
  resetRecoveryMock();
  vi.useRealTimers();
});

const INPUT: ReminderSettingsInput = {
  time: '20:30',
  time_zone: 'Europe/Lisbon',
  by_email: false,
  by_push: true,
  weekly_digest: false,
  language: 'pt-BR',
};
const REMINDER_TOKEN = Object.keys(UNSUBSCRIBE_TOKENS)[0] ?? '';

describe('reminder settings read', () => {
  it('answers the settings with the VAPID key', async () => {
    const queryClient = createTestQueryClient();
    const settings = await queryClient.fetchQuery(reminderSettingsQueryOptions());
    expect(settings).toMatchObject({ time: null, time_zone: 'UTC', by_push: false });
    expect(settings.vapid_public_key).toBe(VAPID_PUBLIC_KEY);
    expect(requestLog).toEqual(['GET /api/account/reminders/']);
  });

  it("reads this device's push endpoint, null without support or subscription", async () => {
    const queryClient = createTestQueryClient();
    expect(await queryClient.fetchQuery(devicePushQueryOptions())).toBeNull();
    stubPush();
    queryClient.clear();
    expect(await queryClient.fetchQuery(devicePushQueryOptions())).toBeNull();
  });
});

describe('applicationServerKey', () => {
  it('decodes the base64url key into the 65 bytes of an uncompressed P-256 point', () => {
    const bytes = applicationServerKey(VAPID_PUBLIC_KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });
});

describe('useSaveReminders', () => {
  it('subscribes this device with the server key, sends the subscription, then saves and caches', async () => {
    const push = stubPush();
    const { result, queryClient } = renderQueryHook(() => useSaveReminders());

    await act(() =>
      result.current.mutateAsync({ input: INPUT, device: { subscribe: VAPID_PUBLIC_KEY } }),
    );

    expect(push.prompts).toBe(1);
    expect(push.subscribedKey).toEqual(applicationServerKey(VAPID_PUBLIC_KEY));
    expect(requestLog).toEqual([
      'POST /api/account/push-subscriptions/',
      'PUT /api/account/reminders/',
    ]);
    expect(remindersMock.endpoints).toEqual([push.endpoint()]);
    expect(remindersMock.saved).toEqual([INPUT]);
    expect(queryClient.getQueryData(reminderKeys.settings())).toMatchObject({
      time: '20:30',
      time_zone: 'Europe/Lisbon',
      language: 'pt-BR',
      push_subscriptions: 1,
    });
    expect(queryClient.getQueryData(reminderKeys.device())).toBe(push.endpoint());
  });

  it('keeps an existing subscription made with the same key (no second prompt or subscribe)', async () => {
    const push = stubPush({ permission: 'granted' });
    const { result } = renderQueryHook(() => useSaveReminders());
    await act(() =>
      result.current.mutateAsync({ input: INPUT, device: { subscribe: VAPID_PUBLIC_KEY } }),
    );
    const first = push.endpoint();
    await act(() =>
      result.current.mutateAsync({ input: INPUT, device: { subscribe: VAPID_PUBLIC_KEY } }),
    );
    expect(push.prompts).toBe(0);
    expect(push.endpoint()).toBe(first);
    expect(remindersMock.endpoints).toEqual([first]);
  });

  it('when notifications are refused, saves nothing and says so', async () => {
    const push = stubPush({ answer: 'denied' });
    const { result } = renderQueryHook(() => useSaveReminders());

    const error = await act(() =>
      result.current
        .mutateAsync({ input: INPUT, device: { subscribe: VAPID_PUBLIC_KEY } })
        .catch((e: unknown) => e),
    );

    expect(error).toBeInstanceOf(PushPermissionDenied);
    expect(push.prompts).toBe(1);
    expect(push.endpoint()).toBeNull();
    expect(requestLog).toEqual([]);
    expect(remindersMock.saved).toEqual([]);
  });

  it("reports the push service's refusal as PushUnavailable, saving nothing", async () => {
    stubPush({ subscribeError: new DOMException('push service error', 'AbortError') });
    const { result } = renderQueryHook(() => useSaveReminders());
    const error = await act(() =>
      result.current
        .mutateAsync({ input: INPUT, device: { subscribe: VAPID_PUBLIC_KEY } })
        .catch((e: unknown) => e),
    );
    expect(error).toBeInstanceOf(PushUnavailable);
    expect(requestLog).toEqual([]);
  });

  it('gives up waiting for a service worker after 10 s with NoServiceWorker', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubPush({ worker: false });
    const { result } = renderQueryHook(() => useSaveReminders());
    const outcome = result.current
      .mutateAsync({ input: INPUT, device: { subscribe: VAPID_PUBLIC_KEY } })
      .catch((e: unknown) => e);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(await outcome).toBeInstanceOf(NoServiceWorker);
    expect(requestLog).toEqual([]);
  });

  it('unsubscribes this device and tells the server to forget it before saving', async () => {
    const push = stubPush({ permission: 'granted' });
    const { result, queryClient } = renderQueryHook(() => useSaveReminders());
    await act(() =>
      result.current.mutateAsync({ input: INPUT, device: { subscribe: VAPID_PUBLIC_KEY } }),
    );
    requestLog.length = 0;

    await act(() =>
      result.current.mutateAsync({ input: { ...INPUT, by_push: false }, device: 'unsubscribe' }),
    );

    expect(push.unsubscribes).toBe(1);
    expect(push.endpoint()).toBeNull();
    expect(requestLog).toEqual([
      'DELETE /api/account/push-subscriptions/',
      'PUT /api/account/reminders/',
    ]);
    expect(remindersMock.endpoints).toEqual([]);
    expect(queryClient.getQueryData(reminderKeys.device())).toBeNull();
    expect(queryClient.getQueryData(reminderKeys.settings())).toMatchObject({
      by_push: false,
      push_subscriptions: 0,
    });
  });

  it('exposes the field errors of a refused save and marks the cached settings stale', async () => {
    const queryClient = createTestQueryClient();
    await queryClient.fetchQuery(reminderSettingsQueryOptions());
    const { result } = renderQueryHook(() => useSaveReminders(), queryClient);

    await act(() =>
      result.current
        .mutateAsync({
          input: { ...INPUT, time: '25:00', time_zone: 'Mars/Base', by_email: true },
          device: null,
        })
        .catch(() => undefined),
    );

    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(await fieldErrorsOf(result.current.error)).toEqual({
      time: [REMINDER_MESSAGES.invalidTime],
      time_zone: [REMINDER_MESSAGES.invalidTimeZone],
      by_email: [REMINDER_MESSAGES.emailNeedsAddress],
    });
    expect(remindersMock.saved).toEqual([]);
    expect(queryClient.getQueryState(reminderKeys.settings())?.isInvalidated).toBe(true);
  });

  it('saves email reminders once the address is confirmed', async () => {
    recoveryMock.email = { email: 'reader@example.org', pending_email: null };
    const { result } = renderQueryHook(() => useSaveReminders());
    await act(() =>
      result.current.mutateAsync({
        input: { ...INPUT, by_push: false, by_email: true, weekly_digest: true },
        device: null,
      }),
    );
    expect(requestLog).toEqual(['PUT /api/account/reminders/']);
    expect(remindersMock.settings).toMatchObject({ by_email: true, weekly_digest: true });
  });
});

describe('logging out', () => {
  it("ends this device's push subscription and has the server forget it", async () => {
    storeTokens({ access: makeJwt(30 * 60), refresh: makeJwt(3600, { token_type: 'refresh' }) });
    const push = stubPush({ permission: 'granted' });
    const save = renderQueryHook(() => useSaveReminders());
    await act(() =>
      save.result.current.mutateAsync({ input: INPUT, device: { subscribe: VAPID_PUBLIC_KEY } }),
    );
    expect(remindersMock.endpoints).toHaveLength(1);
    requestLog.length = 0;

    const { result } = renderQueryHook(() => useLogout());
    await act(() => result.current.mutateAsync());

    expect(push.endpoint()).toBeNull();
    expect(remindersMock.endpoints).toEqual([]);
    expect(requestLog[0]).toBe('DELETE /api/account/push-subscriptions/');
  });
});

describe('useUnsubscribeMail', () => {
  it('POSTs the one-click body with the token in the query, and marks cached settings stale', async () => {
    remindersMock.settings.by_email = true;
    const queryClient = createTestQueryClient();
    await queryClient.fetchQuery(reminderSettingsQueryOptions());
    const { result } = renderQueryHook(() => useUnsubscribeMail(), queryClient);

    const answer = await act(() => result.current.mutateAsync(REMINDER_TOKEN));

    expect(answer).toEqual({ kind: 'reminder', detail: REMINDER_MESSAGES.unsubscribedReminder });
    expect(requestLog).toContain(`POST /api/mail/unsubscribe/?token=${REMINDER_TOKEN}`);
    expect(remindersMock.settings.by_email).toBe(false);
    expect(queryClient.getQueryState(reminderKeys.settings())?.isInvalidated).toBe(true);
  });

  it('fails with 400 for an unknown token', async () => {
    const { result } = renderQueryHook(() => useUnsubscribeMail());
    await act(() => result.current.mutateAsync('not-a-token').catch(() => undefined));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(remindersMock.settings.by_email).toBe(false);
  });
});
