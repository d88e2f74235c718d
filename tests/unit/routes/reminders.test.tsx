// Reminders in the browser: the Settings section (push permission paths with a stubbed PushManager) and ?write=today on the journals page.
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { localToday } from '../../../contract/local-date';
import { REMINDER_MESSAGES } from '../../../contract/reminder-rules';
import { deviceTimeZone } from '../../../src/components/settings/time-zone-select';
import { setLocale } from '../../../src/i18n/store';
import { makeJournal, makeMonthFixture } from '../../fixtures/factories';
import { settleLazyLoads } from '../lazy-loads';
import { seedMonth } from '../msw/db';
import { recoveryMock, resetRecoveryMock } from '../msw/handlers/recovery';
import { remindersMock, resetRemindersMock } from '../msw/handlers/reminders';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { restorePush, stubPush } from '../push/push-stub';
import { findToast, renderRoute, signIn } from './render-route';

setupMswServer();

const FIRST_RENDER = { timeout: 20_000 };
vi.setConfig({ testTimeout: 40_000 });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.restoreAllMocks();
  restorePush();
  resetRemindersMock();
  resetRecoveryMock();
  await setLocale('en');
});

const section = () => within(screen.getByRole('region', { name: 'Reminders' }));
const puts = () => requestLog.filter((line) => line === 'PUT /api/account/reminders/');

async function renderReminders() {
  signIn();
  const view = renderRoute('/settings');
  await screen.findByRole('button', { name: 'Save reminders' }, FIRST_RENDER);
  return view;
}

