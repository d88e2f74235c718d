// Months written offline in Chromium: a month made with its habits and measure, an entry in it, a
// rename, a delete and a restore from the bin, queued with no network, kept over a reload, and on
// the server exactly once.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type {
  DailyHabit,
  DailyMeasure,
  Habit,
  Journal,
  Measure,
  Month,
} from '../../contract/entities.js';
import type { TrashItem } from '../../contract/trash.js';
import { OFFLINE_TEXTS } from '../../src/offline/texts.js';
import { TEXTS } from '../../src/texts.js';
import { navEntry } from './support/app-helpers.js';
import { ARTIFACTS_DIR, expect, session, test, VIEWPORTS } from './support/fixtures.js';
import { gone, live, uniqueUsername, visible } from './support/page-helpers.js';
import {
  loggedInStorage,
  type SeededAccount,
  seedAccount,
  seedMonth,
} from './support/seed-account.js';

const SHOTS = join(ARTIFACTS_DIR, 'offline-months');
/** Back online, the queue goes one write at a time; a loaded machine needs a while. */
const SYNC_TIMEOUT = 60_000;

async function api<T>(account: SeededAccount, path: string, method = 'GET'): Promise<T> {
  const response = await fetch(`${session().server.url}/${path}`, {
    method,
    headers: { authorization: `Bearer ${account.tokens.access}` },
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/**
 * Waits until the service worker serves this page: `navigator.serviceWorker.ready` alone is not
 * enough, as the first page of a context is loaded before the worker exists and only a claim
 * (clientsClaim, once its precache is complete) hands it over.
 */
async function workerInControl(page: Page): Promise<void> {
  // Polled from here: once waitForFunction has to poll, the CSP (no 'unsafe-eval') refuses its string.
  await expect
    .poll(() => page.evaluate('navigator.serviceWorker.controller !== null'), {
      timeout: 60_000,
    })
    .toBe(true);
}

const syncLabel = (page: Page) =>
  page.locator('[data-sync-state] > button').getAttribute('aria-label');
const waitingMarker = (scope: Locator) => scope.getByTitle(OFFLINE_TEXTS.waitingMarker);
const monthCard = (page: Page, name: string) =>
  page.locator('[data-month-card]').filter({ has: page.getByRole('link', { name, exact: true }) });
const entryCard = (page: Page, highlight: string) =>
  page.getByRole('article').filter({ hasText: highlight });

async function goTo(page: Page, name: 'Months' | 'Settings'): Promise<void> {
  await (await navEntry(page, VIEWPORTS.desktop, name)).click();
  await visible(page.getByRole('heading', { level: 1, name }));
}

test.describe('months written offline', () => {
  test('creates a month with an entry, renames, deletes and restores offline, keeps it over a reload, and syncs it exactly once', async () => {
    test.setTimeout(180_000);
    const url = session().server.url;
    const account = await seedAccount(url, uniqueUsername('offmonths'));
    const april = await seedMonth(url, account, 'April', 'Pages read', ['Stretch']);
    const may = await seedMonth(url, account, 'May', 'Pages read', ['Stretch']);
    const march = await seedMonth(url, account, 'March', 'Pages read', ['Stretch']);
    await api(account, `api/months/delete/${march.month.id}/`, 'DELETE');

    const page = await session().newPage(VIEWPORTS.desktop, {
      storageState: loggedInStorage(url, account),
      serviceWorkers: 'allow',
    });
    await page.goto('/months');
    await live(page);
    await visible(monthCard(page, 'April'));
    await workerInControl(page);
    // April's page is never opened: offline, Edit month renames it all the same.
    // The bin is read while online (the restore itself is made offline).
    await goTo(page, 'Settings');
    const restore = page.getByRole('button', { name: 'Restore March' });
    await visible(restore);
    await goTo(page, 'Months');
    await visible(monthCard(page, 'May'));
    expect(await syncLabel(page)).toBe(OFFLINE_TEXTS.allSaved);

    await page.context().setOffline(true);
    await page.getByRole('button', { name: TEXTS.addMonth }).click();
    const create = page.getByRole('dialog', { name: TEXTS.createMonth });
    await visible(create);
    await create.getByRole('textbox', { name: 'Month', exact: true }).fill('Offline month');
    await create.getByRole('textbox', { name: 'Measure', exact: true }).fill('Km');
    await create.getByRole('textbox', { name: /^Habit 1/ }).fill('Run');
    await create.getByRole('button', { name: TEXTS.addHabit }).click();
    await create.getByRole('textbox', { name: /^Habit 2/ }).fill('Swim');
    await create.getByRole('button', { name: 'Save' }).click();
    await gone(create);
    await visible(waitingMarker(monthCard(page, 'Offline month')));

    await page.getByRole('link', { name: 'Offline month', exact: true }).click();
    await page.getByRole('button', { name: TEXTS.addJournal }).click();
    const register = page.getByRole('dialog', { name: TEXTS.createRegister });
    await visible(register);
    await register.getByLabel('Highlight').fill('First run');
    await register.getByLabel('Km').fill('5');
    await register.getByRole('checkbox', { name: 'Run' }).check();
    await register.getByRole('button', { name: 'Save' }).click();
    await gone(register);
    await visible(waitingMarker(entryCard(page, 'First run')));

    await goTo(page, 'Months');
    await page.getByRole('button', { name: 'Edit month April' }).click();
    const rename = page.getByRole('dialog', { name: 'Edit month' });
    await visible(rename);
    // Its measure and habits are not on this device: said at once, not loaded forever.
    await visible(rename.getByText('Not available offline'));
    await rename.getByRole('textbox', { name: 'Month', exact: true }).fill('April, renamed');
    await rename.getByRole('button', { name: 'Save' }).click();
    await gone(rename);
    await visible(waitingMarker(monthCard(page, 'April, renamed')));

    await page.getByRole('button', { name: 'Delete month May' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete month' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await gone(monthCard(page, 'May'));
    // Closed as soon as the delete is queued, offline too, with Undo offered.
    await gone(confirm);
    await visible(page.getByText('Month deleted'));

    await goTo(page, 'Settings');
    await restore.click();
    await gone(restore);
    await goTo(page, 'Months');
    await visible(waitingMarker(monthCard(page, 'March')));

    // One write per step: the month, its two habits and measure; the entry, its measure and two
    // habit ticks; the rename, the delete and the restore.
    const expected = 4 + 4 + 3;
    await expect.poll(() => syncLabel(page)).toBe(OFFLINE_TEXTS.waiting(expected));
    await page.setViewportSize(VIEWPORTS.phone);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, 'months-offline-390.png'), fullPage: true });
    await page.setViewportSize(VIEWPORTS.desktop);

    // A reload without a network: the app from the service worker, the queue from IndexedDB.
    await page.reload();
    await live(page);
    for (const name of ['Offline month', 'April, renamed', 'March'])
      await visible(waitingMarker(monthCard(page, name)));
    expect(await monthCard(page, 'May').count()).toBe(0);
    expect(await monthCard(page, 'April').count()).toBe(0);
    expect(await page.locator('[data-month-card]').count()).toBe(3);
    await expect.poll(() => syncLabel(page)).toBe(OFFLINE_TEXTS.waiting(expected));
    await page.getByRole('link', { name: 'Offline month', exact: true }).click();
    await visible(waitingMarker(entryCard(page, 'First run')));
    await goTo(page, 'Months');

    await page.context().setOffline(false);
    await expect
      .poll(() => syncLabel(page), { timeout: SYNC_TIMEOUT })
      .toBe(OFFLINE_TEXTS.allSaved);
    await gone(waitingMarker(page.locator('main')));

    const months = await api<Month[]>(account, 'api/months/');
    const byName = [...months].sort((a, b) => a.name.localeCompare(b.name));
    expect(byName.map((month) => [month.name, month.id])).toEqual([
      ['April, renamed', april.month.id],
      ['March', march.month.id],
      ['Offline month', expect.any(Number)],
    ]);
    const made = months.find((month) => month.name === 'Offline month');
    if (!made) throw new Error('the month made offline is not on the server');
    const [habits, measures, journals, ticks, values] = await Promise.all([
      api<Habit[]>(account, `api/habits/?month=${made.id}`),
      api<Measure[]>(account, `api/measures/?month=${made.id}`),
      api<Journal[]>(account, `api/journals/?month=${made.id}`),
      api<DailyHabit[]>(account, `api/dailyhabits/?month=${made.id}`),
      api<DailyMeasure[]>(account, `api/dailymeasures/?month=${made.id}`),
    ]);
    expect(habits.map((habit) => habit.name)).toEqual(['Run', 'Swim']);
    expect(measures.map((measure) => measure.name)).toEqual(['Km']);
    expect(journals.map((journal) => journal.highlight)).toEqual(['First run']);
    const habitName = new Map(habits.map((habit) => [habit.id, habit.name]));
    // Each tick is an item of its own: the two go side by side, in either order.
    expect(
      ticks
        .map((tick) => [tick.journal_id, habitName.get(tick.habit_id), tick.is_practiced])
        .sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    ).toEqual([
      [journals[0]?.id, 'Run', true],
      [journals[0]?.id, 'Swim', false],
    ]);
    expect(
      values.map((value) => [value.journal_id, value.measure_id, Number(value.metric)]),
    ).toEqual([[journals[0]?.id, measures[0]?.id, 5]]);
    // May is in the bin (restorable), March is out of it; the seeded months keep their habits.
    const bin = await api<TrashItem[]>(account, 'api/trash/');
    expect(bin.map((item) => [item.kind, item.id])).toEqual([['month', may.month.id]]);
    expect(
      (await api<Habit[]>(account, `api/habits/?month=${march.month.id}`)).map((h) => h.name),
    ).toEqual(['Stretch']);

    // The server's ids replaced the temporary ones: a reload online shows the same.
    await page.reload();
    await live(page);
    await visible(monthCard(page, 'Offline month'));
    expect(await page.locator('[data-month-card]').count()).toBe(3);
    expect(await waitingMarker(page.locator('main')).count()).toBe(0);
  });

  test('a month made offline keeps its measures and habits over a reload right after Save, in the entry modal too', async () => {
    test.setTimeout(120_000);
    const url = session().server.url;
    const account = await seedAccount(url, uniqueUsername('offseed'));
    const page = await session().newPage(VIEWPORTS.desktop, {
      storageState: loggedInStorage(url, account),
      serviceWorkers: 'allow',
    });
    await page.goto('/months');
    await live(page);
    await visible(page.getByRole('button', { name: TEXTS.addMonth }));
    await workerInControl(page);

    await page.context().setOffline(true);
    await page.getByRole('button', { name: TEXTS.addMonth }).click();
    const create = page.getByRole('dialog', { name: TEXTS.createMonth });
    await create.getByRole('textbox', { name: 'Month', exact: true }).fill('Seeded month');
    await create.getByRole('textbox', { name: 'Measure', exact: true }).fill('Km');
    await create.getByRole('textbox', { name: /^Habit 1/ }).fill('Run');
    await create.getByRole('button', { name: 'Save' }).click();
    await gone(create);

    await page.reload();
    await live(page);
    await page.getByRole('link', { name: 'Seeded month', exact: true }).click();
    await page.getByRole('button', { name: TEXTS.addJournal }).click();
    const register = page.getByRole('dialog', { name: TEXTS.createRegister });
    await visible(register);
    await visible(register.getByLabel('Km'));
    await visible(register.getByRole('checkbox', { name: 'Run' }));
  });
});
