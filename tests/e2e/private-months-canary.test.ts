// The canary: words typed into a private month in Chromium (its name, habit, measure and unit, goal, entries' highlights and notes, an edit, an entry written offline) are found nowhere the server has them: not in its database files, not in its log, not in anything it answers or exports.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { AccountKeys } from '../../contract/account-keys.js';
import { createAccountKey } from '../../src/crypto/keys.js';
import { OFFLINE_TEXTS } from '../../src/offline/texts.js';
import { logInToSettings, navEntry } from './support/app-helpers.js';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { syncLabel } from './support/offline.js';
import { gone, uniqueUsername, visible } from './support/page-helpers.js';
import { apiAs, SEED_PASSWORD, seedAccount } from './support/seed-account.js';

/** This run's canary: in every field the browser seals. */
const CANARY = `Canary${Date.now().toString(36)}`;

test.use({
  // A server of this file's own, with its data and its log where the test can read them.
  serverEnv: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    async ({}, use) => {
      const dir = mkdtempSync(join(tmpdir(), 'monthbook-canary-'));
      await use({ DATA_DIR: dir, LOG_LEVEL: 'info', E2E_LOG_FILE: join(dir, 'server.log') });
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
});

/** Every file of the server's data folder (the SQLite database, its WAL, the log), as bytes read as text. */
function dataFiles(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name)).toString('latin1'))
    .join('\n');
}

async function addEntry(page: Page, highlight: string, note: string, value: string) {
  await page.getByRole('button', { name: 'Add New Journal +' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a Register' });
  await dialog.getByLabel('Highlight').fill(highlight);
  await dialog.getByLabel('Note', { exact: true }).fill(note);
  await dialog.getByLabel(new RegExp(`^${CANARY}-measure`)).fill(value);
  await dialog.getByRole('checkbox', { name: `${CANARY}-habit`, exact: true }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await gone(dialog);
  await visible(page.getByText(highlight));
}

test('a private month’s words never reach the server readable', async ({ serverEnv }) => {
  test.setTimeout(120_000);
  const dir = serverEnv?.DATA_DIR;
  if (!dir) throw new Error('this file runs its own server');
  const { url } = session().server;
  const username = uniqueUsername('canary');
  const account = await seedAccount(url, username);
  const made = await createAccountKey(SEED_PASSWORD);
  await apiAs<AccountKeys>(url, account, 'PUT', 'api/account/keys/', {
    password: SEED_PASSWORD,
    by_password: made.byPassword,
    by_recovery_key: made.byRecoveryKey,
  });

  // Logged in with the password: private months open on this device.
  const page = await session().newPage(VIEWPORTS.desktop, { serviceWorkers: 'block' });
  await logInToSettings(page, VIEWPORTS.desktop, username, SEED_PASSWORD);
  await visible(page.getByText(/^Open on this device/), 30_000);

  // A month created private, with a unit and a target on its measure.
  await (await navEntry(page, VIEWPORTS.desktop, 'Months')).click();
  await page.getByRole('button', { name: 'Add New Month +' }).click();
  const create = await visible(page.getByRole('dialog', { name: 'Create a Month' }));
  await create.getByRole('switch', { name: /^Private month/ }).check();
  await create
    .getByLabel(/^Month/)
    .first()
    .fill(`${CANARY}-month`);
  await create.getByLabel(/^Measure/).fill(`${CANARY}-measure`);
  await create.getByRole('textbox', { name: 'Unit' }).fill('cnry');
  await create.getByLabel(/^Habit 1/).fill(`${CANARY}-habit`);
  await create.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('link', { name: `${CANARY}-month` }).click();
  await visible(page.getByRole('heading', { level: 1, name: `${CANARY}-month` }));

  await addEntry(page, `${CANARY}-highlight`, `${CANARY}-note`, '4');
  await page.getByRole('button', { name: 'Add New Goal +' }).click();
  const goal = page.getByRole('dialog', { name: 'Create a Goal' });
  await goal.getByLabel('Goal').fill(`${CANARY}-goal`);
  await goal.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('checkbox', { name: `${CANARY}-goal` }).check();

  // An edit, and an entry written offline and synced on reconnect.
  await page
    .getByRole('article')
    .getByRole('button', { name: /^Edit journal of/ })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Register' });
  await edit.getByLabel('Highlight').fill(`${CANARY}-edited`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await visible(page.getByText(`${CANARY}-edited`));
  await page.context().setOffline(true);
  await addEntry(page, `${CANARY}-offline`, `${CANARY}-offline-note`, '6');
  await page.context().setOffline(false);
  await expect.poll(() => syncLabel(page), { timeout: 30_000 }).toBe(OFFLINE_TEXTS.allSaved);

  // Everything the server answers this account, another session's reads and its export included.
  const read = (list: string) => apiAs<unknown>(url, account, 'GET', `api/${list}`, undefined);
  const months = (await read('months/')) as { id: number; month_key?: unknown }[];
  const monthId = months.find((month) => month.month_key)?.id;
  const answers = JSON.stringify([
    months,
    await read('export/'),
    ...(await Promise.all(
      ['journals', 'goals', 'habits', 'measures', 'dailyhabits', 'dailymeasures'].map((list) =>
        read(`${list}/?month=${monthId}`),
      ),
    )),
  ]);
  // It holds the month: its envelopes, and what the server keeps in the clear.
  expect(answers.match(/"sealed":\{/g)?.length).toBeGreaterThanOrEqual(9);
  expect(answers).toContain('"month_key":{');
  expect(answers).not.toContain(CANARY);
  expect(answers).not.toContain('cnry');

  const stored = dataFiles(dir);
  // The log holds this session's requests, and the database its rows: both were read.
  expect(stored).toContain('/api/dailymeasures/');
  expect(stored).toContain(username);
  expect(stored).not.toContain(CANARY);
  expect(stored).not.toContain('cnry');
});
