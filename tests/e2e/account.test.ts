// Account settings in Chromium: export → delete account → register → import gives the same data; change password at 390 px.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { ExportFile } from '../../contract/export.js';
import { TEXTS } from '../../src/texts.js';
import { navEntry, signedInPage } from './support/app-helpers.js';
import { axeViolations } from './support/axe.js';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { path, registerAndLogin, toast, uniqueUsername, visible } from './support/page-helpers.js';
import {
  loggedInStorage,
  SEED_PASSWORD,
  seedAccount,
  seedGoal,
  seedJournal,
  seedMonth,
} from './support/seed-account.js';

const downloads = mkdtempSync(join(tmpdir(), 'monthbook-e2e-downloads-'));

/** Clicks `button` and returns the file the browser saved, with its suggested name. */
async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const target = join(downloads, `${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(target);
  return { name: file.suggestedFilename(), text: readFileSync(target, 'utf8') };
}

const withoutDate = ({ exported_at: _, ...rest }: ExportFile) => rest;

const api = (route: string, body: unknown, access?: string, method = 'POST') =>
  fetch(`${session().server.url}/${route}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(access ? { authorization: `Bearer ${access}` } : {}),
    },
    body: JSON.stringify(body),
  });

test.describe('account settings', () => {
  test('round trip: export, delete the account, register again, import: identical data', async () => {
    const { url } = session().server;
    const username = uniqueUsername('roundtrip');
    const account = await seedAccount(url, username);
    const january = await seedMonth(url, account, 'January 2024', 'Weight', ['Read', 'Walk']);
    const first = await seedJournal(url, account, january, 'Café, "quoted", =1+1', 70.5, [
      true,
      false,
    ]);
    const second = await seedJournal(url, account, january, 'Second\nline', -1.25, [false, true]);
    // Entry dates other than today, written in the reverse order of their days.
    for (const [journal, day] of [
      [second, '2024-01-02'],
      [first, '2024-01-01'],
    ] as const) {
      const moved = await api(
        `api/journals/${journal.id}/`,
        { created_at: day },
        account.tokens.access,
        'PATCH',
      );
      expect(moved.status).toBe(200);
    }
    await seedGoal(url, account, january, 'Finish a book', true);
    const february = await seedMonth(url, account, 'February 2024', 'Sleep hours', ['Run']);
    await seedJournal(url, account, february, 'Short month', 7, [true]);

    // Export: everything as JSON, and a month as CSV.
    const page = await signedInPage(session(), VIEWPORTS.desktop, account);
    await page.goto('/settings');
    await visible(page.getByText(TEXTS.settingsPage));
    const exported = await download(page, 'Download everything (JSON)');
    expect(exported.name).toMatch(/^monthbook-export-\d{4}-\d{2}-\d{2}\.json$/);
    const original = JSON.parse(exported.text) as ExportFile;
    expect(original.months.map((month) => month.name)).toEqual(['January 2024', 'February 2024']);
    expect(original.months[0]?.journals.map((journal) => journal.highlight)).toEqual([
      'Café, "quoted", =1+1',
      'Second\nline',
    ]);
    const csv = await download(page, 'Download January 2024 as CSV');
    expect(csv.name).toBe('monthbook-january-2024.csv');
    expect(csv.text.split('\r\n').slice(0, 2)).toEqual([
      '\uFEFFdate,highlight,Weight,Read,Walk,mood,note',
      '2024-01-01,"Café, ""quoted"", =1+1",70.5,yes,no,,',
    ]);

    // Delete the account: password in the dialog, then the browser forgets everything.
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel(/^Password/).fill(SEED_PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await path(page, '/');
    expect(await page.evaluate<number>('localStorage.length')).toBe(0);
    expect((await api('api/token/', { username, password: SEED_PASSWORD })).status).toBe(401);

    // Register the same name again, log in, pay in the local checkout.
    await registerAndLogin(page, username);
    await path(page, '/subscribe');
    await page.getByRole('button', { name: 'Monthly' }).click();
    await page.getByRole('button', { name: /^Pay \d/ }).click();
    await path(page, '/months');
    await visible(page.getByText('No months yet.', { exact: false }));

    // Import the file: a report, then the same export as before.
    await (await navEntry(page, VIEWPORTS.desktop, 'Settings')).click();
    await path(page, '/settings');
    await page.locator('input[type=file]').setInputFiles({
      name: exported.name,
      mimeType: 'application/json',
      buffer: Buffer.from(exported.text),
    });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await visible(page.getByText('Import complete'));
    await visible(
      page.getByText(
        'Imported 2 months with 3 habits, 2 measures, 1 goal, 3 journal entries, 5 habit ticks and 3 measure values.',
      ),
    );
    const again = JSON.parse((await download(page, 'Download everything (JSON)')).text);
    expect(withoutDate(again)).toEqual(withoutDate(original));

    // The report links to the imported months, which show their entries.
    await page.getByRole('link', { name: 'January 2024' }).click();
    await path(page, /^\/months\/\d+\/journals$/);
    await visible(page.getByText('Café, "quoted", =1+1'));
  });

  for (const [name, viewport] of [
    ['desktop', VIEWPORTS.desktop],
    ['phone', VIEWPORTS.phone],
  ] as const)
    test(`a file that is not an export is refused before upload (${name})`, async () => {
      const account = await seedAccount(session().server.url, uniqueUsername('refused'));
      const page = await signedInPage(session(), viewport, account);
      let uploads = 0;
      page.on('request', (request) => {
        if (request.url().includes('/api/import')) uploads += 1;
      });
      await page.goto('/settings');
      await page.locator('input[type=file]').setInputFiles({
        name: 'notes.json',
        mimeType: 'application/json',
        buffer: Buffer.from(
          JSON.stringify({ format: 'monthbook-export', version: 1, months: [{}] }),
        ),
      });
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await visible(page.getByText('Nothing was imported'));
      await visible(page.getByText('exported_at: is required'));
      expect(uploads).toBe(0);
    });

  test('change password at 390 px: this session goes on, another one is signed out', async () => {
    const { url } = session().server;
    const username = uniqueUsername('changer');
    const account = await seedAccount(url, username);
    const otherTokens = (await (
      await api('api/token/', { username, password: SEED_PASSWORD })
    ).json()) as typeof account.tokens;
    // Before the change, the other device's refresh token works.
    expect((await api('api/token/refresh/', { refresh: otherTokens.refresh })).status).toBe(200);
    const page = await signedInPage(session(), VIEWPORTS.phone, account);
    await page.goto('/settings');

    await page.getByRole('button', { name: 'Change password…' }).click();
    const form = page.getByRole('region', { name: 'Change password' });
    await form.getByLabel(/^Current password/).fill(SEED_PASSWORD);
    await form.getByLabel(/^New password/).fill('Brand!new9');
    await form.getByLabel(/^Confirm new password/).fill('Brand!new9');
    await form.getByRole('button', { name: 'Change password', exact: true }).click();
    await visible(toast(page, 'Password changed'));

    // This session holds a new refresh token that works.
    const refresh = await page.evaluate<string | null>("localStorage.getItem('refresh')");
    expect(refresh).not.toBe(account.tokens.refresh);
    expect((await api('api/token/refresh/', { refresh })).status).toBe(200);
    await (await navEntry(page, VIEWPORTS.phone, 'Months')).click();
    await path(page, '/months');

    // The other device: once its access token has to be refreshed, it is sent to /login.
    const other = await session().newPage(VIEWPORTS.phone, {
      storageState: loggedInStorage(url, {
        username,
        tokens: { access: 'expired.access.token', refresh: otherTokens.refresh },
      }),
      serviceWorkers: 'block',
    });
    await other.goto('/months');
    await path(other, '/login');
    expect((await api('api/token/', { username, password: 'Brand!new9' })).status).toBe(200);
  });

  for (const [name, viewport, colorScheme] of [
    ['1280 px, light', VIEWPORTS.desktop, 'light'],
    ['390 px, dark', VIEWPORTS.phone, 'dark'],
  ] as const)
    test(`the opened forms, the refusal and the dialog pass axe (${name})`, async () => {
      const account = await seedAccount(session().server.url, uniqueUsername('axe'));
      const page = await session().newPage(viewport, {
        colorScheme,
        bypassCSP: true,
        storageState: loggedInStorage(session().server.url, account),
        serviceWorkers: 'block',
      });
      await page.goto('/settings');
      await page.getByRole('button', { name: 'Change password…' }).click();
      await visible(page.getByLabel(/^Current password/));
      await page.getByRole('button', { name: 'Change password', exact: true }).click();
      await visible(page.getByText('This field is required.'));
      await page.locator('input[type=file]').setInputFiles({
        name: 'notes.json',
        mimeType: 'application/json',
        buffer: Buffer.from('[]'),
      });
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await visible(page.getByText('Nothing was imported'));
      expect(await axeViolations(page, { afterAnimations: true })).toEqual([]);

      await page.getByRole('button', { name: 'Delete account…' }).click();
      await visible(page.getByRole('dialog', { name: 'Delete your account?' }));
      expect(await axeViolations(page, { afterAnimations: true })).toEqual([]);
    });
});
