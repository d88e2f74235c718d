// Reminders in Chromium when this device cannot be subscribed to push: the rest is saved, push goes back off, and only push is said to have failed.
import type { Page } from '@playwright/test';
import { RECOVERY_PATHS } from '../../contract/recovery-rules.js';
import type { ReminderSettings } from '../../contract/reminders.js';
import { linkToken, type SmtpCatcher } from '../support/smtp-catcher.js';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { toast, uniqueUsername, visible } from './support/page-helpers.js';
import {
  loggedInStorage,
  SEED_PASSWORD,
  type SeededAccount,
  seedAccount,
} from './support/seed-account.js';

test.use({
  serverEnv: [async ({ smtp }, use) => use({ SMTP_URL: smtp.url }), { scope: 'worker' }],
});

/** Where screenshots go when E2E_SCREENSHOTS names a folder (to look at the screens by eye). */
const SHOTS = process.env.E2E_SCREENSHOTS;

async function api(account: SeededAccount, method: string, path: string, body?: unknown) {
  return fetch(`${session().server.url}/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${account.tokens.access}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** Email and digest reminders need a confirmed address: added and confirmed through the mail. */
async function confirmAddress(
  catcher: SmtpCatcher,
  account: SeededAccount,
  address: string,
): Promise<void> {
  const asked = await api(account, 'POST', 'api/account/email/', {
    email: address,
    password: SEED_PASSWORD,
  });
  expect(asked.status).toBe(202);
  const mail = await catcher.waitFor((m) => m.to.includes(address), 10_000);
  const token = linkToken(mail, RECOVERY_PATHS.confirmEmail);
  const confirmed = await api(account, 'POST', 'api/account/email/confirm/', { token });
  expect(confirmed.status).toBe(200);
}

async function reminderSettings(account: SeededAccount): Promise<ReminderSettings> {
  const response = await api(account, 'GET', 'api/account/reminders/');
  expect(response.status).toBe(200);
  return (await response.json()) as ReminderSettings;
}

/** The app's service worker is installed and controls the page: push subscribes through it. */
async function workerReady(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          'navigator.serviceWorker.ready.then((r) => r.active && r.active.state === "activated" && navigator.serviceWorker.controller !== null)',
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** Chromium's push service, out of reach here, refusing this device (as it does offline). */
async function refusePushService(page: Page): Promise<void> {
  await page.addInitScript({
    content: `PushManager.prototype.subscribe = async function subscribe() {
      throw new DOMException('Registration failed - push service error', 'AbortError');
    };`,
  });
}

test.describe('reminders when push cannot be turned on', () => {
  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    test(`saves email and the digest, switches push back off and says only push failed (${label})`, async ({
      smtp,
    }) => {
      const username = uniqueUsername('nopush');
      const address = `${username}@example.org`;
      const account = await seedAccount(session().server.url, username);
      await confirmAddress(smtp, account, address);
      const page = await session().newPage(viewport, {
        storageState: loggedInStorage(session().server.url, account),
        permissions: ['notifications'],
      });
      await refusePushService(page);
      await page.goto('/settings');
      await workerReady(page);
      const region = page.getByRole('region', { name: 'Reminders' });
      await visible(region.getByRole('button', { name: 'Save reminders' }), 20_000);

      await region.getByLabel(/^Daily reminder time/).fill('07:45');
      const push = region.getByRole('switch', { name: 'By push on this device' });
      await push.check();
      await region.getByRole('switch', { name: 'By email' }).check();
      await region.getByRole('switch', { name: 'Weekly digest email' }).check();
      await region.getByRole('button', { name: 'Save reminders' }).click();

      await visible(toast(page, 'Reminders saved, except push on this device'));
      await visible(
        region.getByText('This device could not be subscribed to notifications. Try again later.'),
      );
      expect(await push.isChecked()).toBe(false);
      expect(await region.getByRole('switch', { name: 'By email' }).isChecked()).toBe(true);
      expect(await region.getByRole('switch', { name: 'Weekly digest email' }).isChecked()).toBe(
        true,
      );
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/reminders-push-failed-${label}.png` });
      // What the server keeps is what the screen shows.
      expect(await reminderSettings(account)).toMatchObject({
        time: '07:45',
        by_email: true,
        weekly_digest: true,
        by_push: false,
        push_subscriptions: 0,
      });
    });
  }
});