describe('Settings → Reminders', () => {
  it("starts with no time, this device's zone and push and email off", async () => {
    await renderReminders();
    expect(section().getByLabelText(/^Daily reminder time/)).toHaveValue('');
    expect(section().getByRole('textbox', { name: 'Time zone' })).toHaveValue(
      deviceTimeZone().replace(/_/g, ' '),
    );
    expect(section().getByRole('switch', { name: 'By push on this device' })).not.toBeChecked();
    expect(section().getByRole('switch', { name: 'Weekly digest email' })).not.toBeChecked();
  });

  it('subscribes this device and saves the time, zone, channels and language', async () => {
    const push = stubPush();
    const view = await renderReminders();
    const time = section().getByLabelText(/^Daily reminder time/);
    await view.user.type(time, '20:30');
    const zone = section().getByRole('textbox', { name: 'Time zone' });
    await view.user.clear(zone);
    await view.user.type(zone, 'Sao Paulo');
    await view.user.click(await screen.findByRole('option', { name: 'America/Sao Paulo' }));
    await view.user.click(section().getByRole('switch', { name: 'By push on this device' }));
    await view.user.click(section().getByRole('button', { name: 'Save reminders' }));

    expect(await findToast('Reminders saved')).toBeVisible();
    expect(push.prompts).toBe(1);
    expect(remindersMock.endpoints).toEqual([push.endpoint()]);
    expect(remindersMock.saved).toEqual([
      {
        time: '20:30',
        time_zone: 'America/Sao_Paulo',
        by_email: false,
        by_push: true,
        weekly_digest: false,
        language: 'en',
      },
    ]);
    expect(section().getByText('✓ Saved')).toBeVisible();
  });

  it('when notifications are refused, says how to allow them and saves the rest with push off', async () => {
    const push = stubPush({ answer: 'denied' });
    const view = await renderReminders();
    const toggle = section().getByRole('switch', { name: 'By push on this device' });
    await view.user.click(toggle);
    await view.user.click(section().getByRole('button', { name: 'Save reminders' }));

    expect(
      await section().findByText('Notifications were not allowed, so push reminders stay off.'),
    ).toBeVisible();
    expect(section().getByText(/Notifications are blocked for this site/)).toBeVisible();
    expect(push.prompts).toBe(1);
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeDisabled();
    expect(remindersMock.saved).toEqual([expect.objectContaining({ by_push: false })]);
  });

  it('when the push service refuses this device, saves email and the digest and turns only push off', async () => {
    stubPush({ subscribeError: new DOMException('Registration failed', 'AbortError') });
    recoveryMock.email = { email: 'reader@example.org', pending_email: null };
    const view = await renderReminders();
    await view.user.type(section().getByLabelText(/^Daily reminder time/), '07:45');
    const pushSwitch = section().getByRole('switch', { name: 'By push on this device' });
    await view.user.click(pushSwitch);
    await view.user.click(section().getByRole('switch', { name: 'By email' }));
    await view.user.click(section().getByRole('switch', { name: 'Weekly digest email' }));
    await view.user.click(section().getByRole('button', { name: 'Save reminders' }));

    expect(
      await findToast('Reminders saved, except push on this device: it could not be turned on.'),
    ).toBeVisible();
    expect(remindersMock.saved).toEqual([
      expect.objectContaining({
        time: '07:45',
        by_email: true,
        weekly_digest: true,
        by_push: false,
      }),
    ]);
    expect(remindersMock.endpoints).toEqual([]);
    expect(pushSwitch).not.toBeChecked();
    expect(
      section().getByText('This device could not be subscribed to notifications. Try again later.'),
    ).toBeVisible();
    expect(section().getByRole('switch', { name: 'By email' })).toBeChecked();
    expect(section().getByRole('switch', { name: 'Weekly digest email' })).toBeChecked();
  });

  it('when push was the only way to remind and it fails, saves nothing and says push failed', async () => {
    stubPush({ subscribeError: new DOMException('Registration failed', 'AbortError') });
    const view = await renderReminders();
    await view.user.type(section().getByLabelText(/^Daily reminder time/), '07:45');
    const pushSwitch = section().getByRole('switch', { name: 'By push on this device' });
    await view.user.click(pushSwitch);
    await view.user.click(section().getByRole('button', { name: 'Save reminders' }));

    expect(
      await section().findByText(
        'This device could not be subscribed to notifications. Try again later.',
      ),
    ).toBeVisible();
    expect(pushSwitch).not.toBeChecked();
    expect(remindersMock.saved).toEqual([]);
  });

  it('on a browser without push, the switch is off and says why', async () => {
    await renderReminders();
    const toggle = section().getByRole('switch', { name: 'By push on this device' });
    expect(toggle).toBeDisabled();
    expect(section().getByText(/This browser cannot receive push notifications/)).toBeVisible();
  });

  it('turning push off unsubscribes this device and tells the server', async () => {
    const push = stubPush({ permission: 'granted' });
    const view = await renderReminders();
    await view.user.click(section().getByRole('switch', { name: 'By push on this device' }));
    await view.user.type(section().getByLabelText(/^Daily reminder time/), '07:00');
    await view.user.click(section().getByRole('button', { name: 'Save reminders' }));
    await findToast('Reminders saved');
    expect(remindersMock.endpoints).toHaveLength(1);

    await view.user.click(section().getByRole('switch', { name: 'By push on this device' }));
    await view.user.click(section().getByRole('button', { name: 'No daily reminder' }));
    await view.user.click(section().getByRole('button', { name: 'Save reminders' }));

    await waitFor(() => expect(remindersMock.saved).toHaveLength(2));
    expect(push.unsubscribes).toBe(1);
    expect(remindersMock.endpoints).toEqual([]);
    expect(remindersMock.saved[1]).toMatchObject({ time: null, by_push: false });
  });

  it('without a confirmed address, email and digest are off, explained, with a way to the Email section', async () => {
    const view = await renderReminders();
    const email = section().getByRole('switch', { name: 'By email' });
    expect(email).toBeDisabled();
    expect(section().getByRole('switch', { name: 'Weekly digest email' })).toBeDisabled();
    expect(section().getByText('Email reminders need a confirmed email address.')).toBeVisible();
    await view.user.click(section().getByRole('link', { name: 'Add one under Email address' }));
    expect(screen.getByRole('button', { name: 'Add an email address…' })).toHaveFocus();
  });

  it('with a confirmed address, saves email reminders and the digest', async () => {
    recoveryMock.email = { email: 'reader@example.org', pending_email: null };
    const view = await renderReminders();
    expect(section().getByText('To reader@example.org.')).toBeVisible();
    await view.user.type(section().getByLabelText(/^Daily reminder time/), '21:15');
    await view.user.click(section().getByRole('switch', { name: 'By email' }));
    await view.user.click(section().getByRole('switch', { name: 'Weekly digest email' }));
    await view.user.click(section().getByRole('button', { name: 'Save reminders' }));
    await findToast('Reminders saved');
    expect(remindersMock.saved[0]).toMatchObject({
      time: '21:15',
      by_email: true,
      weekly_digest: true,
      by_push: false,
    });
  });

  it('asks for a way to remind before saving a time with none', async () => {
    const view = await renderReminders();
    await view.user.type(section().getByLabelText(/^Daily reminder time/), '08:00');
    await view.user.click(section().getByRole('button', { name: 'Save reminders' }));
    expect(section().getByRole('alert')).toHaveTextContent(
      'Choose push on this device or email, or no reminder can reach you.',
    );
    expect(puts()).toEqual([]);
  });

  it("shows the server's field messages under their fields", async () => {
    server.use(
      http.put(apiUrl('api/account/reminders/'), () =>
        HttpResponse.json(
          {
            time: [REMINDER_MESSAGES.invalidTime],
            by_email: [REMINDER_MESSAGES.emailNeedsAddress],
          },
          { status: 400 },
        ),
      ),
    );
    recoveryMock.email = { email: 'reader@example.org', pending_email: null };
    const view = await renderReminders();
    await view.user.click(section().getByRole('switch', { name: 'By email' }));
    await view.user.click(section().getByRole('button', { name: 'Save reminders' }));
    expect(await section().findByText(REMINDER_MESSAGES.invalidTime)).toBeVisible();
    expect(section().getByText(REMINDER_MESSAGES.emailNeedsAddress)).toBeVisible();
  });

  it('says when the settings cannot be loaded, and tries again', async () => {
    let fail = true;
    server.use(
      http.get(apiUrl('api/account/reminders/'), () =>
        fail ? HttpResponse.json({ detail: 'down' }, { status: 500 }) : undefined,
      ),
    );
    signIn();
    const view = renderRoute('/settings');
    expect(
      await screen.findByText('Your reminders could not be loaded', {}, FIRST_RENDER),
    ).toBeVisible();
    fail = false;
    await view.user.click(section().getByRole('button', { name: 'Try again' }));
    expect(await section().findByRole('button', { name: 'Save reminders' })).toBeVisible();
  });

  it('speaks Portuguese and saves pt-BR as the reminders language', async () => {
    stubPush({ permission: 'denied' });
    await setLocale('pt-BR');
    signIn();
    const view = renderRoute('/settings');
    const save = await screen.findByRole('button', { name: 'Salvar lembretes' }, FIRST_RENDER);
    const pt = within(screen.getByRole('region', { name: 'Lembretes' }));
    expect(pt.getByText(/As notificações estão bloqueadas para este site/)).toBeVisible();
    expect(pt.getByText(/escritos em português \(Brasil\)/)).toBeVisible();
    await view.user.click(save);
    await findToast('Lembretes salvos');
    expect(remindersMock.saved[0]?.language).toBe('pt-BR');
  });
});

