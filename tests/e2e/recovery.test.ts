// Account recovery in Chromium, with mail caught by a loopback SMTP server: confirm an address from Settings, then forgot → mail → reset → log in with the new password.
import type { Page } from '@playwright/test';
import { RECOVERY_MESSAGES, RECOVERY_PATHS } from '../../contract/recovery-rules.js';
import { linkToken, type SmtpCatcher } from '../support/smtp-catcher.js';
import { axeViolations } from './support/axe.js';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { path, toast, uniqueUsername, visible } from './support/page-helpers.js';
import { loggedInStorage, SEED_PASSWORD, seedAccount } from './support/seed-account.js';

test.use({
  serverEnv: [async ({ smtp }, use) => use({ SMTP_URL: smtp.url }), { scope: 'worker' }],
});

const NEW_PASSWORD = 'Brand!new9';
/** What the reset page says, as it opens, of a used, expired or unknown link. */
const DEAD_LINK = 'This link was already used or has expired.';
/** Where screenshots go when E2E_SCREENSHOTS names a folder (to look at the screens by eye). */
const SHOTS = process.env.E2E_SCREENSHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The app link in the latest mail to `address` whose subject has `subject`. */
async function mailedLink(
  catcher: SmtpCatcher,
  address: string,
  subject: string,
  linkPath: string,
): Promise<string> {
  const mail = await catcher.waitFor(
    (m) => m.to.includes(address) && m.subject.includes(subject) && !used.has(m),
    10_000,
  );
  used.add(mail);
  return `${session().server.url}${linkPath}#token=${linkToken(mail, linkPath)}`;
}
const used = new Set<unknown>();

test.describe('account recovery', () => {
  test('confirms an address from Settings, then resets a forgotten password through it', async ({
    smtp,
  }) => {
    const username = uniqueUsername('recover');
    const address = `${username}@example.org`;
    const account = await seedAccount(session().server.url, username);

    // Settings → add the address with the password; the link arrives by mail.
    const settings = await session().newPage(VIEWPORTS.desktop, {
      storageState: loggedInStorage(session().server.url, account),
      serviceWorkers: 'block',
    });
    await settings.goto('/settings');
    await settings.getByRole('button', { name: 'Add an email address…' }).click();
    await settings.getByRole('textbox', { name: /^Email address/ }).fill(address);
    await settings.getByLabel(/^Current password/).fill(SEED_PASSWORD);
    await settings.getByRole('button', { name: 'Send confirmation link' }).click();
    await visible(toast(settings, `Confirmation link sent to ${address}`));
    await visible(settings.getByText(`Waiting for confirmation: ${address}`, { exact: false }));

    // The link opens in another browser, signed out.
    const confirmPage = await session().newPage(VIEWPORTS.phone);
    await confirmPage.goto(await mailedLink(smtp, address, 'Confirm', RECOVERY_PATHS.confirmEmail));
    await visible(
      confirmPage.getByText(`${address} is now your account’s email address`, { exact: false }),
    );
    await settings.reload();
    await visible(settings.getByText(address, { exact: true }));

    // Login → Forgot password? → the username → the same answer as for anyone.
    const page = await session().newPage(VIEWPORTS.phone);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await path(page, '/forgot-password');
    await page.getByLabel(/^Username or email/).fill(username);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await visible(page.getByText(RECOVERY_MESSAGES.resetRequested));

    // The mailed link → a new password → every device signed out → log in with the new one.
    const resetLink = await mailedLink(smtp, address, 'Reset', RECOVERY_PATHS.resetPassword);
    await page.goto(resetLink);
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await visible(page.getByText(RECOVERY_MESSAGES.passwordReset));
    const oldRefresh = await fetch(`${session().server.url}/api/token/refresh/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh: account.tokens.refresh }),
    });
    expect(oldRefresh.status).toBe(401);

    await page.getByRole('link', { name: 'Log in' }).click();
    await path(page, '/login');
    await page.getByLabel('User').fill(username);
    await page.getByLabel(/^Password/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await path(page, '/months');

    // The link was single use: opened again, it says so at once, with no password form.
    const again = await session().newPage(VIEWPORTS.desktop);
    await again.goto(resetLink);
    await visible(again.getByRole('alert').getByText(DEAD_LINK));
    await visible(again.getByRole('link', { name: 'Ask for a new link' }));
    expect(await again.getByLabel(/^New password/).count()).toBe(0);
    expect(await again.getByText(/ask for a new/i).count()).toBe(1);
  });

  for (const [name, viewport, colorScheme] of [
    ['390 px, light', VIEWPORTS.phone, 'light'],
    ['390 px, dark', VIEWPORTS.phone, 'dark'],
    ['1280 px, light', VIEWPORTS.desktop, 'light'],
    ['1280 px, dark', VIEWPORTS.desktop, 'dark'],
  ] as const)
    test(`the recovery screens pass axe (${name})`, async () => {
      const account = await seedAccount(session().server.url, uniqueUsername('axe'));
      const tag = name.replace(/[^a-z0-9]+/gi, '-');
      const page = await session().newPage(viewport, { colorScheme, bypassCSP: true });

      await page.goto('/forgot-password');
      await visible(page.getByRole('button', { name: 'Send reset link' }));
      expect(await axeViolations(page, { afterAnimations: true })).toEqual([]);
      await shot(page, `forgot-${tag}`);
      await page.getByLabel(/^Username or email/).fill('someone-else');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await visible(page.getByText(RECOVERY_MESSAGES.resetRequested));
      expect(await axeViolations(page, { afterAnimations: true })).toEqual([]);
      await shot(page, `forgot-sent-${tag}`);

      await page.goto('/reset-password#token=an-unknown-token-0123456789abcdefghijkl');
      await visible(page.getByText(DEAD_LINK));
      expect(await axeViolations(page, { afterAnimations: true })).toEqual([]);
      await shot(page, `reset-dead-link-${tag}`);

      await page.goto('/confirm-email#token=an-unknown-token-0123456789abcdefghijkl');
      await visible(page.getByText(RECOVERY_MESSAGES.invalidLink));
      expect(await axeViolations(page, { afterAnimations: true })).toEqual([]);
      await shot(page, `confirm-dead-link-${tag}`);

      const settings = await session().newPage(viewport, {
        colorScheme,
        bypassCSP: true,
        storageState: loggedInStorage(session().server.url, account),
        serviceWorkers: 'block',
      });
      await settings.goto('/settings');
      await settings.getByRole('button', { name: 'Add an email address…' }).click();
      await settings.getByRole('button', { name: 'Send confirmation link' }).click();
      await visible(settings.getByText('This field is required.').first());
      expect(await axeViolations(settings, { afterAnimations: true })).toEqual([]);
      await settings.getByRole('region', { name: 'Email address' }).scrollIntoViewIfNeeded();
      if (SHOTS) {
        await settings
          .getByRole('region', { name: 'Email address' })
          .screenshot({ path: `${SHOTS}/settings-email-${tag}.png` });
      }
    });
});
