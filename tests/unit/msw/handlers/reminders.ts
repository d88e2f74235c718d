// MSW handlers for reminders: the settings, this account's push subscriptions and the one-click mail unsubscribe.
import { HttpResponse, http } from 'msw';
import type { FieldErrors } from '../../../../contract/entities';
import {
  isTimeZone,
  type MailKind,
  PUSH_SUBSCRIPTIONS_MAX,
  REMINDER_LANGUAGES,
  REMINDER_MESSAGES,
  REMINDER_TIME_PATTERN,
} from '../../../../contract/reminder-rules';
import type {
  PushSubscriptionDelete,
  PushSubscriptionInput,
  ReminderSettings,
  ReminderSettingsInput,
} from '../../../../contract/reminders';
import { noContent } from '../responses';
import { apiUrl } from '../url';
import { recoveryMock } from './recovery';

/** A real P-256 public key (base64url), as the server's VAPID key looks. */
export const VAPID_PUBLIC_KEY =
  'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

/** Unsubscribe tokens these handlers accept, with the mail kind each turns off. */
export const UNSUBSCRIBE_TOKENS: Record<string, MailKind> = {
  'unsub-reminder-0123456789abcdefghijklmnopqrstu': 'reminder',
  'unsub-digest-0123456789abcdefghijklmnopqrstuvw': 'digest',
};

function defaultSettings(): ReminderSettings {
  return {
    time: null,
    time_zone: 'UTC',
    by_email: false,
    by_push: false,
    weekly_digest: false,
    language: 'en',
    push_subscriptions: 0,
    vapid_public_key: VAPID_PUBLIC_KEY,
  };
}

/** What the handlers hold; `resetRemindersMock()` restores it between tests. */
export const remindersMock = {
  settings: defaultSettings(),
  /** Endpoints of this account's subscriptions, oldest first. */
  endpoints: [] as string[],
  /** Every settings body PUT, in order. */
  saved: [] as ReminderSettingsInput[],
};

export function resetRemindersMock(): void {
  remindersMock.settings = defaultSettings();
  remindersMock.endpoints = [];
  remindersMock.saved = [];
}

const current = (): ReminderSettings => ({
  ...remindersMock.settings,
  push_subscriptions: remindersMock.endpoints.length,
});

export const reminderHandlers = [
  http.get(apiUrl('api/account/reminders/'), () => HttpResponse.json(current())),

  http.put(apiUrl('api/account/reminders/'), async ({ request }) => {
    const body = (await request.json()) as ReminderSettingsInput;
    const errors: FieldErrors = {};
    if (body.time !== null && !REMINDER_TIME_PATTERN.test(body.time))
      errors.time = [REMINDER_MESSAGES.invalidTime];
    if (!isTimeZone(body.time_zone)) errors.time_zone = [REMINDER_MESSAGES.invalidTimeZone];
    const confirmed = recoveryMock.email.email !== null;
    if (body.by_email && !confirmed) errors.by_email = [REMINDER_MESSAGES.emailNeedsAddress];
    if (body.weekly_digest && !confirmed)
      errors.weekly_digest = [REMINDER_MESSAGES.emailNeedsAddress];
    const language = REMINDER_LANGUAGES.find((known) => known === body.language);
    if (!language) errors.language = [REMINDER_MESSAGES.invalidLanguage];
    if (Object.keys(errors).length > 0 || !language)
      return HttpResponse.json(errors, { status: 400 });
    remindersMock.saved.push(body);
    remindersMock.settings = { ...remindersMock.settings, ...body, language };
    return HttpResponse.json(current());
  }),

  http.post(apiUrl('api/account/push-subscriptions/'), async ({ request }) => {
    const body = (await request.json()) as PushSubscriptionInput;
    if (!body.endpoint.startsWith('https://'))
      return HttpResponse.json({ endpoint: [REMINDER_MESSAGES.invalidEndpoint] }, { status: 400 });
    if (!body.keys.p256dh || !body.keys.auth)
      return HttpResponse.json({ keys: [REMINDER_MESSAGES.invalidKeys] }, { status: 400 });
    const others = remindersMock.endpoints.filter((endpoint) => endpoint !== body.endpoint);
    remindersMock.endpoints = [...others, body.endpoint].slice(-PUSH_SUBSCRIPTIONS_MAX);
    return HttpResponse.json({ endpoint: body.endpoint }, { status: 201 });
  }),

  http.delete(apiUrl('api/account/push-subscriptions/'), async ({ request }) => {
    const { endpoint } = (await request.json()) as PushSubscriptionDelete;
    remindersMock.endpoints = remindersMock.endpoints.filter((known) => known !== endpoint);
    return noContent();
  }),

  http.post(apiUrl('api/mail/unsubscribe/'), async ({ request }) => {
    const token = new URL(request.url).searchParams.get('token') ?? '';
    const kind = UNSUBSCRIBE_TOKENS[token];
    if (!kind || (await request.text()) !== 'List-Unsubscribe=One-Click')
      return HttpResponse.json(
        { detail: REMINDER_MESSAGES.invalidUnsubscribeLink },
        { status: 400 },
      );
    if (kind === 'reminder') remindersMock.settings.by_email = false;
    else remindersMock.settings.weekly_digest = false;
    return HttpResponse.json({
      kind,
      detail:
        kind === 'reminder'
          ? REMINDER_MESSAGES.unsubscribedReminder
          : REMINDER_MESSAGES.unsubscribedDigest,
    });
  }),
];