describe('/months/$monthId/journals?write=today', () => {
  beforeEach(() => signIn());

  it('opens the new-entry dialog for today, then drops the param from the address', async () => {
    const fixture = seedMonth(makeMonthFixture({ name: 'January', journals: 2 }));
    const view = renderRoute(`/months/${fixture.month.id}/journals?write=today`);
    const dialog = await screen.findByRole('dialog', { name: 'Create a Register' }, FIRST_RENDER);
    expect(within(dialog).getByLabelText(/^Date/)).toHaveValue(localToday());
    await waitFor(() => expect(view.router.state.location.search).toEqual({}));
    expect(view.router.state.location.href).toBe(`/months/${fixture.month.id}/journals`);
  });

  it("opens today's entry when it is written already", async () => {
    const base = makeMonthFixture({ name: 'January', journals: 1 });
    const today = makeJournal(base.month, { created_at: localToday(), highlight: 'Written' });
    const fixture = seedMonth({ ...base, journals: [...base.journals, today] });
    renderRoute(`/months/${fixture.month.id}/journals?write=today`);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Register' }, FIRST_RENDER);
    expect(within(dialog).getByDisplayValue('Written')).toBeVisible();
  });

  it('opens nothing without the param, or with another value', async () => {
    const fixture = seedMonth(makeMonthFixture({ name: 'January', journals: 1 }));
    const view = renderRoute(`/months/${fixture.month.id}/journals?write=yesterday`);
    await screen.findByRole('heading', { level: 1, name: 'January' }, FIRST_RENDER);
    // Had a dialog been asked for, its code would be loading or loaded: every lazy load settled
    // and rendered, it would show now.
    await act(settleLazyLoads);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(view.router.state.location.search).toEqual({ write: 'yesterday' });
  });
});
