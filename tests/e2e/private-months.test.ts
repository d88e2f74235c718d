// Private months in Chromium: set up with the password in Settings, change the password there, and the account key still opens, now with the new password.
import type { AccountKeys } from '../../contract/account-keys.js';
import type { TokenPair } from '../../contract/entities.js';
import { unwrapWithPassword, unwrapWithRecoveryKey } from '../../src/crypto/keys.js';
import { recoveryKeyFromWords } from '../../src/crypto/recovery-key.js';
import { signedInPage } from './support/app-helpers.js';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { toast, uniqueUsername, visible } from './support/page-helpers.js';
import { SEED_PASSWORD, seedAccount } from './support/seed-account.js';

const NEW_PASSWORD = 'Brand!new9';

/** Argon2id at 64 MiB in the page's worker, on a machine shared with other work. */
const DERIVING = 30_000;

test.describe('private months', () => {
  test('set up with the password, then a password change: the key opens with the new password', async () => {
    test.setTimeout(90_000);
    const { url } = session().server;
    const username = uniqueUsername('private');
    const account = await seedAccount(url, username);
    const page = await signedInPage(session(), VIEWPORTS.desktop, account);
    await page.goto('/settings');

    // Set up: the password, the words shown once, three of them typed back.
    await (await visible(page.getByRole('button', { name: 'Set up private months…' }))).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Current password/).fill(SEED_PASSWORD);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const list = dialog.getByRole('list', { name: 'The 24 words of your recovery key' });
    await visible(list, DERIVING);
    const words = await list
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.lastChild?.textContent ?? ''));
    expect(words).toHaveLength(24);
    await dialog.getByRole('button', { name: 'I have kept it' }).click();
    for (const input of await dialog.getByLabel(/^Word \d+/).all()) {
      const position = Number(await input.getAttribute('data-position'));
      await input.fill(words[position - 1]!);
    }
    await dialog.getByRole('button', { name: 'Check and save' }).click();
    await visible(page.getByText('Private months are set up. Keep your recovery key safe.'));

    // The password change re-wraps the account key as it goes.
    await page.getByRole('button', { name: 'Change password…' }).click();
    const form = page.getByRole('region', { name: 'Change password' });
    await form.getByLabel(/^Current password/).fill(SEED_PASSWORD);
    await form.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await form.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password', exact: true }).click();
    await visible(toast(page, 'Password changed'), DERIVING);

    // Another device logs in with the new password: its password wrap opens the same account key
    // the recovery words open.
    const login = await fetch(`${url}/api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: NEW_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { access } = (await login.json()) as TokenPair;
    const read = await fetch(`${url}/api/account/keys/`, {
      headers: { authorization: `Bearer ${access}` },
    });
    expect(read.status).toBe(200);
    const keys = (await read.json()) as AccountKeys;
    expect(keys.version).toBe(2);
    const byPassword = await unwrapWithPassword(keys.by_password, NEW_PASSWORD);
    const byWords = unwrapWithRecoveryKey(
      keys.by_recovery_key,
      recoveryKeyFromWords(words.join(' ')),
    );
    expect(byPassword).toEqual(byWords);
  });
});
