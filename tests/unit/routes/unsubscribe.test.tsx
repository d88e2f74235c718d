// /unsubscribe?token=…&kind=…: a reminder email's unsubscribe page, signed out: says which mail, stops it on the click.
import { screen } from '@testing-library/react';
import { REMINDER_MESSAGES } from '../../../contract/reminder-rules';
import { remindersMock, resetRemindersMock, UNSUBSCRIBE_TOKENS } from '../msw/handlers/reminders';
import { setupMswServer } from '../msw/server';
import { renderRoute } from './render-route';

setupMswServer();

const FIRST_RENDER = { timeout: 20_000 };
vi.setConfig({ testTimeout: 40_000 });
const [REMINDER_TOKEN = '', DIGEST_TOKEN = ''] = Object.keys(UNSUBSCRIBE_TOKENS);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  resetRemindersMock();
});

describe('/unsubscribe', () => {
  it('says which mail it stops, and stops it only on the click, signed out', async () => {
    remindersMock.settings.by_email = true;
    const view = renderRoute(`/unsubscribe?token=${REMINDER_TOKEN}&kind=reminder`);
    expect(
      await screen.findByText(/This stops the daily reminder emails/, {}, FIRST_RENDER),
    ).toBeVisible();
    expect(remindersMock.settings.by_email).toBe(true);
    await view.user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(REMINDER_MESSAGES.unsubscribedReminder)).toBeVisible();
    expect(remindersMock.settings.by_email).toBe(false);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Open Settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });

  it('stops the digest for a digest link', async () => {
    remindersMock.settings.weekly_digest = true;
    const view = renderRoute(`/unsubscribe?token=${DIGEST_TOKEN}&kind=digest`);
    expect(
      await screen.findByText(/This stops the weekly digest email/, {}, FIRST_RENDER),
    ).toBeVisible();
    await view.user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(REMINDER_MESSAGES.unsubscribedDigest)).toBeVisible();
    expect(remindersMock.settings.weekly_digest).toBe(false);
  });

  it('shows the server’s words for a bad link, without a second try', async () => {
    const view = renderRoute('/unsubscribe?token=forged-token-0123456789');
    await view.user.click(await screen.findByRole('button', { name: 'Unsubscribe' }, FIRST_RENDER));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      REMINDER_MESSAGES.invalidUnsubscribeLink,
    );
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });

  it('without a token, says the link is incomplete', async () => {
    renderRoute('/unsubscribe');
    expect(await screen.findByRole('alert', {}, FIRST_RENDER)).toHaveTextContent(
      'This link is incomplete.',
    );
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });
});
