// Private months opening on a device in Chromium: a second device opens the key with the login's password; after a reset by email, the recovery key entered in Settings opens it and puts it under the new password; a private month read, charted, edited and searched; a month made private, one created private, both exported opened, then made plain again.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { AccountKeys } from '../../contract/account-keys.js';
import type { ExportFile } from '../../contract/export.js';
import { RECOVERY_PATHS } from '../../contract/recovery-rules.js';
import { createAccountKey, generateKey, wrapMonthKey } from '../../src/crypto/keys.js';
import { sealFields } from '../../src/crypto/month-content.js';
import { recoveryKeyToWords } from '../../src/crypto/recovery-key.js';
import { linkToken } from '../support/smtp-catcher.js';
import { logInToSettings, type Viewport } from './support/app-helpers.js';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { path, uniqueUsername, visible } from './support/page-helpers.js';
import {
  apiAs,
  loggedInStorage,
  SEED_PASSWORD,
  type SeededAccount,
  seedAccount,
  seedJournal,
  seedMonth,
} from './support/seed-account.js';

test.use({
  serverEnv: [async ({ smtp }, use) => use({ SMTP_URL: smtp.url }), { scope: 'worker' }],
});

const NEW_PASSWORD = 'Brand!new9';
/** Argon2id at 64 MiB in the page's worker, on a machine shared with other work. */
const DERIVING = 30_000;
const OPEN_HERE = /^Open on this device/;

/** The account's key and its two wraps, stored as Settings would (the password wrap under SEED_PASSWORD). */
async function seedKeys(account: SeededAccount) {
  const made = await createAccountKey(SEED_PASSWORD);
  await apiAs<AccountKeys>(session().server.url, account, 'PUT', 'api/account/keys/', {
    password: SEED_PASSWORD,
    by_password: made.byPassword,
    by_recovery_key: made.byRecoveryKey,
  });
  return made;
}

/** A new browser context: another device. */
const newDevice = (viewport: Viewport) => session().newPage(viewport, { serviceWorkers: 'block' });

const logIn = logInToSettings;

const privateMonths = (page: Page) => page.getByRole('region', { name: 'Private months' });

test.describe('private months on a device', () => {
  test('a second device logs in with the password: the key is open there, and stays open after a reload', async () => {
    test.setTimeout(60_000);
    const username = uniqueUsername('unlock');
    const account = await seedAccount(session().server.url, username);
    await seedKeys(account);

    const page = await newDevice(VIEWPORTS.desktop);
    let keysRead = 0;
    page.on('response', (response) => {
      if (!keysRead && response.url().endsWith('/api/account/keys/')) keysRead = Date.now();
    });
    await logIn(page, VIEWPORTS.desktop, username, SEED_PASSWORD);
    await visible(privateMonths(page).getByText(OPEN_HERE), DERIVING);
    // From the wraps' arrival to the section saying so: derive, unwrap, keep on the device, render.
    test.info().annotations.push({ type: 'unlock-ms', description: String(Date.now() - keysRead) });
    expect(
      await privateMonths(page)
        .getByLabel(/^Your password/)
        .count(),
    ).toBe(0);

    await page.reload();
    await visible(privateMonths(page).getByText(OPEN_HERE));
  });

  test('after a reset by email, a wrong recovery key is said, the right one opens the key, and then the new password opens it on another device', async ({
    smtp,
  }) => {
    test.setTimeout(120_000);
    const { url } = session().server;
    const username = uniqueUsername('unlockreset');
    const address = `${username}@example.org`;
    const account = await seedAccount(url, username);
    const made = await seedKeys(account);

    // A confirmed address, then a reset link to it.
    await apiAs(url, account, 'POST', 'api/account/email/', {
      email: address,
      password: SEED_PASSWORD,
    });
    const confirm = await smtp.waitFor((m) => m.to.includes(address), 10_000);
    const confirmed = await fetch(`${url}/api/account/email/confirm/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: linkToken(confirm, RECOVERY_PATHS.confirmEmail) }),
    });
    expect(confirmed.status).toBe(200);
    await fetch(`${url}/api/password-reset/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username }),
    });
    const resetMail = await smtp.waitFor(
      (m) => m.to.includes(address) && m !== confirm && m.subject.includes('Reset'),
      10_000,
    );

    const reset = await session().newPage(VIEWPORTS.phone);
    await reset.goto(
      `${url}${RECOVERY_PATHS.resetPassword}#token=${linkToken(resetMail, RECOVERY_PATHS.resetPassword)}`,
    );
    await visible(reset.getByText(/If your account has private months, they stay locked/));
    await reset.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await reset.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await visible(reset.getByRole('link', { name: 'Log in' }));

    // The new password does not open the wrap: Settings asks for the recovery key, on a phone.
    const page = await newDevice(VIEWPORTS.phone);
    await logIn(page, VIEWPORTS.phone, username, NEW_PASSWORD);
    const section = privateMonths(page);
    await visible(
      section.getByText(/They stay locked until you enter your recovery key/),
      DERIVING,
    );
    const words = section.getByLabel(/^The 24 words of your recovery key/);
    await words.fill(recoveryKeyToWords(generateKey()).join(' '));
    await section.getByLabel(/^Your current password/).fill(NEW_PASSWORD);
    await section.getByRole('button', { name: 'Open with the recovery key' }).click();
    await expect(words).toHaveAccessibleDescription(
      /This recovery key does not open your private months/,
    );

    await words.fill(recoveryKeyToWords(made.recoveryKey).join('\n'));
    await section.getByRole('button', { name: 'Open with the recovery key' }).click();
    await visible(section.getByText(/and your password opens them again from now on/), DERIVING);
    await visible(section.getByText(OPEN_HERE));

    // Another device: the new password opens it now.
    const other = await newDevice(VIEWPORTS.desktop);
    await logIn(other, VIEWPORTS.desktop, username, NEW_PASSWORD);
    await visible(privateMonths(other).getByText(OPEN_HERE), DERIVING);
  });
});

test.describe('a private month read on a device', () => {
  test('a month made private from its Edit dialog: every row sealed on the server, read back as it was', async () => {
    test.setTimeout(90_000);
    const { url } = session().server;
    const username = uniqueUsername('mkpriv');
    const account = await seedAccount(url, username);
    await seedKeys(account);
    const seeded = await seedMonth(url, account, 'Going private', 'Steps', ['Read']);
    const monthId = seeded.month.id;
    await seedJournal(url, account, seeded, 'Plain words at first', 7);

    const page = await newDevice(VIEWPORTS.phone);
    await logIn(page, VIEWPORTS.phone, username, SEED_PASSWORD);
    await visible(privateMonths(page).getByText(OPEN_HERE), DERIVING);
    await page.goto('/months');
    await page.getByRole('button', { name: 'Edit month Going private' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: 'Edit month' }));
    await visible(dialog.getByText(/If you reset your password by email, it stays locked/));
    await dialog.getByRole('button', { name: 'Make this month private' }).click();
    await visible(dialog.getByText(/^This month is private: its content is encrypted/));

    const stored = async () =>
      JSON.stringify(
        await Promise.all(
          [
            `months/${monthId}/`,
            ...['journals', 'goals', 'habits', 'measures', 'dailyhabits', 'dailymeasures'].map(
              (list) => `${list}/?month=${monthId}`,
            ),
          ].map((path) => apiAs<unknown>(url, account, 'GET', `api/${path}`, undefined)),
        ),
      );
    // Sealed row by row after the month's key: none left in the clear.
    await expect
      .poll(async () => /Going private|Plain words at first|"Read"|"Steps"/.test(await stored()), {
        timeout: 20_000,
      })
      .toBe(false);
    expect(await stored()).toContain('"month_key":{');

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.goto(`/months/${monthId}/journals`);
    await visible(page.getByRole('heading', { level: 1, name: 'Going private' }));
    await visible(page.getByText('Plain words at first'));
    expect(await page.getByRole('checkbox', { name: 'Read' }).count()).toBe(1);
    await visible(page.getByText(/Steps:/));

    // A month created private: its name and items reach the server only sealed.
    await page.goto('/months');
    await page.getByRole('button', { name: 'Add New Month +' }).click();
    const create = await visible(page.getByRole('dialog', { name: 'Create a Month' }));
    await create.getByRole('switch', { name: /^Private month/ }).check();
    await create
      .getByLabel(/^Month/)
      .first()
      .fill('Born private');
    await create.getByLabel(/^Measure/).fill('Heartbeats');
    await create.getByLabel(/^Habit 1/).fill('Meditate');
    await create.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByRole('link', { name: 'Born private' }));
    const months = async () =>
      JSON.stringify([
        await apiAs<unknown>(url, account, 'GET', 'api/months/', undefined),
        await apiAs<unknown>(url, account, 'GET', 'api/habits/', undefined),
        await apiAs<unknown>(url, account, 'GET', 'api/measures/', undefined),
      ]);
    await expect.poll(async () => (await months()).match(/"month_key":\{/g)?.length).toBe(2);
    await expect.poll(async () => (await months()).match(/"sealed":\{/g)?.length).toBe(6);
    expect(await months()).not.toMatch(/Born private|Meditate|Heartbeats|Private month/);
    await page.reload();
    await visible(page.getByRole('link', { name: 'Born private' }));

    // Download everything: the server leaves the private months out, the browser writes them in opened.
    await page.goto('/settings');
    await visible(page.getByText(/^Your private months are opened on this device/));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download everything (JSON)' }).click(),
    ]);
    const file = JSON.parse(await readFile(await download.path(), 'utf8')) as ExportFile;
    expect(file.months.map((month) => month.name).sort()).toEqual([
      'Born private',
      'Going private',
    ]);
    const going = file.months.find((month) => month.name === 'Going private');
    expect(going?.journals.map((entry) => entry.highlight)).toEqual(['Plain words at first']);
    expect(going?.habits.map((habit) => habit.name)).toEqual(['Read']);
    const born = file.months.find((month) => month.name === 'Born private');
    expect([born?.habits[0]?.name, born?.measures[0]?.name]).toEqual(['Meditate', 'Heartbeats']);
    await page.goto('/months');

    // And plain again, after asking: every row back on the server as it was.
    await page.getByRole('button', { name: 'Edit month Going private' }).click();
    const again = await visible(page.getByRole('dialog', { name: 'Edit month' }));
    await again.getByRole('button', { name: 'Make this month plain again…' }).click();
    await visible(again.getByText(/kept there readable/));
    await again.getByRole('button', { name: 'Make it plain' }).click();
    await visible(again.getByText(/^Make it private: its name/));
    const plain = JSON.parse(await stored()) as { name?: string; sealed?: unknown }[][];
    expect(plain[0]).toMatchObject({ name: 'Going private' });
    expect(JSON.stringify(plain)).not.toMatch(/"sealed"|"month_key"/);
    expect(JSON.stringify(plain)).toMatch(/Plain words at first/);
  });

  test('is shown locked where the key is not open, opened once the password opens it; an edit, a new goal and a new entry go sealed', async () => {
    test.setTimeout(90_000);
    const { url } = session().server;
    const account = await seedAccount(url, uniqueUsername('privread'));
    const made = await seedKeys(account);
    // Sealed as the browser seals it: the month made private, then its entry's content sealed.
    const seeded = await seedMonth(url, account, 'Plain at first', 'Steps', ['Read']);
    const monthId = seeded.month.id;
    const entry = await seedJournal(url, account, seeded, 'Written before', 3);
    const monthKey = generateKey();
    await apiAs(url, account, 'PATCH', `api/months/${monthId}/`, {
      month_key: wrapMonthKey(monthKey, made.accountKey, monthId),
      sealed: sealFields(monthKey, 'month', monthId, { name: 'Canary month' }),
      name: '',
    });
    await apiAs(url, account, 'PATCH', `api/journals/${entry.id}/`, {
      sealed: sealFields(monthKey, 'entry', entry.id, {
        highlight: 'Canary highlight',
        note: '',
        mood: null,
      }),
    });

    // Signed in without typing the password: the key is not open on this device.
    const page = await session().newPage(VIEWPORTS.desktop, {
      storageState: loggedInStorage(url, account),
      serviceWorkers: 'block',
    });
    await page.goto(`/months/${monthId}/journals`);
    await visible(
      page.getByRole('heading', { level: 1, name: 'Private month (locked on this device)' }),
    );
    await visible(page.getByText(/This month is private, and private months are locked/));
    await visible(page.getByText('Locked on this device'));

    await page.getByRole('link', { name: 'Open Settings' }).click();
    await path(page, '/settings');
    await privateMonths(page)
      .getByLabel(/^Your password/)
      .fill(SEED_PASSWORD);
    await privateMonths(page).getByRole('button', { name: 'Open private months' }).click();
    await visible(privateMonths(page).getByText(OPEN_HERE), DERIVING);

    await page.goBack();
    await visible(page.getByRole('heading', { level: 1, name: 'Canary month' }));
    await visible(page.getByText('Canary highlight'));
    // The month at a glance, computed here: the server cannot read this month.
    await page.getByRole('button', { name: /Month at a glance/ }).click();
    await visible(page.getByText('Latest 3 · Low 3 · High 3'));
    // An edit goes sealed: the card shows it, the server holds only its envelope.
    await page
      .getByRole('article')
      .getByRole('button', { name: /^Edit journal of/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit Register' });
    expect(await dialog.getByLabel('Highlight').inputValue()).toBe('Canary highlight');
    await dialog.getByLabel('Highlight').fill('Sealed on its way');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('Sealed on its way'));
    await expect
      .poll(async () => {
        const stored = await apiAs<{ highlight: string; sealed?: unknown }>(
          url,
          account,
          'GET',
          `api/journals/${entry.id}/`,
          undefined,
        );
        return stored.sealed !== undefined && stored.highlight === '';
      })
      .toBe(true);
    await page.reload();
    await visible(page.getByText('Sealed on its way'));

    // The month list too (the device keeps the key, and the month data sealed).
    await page.goto('/months');
    await visible(page.getByRole('link', { name: 'Canary month' }));

    // Search finds the entry here, in the browser: the server's search cannot read it.
    await visible(page.getByRole('button', { name: /^Search/ }).first());
    await page.keyboard.press('/');
    const search = await visible(page.getByRole('dialog', { name: 'Search entries' }));
    await search.getByLabel('Words in the highlight or note').fill('sealed way');
    const hits = search.getByRole('list', { name: /^In your private months/ });
    await visible(hits.getByRole('link', { name: /Sealed on its way/ }));
    await visible(search.getByText('No entry of your other months matches.'));
    await page.keyboard.press('Escape');
    await expect(search).toBeHidden();

    // A goal and an entry added here: shown as typed, on the server only as envelopes.
    await page.goto(`/months/${monthId}/journals`);
    await page.getByRole('button', { name: 'Add New Goal +' }).click();
    const goalDialog = page.getByRole('dialog', { name: 'Create a Goal' });
    await goalDialog.getByLabel('Goal').fill('Typed privately');
    await goalDialog.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByRole('checkbox', { name: 'Typed privately' }));
    await page.getByRole('button', { name: 'Add New Journal +' }).click();
    const entryDialog = page.getByRole('dialog', { name: 'Create a Register' });
    await entryDialog.getByLabel('Highlight').fill('A new private day');
    await entryDialog.getByLabel('Steps').fill('4');
    await entryDialog.getByRole('checkbox', { name: 'Read', exact: true }).check();
    await entryDialog.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByText('A new private day'));
    const stored = async () =>
      JSON.stringify(
        await Promise.all(
          ['goals', 'journals', 'dailyhabits', 'dailymeasures'].map((list) =>
            apiAs<{ sealed?: unknown }[]>(
              url,
              account,
              'GET',
              `api/${list}/?month=${monthId}`,
              undefined,
            ),
          ),
        ),
      );
    // Every new row sealed, once its sealing update has landed.
    await expect
      .poll(async () => (await stored()).match(/"sealed":\{/g)?.length ?? 0)
      .toBeGreaterThanOrEqual(5);
    const goals = await apiAs<{ name: string }[]>(
      url,
      account,
      'GET',
      `api/goals/?month=${monthId}`,
      undefined,
    );
    expect(await stored()).not.toMatch(/Typed privately|A new private day/);
    await page.reload();
    await visible(page.getByText('A new private day'));
    await visible(page.getByRole('checkbox', { name: 'Typed privately' }));
    expect(goals.map((goal) => goal.name)).not.toContain('Typed privately');
  });
});
