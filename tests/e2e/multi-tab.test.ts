// Several tabs of one browser (one context: shared IndexedDB, Web Locks and BroadcastChannel), online and
// offline: no tab's saved queue overwrites another's, every change reaches the server exactly once, a logout
// ends every tab, and a question about an item deleted elsewhere is answered once for all of them.
import type { BrowserContext, Page } from '@playwright/test';
import type { DailyHabit, DailyMeasure, Goal, Journal } from '../../contract/entities.js';
import { OFFLINE_TEXTS } from '../../src/offline/texts.js';
import { TEXTS } from '../../src/texts.js';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import {
  SYNC_TIMEOUT,
  savedOnDevice,
  serverRead,
  serviceWorkerReady,
  syncButton,
  syncLabel,
} from './support/offline.js';
import { gone, live, path, uniqueUsername, visible } from './support/page-helpers.js';
import {
  loggedInStorage,
  type SeededAccount,
  seedAccount,
  seedGoal,
  seedJournal,
  seedMonth,
} from './support/seed-account.js';

const api = <T>(account: SeededAccount, apiPath: string) =>
  serverRead<T>(session().server.url, account, apiPath);

const card = (page: Page, highlight: string) =>
  page.getByRole('article').filter({ hasText: highlight });

interface Seeded {
  account: SeededAccount;
  monthId: number;
}

async function seeded(prefix: string): Promise<Seeded> {
  const url = session().server.url;
  const account = await seedAccount(url, uniqueUsername(prefix));
  const june = await seedMonth(url, account, 'June', 'Pages read', ['Stretch']);
  return { account, monthId: june.month.id };
}

/** The first tab: a new context, signed in, with its service worker (a tab opened offline needs the app shell). */
async function firstTab({ account, monthId }: Seeded): Promise<Page> {
  const page = await session().newPage(VIEWPORTS.desktop, {
    storageState: loggedInStorage(session().server.url, account),
    serviceWorkers: 'allow',
  });
  await page.goto(`/months/${monthId}/journals`);
  await live(page);
  await serviceWorkerReady(page);
  // The month's lists are saved on the device before the network goes.
  await expect
    .poll(async () => (await savedOnDevice(page))?.queryKeys.length ?? 0, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(4);
  return page;
}

/**
 * Another tab of the same browser on the month, once it shows the month: a user acts after that,
 * and a network cut while its reads are still out is another story (a page not saved yet).
 */
async function newTab(context: BrowserContext, monthId: number): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/months/${monthId}/journals`);
  await live(page);
  await visible(page.getByRole('button', { name: TEXTS.addJournal }));
  return page;
}

async function createEntry(page: Page, highlight: string): Promise<void> {
  await page.getByRole('button', { name: TEXTS.addJournal }).click();
  const dialog = page.getByRole('dialog', { name: TEXTS.createRegister });
  await visible(dialog);
  await dialog.getByLabel('Highlight').fill(highlight);
  await dialog.getByLabel('Pages read').fill('5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await gone(dialog);
  await visible(card(page, highlight));
}

/** Unsent writes saved on the device, over every tab's outbox. */
const savedWrites = async (page: Page) => (await savedOnDevice(page))?.mutations ?? 0;

/** One entry's writes: the entry, its measure and its one habit. */
const WRITES_PER_ENTRY = 3;

async function serverEntries(account: SeededAccount, monthId: number) {
  const [journals, measures, habits] = await Promise.all([
    api<Journal[]>(account, `api/journals/?month=${monthId}`),
    api<DailyMeasure[]>(account, `api/dailymeasures/?month=${monthId}`),
    api<DailyHabit[]>(account, `api/dailyhabits/?month=${monthId}`),
  ]);
  return {
    highlights: journals.map((journal) => journal.highlight).sort(),
    measures: measures.length,
    habits: habits.length,
  };
}

test.describe('several tabs of one browser', () => {
  test('write in A, close A, write in B, close B, reopen: both entries, each sent once', async () => {
    const month = await seeded('tabsab');
    const a = await firstTab(month);
    const context = a.context();
    const b = await newTab(context, month.monthId);
    await context.setOffline(true);

    await createEntry(a, 'Written in tab A');
    await expect.poll(() => savedWrites(a)).toBe(WRITES_PER_ENTRY);
    await a.close();
    await createEntry(b, 'Written in tab B');
    // Tab B's save keeps tab A's queued writes.
    await expect.poll(() => savedWrites(b)).toBe(2 * WRITES_PER_ENTRY);
    await b.close();

    const c = await newTab(context, month.monthId);
    await visible(card(c, 'Written in tab A'));
    await visible(card(c, 'Written in tab B'));
    await expect.poll(() => syncLabel(c)).toBe(OFFLINE_TEXTS.waiting(2 * WRITES_PER_ENTRY));

    await context.setOffline(false);
    await expect.poll(() => syncLabel(c), { timeout: SYNC_TIMEOUT }).toBe(OFFLINE_TEXTS.allSaved);
    expect(await serverEntries(month.account, month.monthId)).toEqual({
      highlights: ['Written in tab A', 'Written in tab B'],
      measures: 2,
      habits: 2,
    });
    expect(await savedWrites(c)).toBe(0);
  });

  test('write in both with both open: each tab shows both, and each entry reaches the server once', async () => {
    const month = await seeded('tabsboth');
    const a = await firstTab(month);
    const context = a.context();
    const b = await newTab(context, month.monthId);
    await context.setOffline(true);

    await createEntry(a, 'From tab A');
    await createEntry(b, 'From tab B');
    // Each tab shows the other's queued entry too.
    await visible(card(a, 'From tab B'));
    await visible(card(b, 'From tab A'));
    await expect.poll(() => savedWrites(a)).toBe(2 * WRITES_PER_ENTRY);
    // And counts every change waiting on the device: its own and the other tab's, which it lists
    // as waiting there (that tab sends it).
    for (const page of [a, b])
      await expect.poll(() => syncLabel(page)).toBe(OFFLINE_TEXTS.waiting(2 * WRITES_PER_ENTRY));
    await syncButton(b).click();
    const rows = b.locator('[data-sync-state] > div[id]').getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    await visible(rows.filter({ hasText: OFFLINE_TEXTS.inAnotherTab }));
    expect(await rows.filter({ hasText: OFFLINE_TEXTS.inAnotherTab }).count()).toBe(1);
    await syncButton(b).click();

    await context.setOffline(false);
    for (const page of [a, b])
      await expect
        .poll(() => syncLabel(page), { timeout: SYNC_TIMEOUT })
        .toBe(OFFLINE_TEXTS.allSaved);
    expect(await serverEntries(month.account, month.monthId)).toEqual({
      highlights: ['From tab A', 'From tab B'],
      measures: 2,
      habits: 2,
    });
    // The server's rows, in both tabs: once each.
    for (const page of [a, b]) {
      await expect.poll(() => card(page, 'From tab A').count()).toBe(1);
      await expect.poll(() => card(page, 'From tab B').count()).toBe(1);
    }
  });

  test('a habit ticked in one tab on an entry the other made offline: sent once that entry has its id', async () => {
    const month = await seeded('tabstemp');
    const a = await firstTab(month);
    const context = a.context();
    const b = await newTab(context, month.monthId);
    await context.setOffline(true);

    await createEntry(a, 'Made in tab A');
    // Tab B shows tab A's entry (with the id it has until the server gives one) and ticks it.
    const stretch = card(b, 'Made in tab A').getByRole('checkbox', { name: 'Stretch' });
    await visible(stretch);
    await stretch.click();
    await expect.poll(() => stretch.isChecked()).toBe(true);

    await context.setOffline(false);
    for (const page of [a, b])
      await expect
        .poll(() => syncLabel(page), { timeout: SYNC_TIMEOUT })
        .toBe(OFFLINE_TEXTS.allSaved);
    const habits = await api<DailyHabit[]>(
      month.account,
      `api/dailyhabits/?month=${month.monthId}`,
    );
    expect(habits.map((habit) => habit.is_practiced)).toEqual([true]);
    // Nothing was asked: no item was ever taken for deleted.
    for (const page of [a, b]) expect(await page.getByRole('alertdialog').count()).toBe(0);
  });

  test('a goal ticked in one tab while an entry is deleted in the other: both kept, both sent', async () => {
    const month = await seeded('tabstick');
    const url = session().server.url;
    const seededMonth = {
      month: { id: month.monthId },
      habits: await api<{ id: number }[]>(month.account, `api/habits/?month=${month.monthId}`),
      measure: (
        await api<{ id: number }[]>(month.account, `api/measures/?month=${month.monthId}`)
      )[0],
    } as unknown as Parameters<typeof seedJournal>[2];
    await seedJournal(url, month.account, seededMonth, 'To be deleted', 2, [false]);
    await seedGoal(url, month.account, seededMonth, 'Read 5 books');
    const a = await firstTab(month);
    const context = a.context();
    const b = await newTab(context, month.monthId);
    await context.setOffline(true);

    const goal = a.getByRole('checkbox', { name: 'Read 5 books' });
    await goal.click();
    await expect.poll(() => goal.isChecked()).toBe(true);
    await card(b, 'To be deleted')
      .getByRole('button', { name: /^Delete journal of/ })
      .click();
    await gone(card(b, 'To be deleted'));
    await expect.poll(() => savedWrites(a)).toBe(2);
    await a.close();
    await b.close();

    const c = await newTab(context, month.monthId);
    await expect
      .poll(() => c.getByRole('checkbox', { name: 'Read 5 books' }).isChecked())
      .toBe(true);
    expect(await card(c, 'To be deleted').count()).toBe(0);
    await context.setOffline(false);
    await expect.poll(() => syncLabel(c), { timeout: SYNC_TIMEOUT }).toBe(OFFLINE_TEXTS.allSaved);
    const goals = await api<Goal[]>(month.account, `api/goals/?month=${month.monthId}`);
    expect(goals.map((g) => [g.name, g.is_completed])).toEqual([['Read 5 books', true]]);
    expect((await serverEntries(month.account, month.monthId)).highlights).toEqual([]);
  });

  test('a tab reloaded while it sends: the entry reaches the server once', async () => {
    const month = await seeded('tabsreload');
    const a = await firstTab(month);
    const context = a.context();
    const b = await newTab(context, month.monthId);
    let arrived!: () => void;
    const reachedServer = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let held = 0;
    // The entry's POST reaches the server, but its answer never reaches the tab, which reloads.
    await context.route(
      (requestUrl) => requestUrl.pathname === '/api/journals/',
      async (route) => {
        if (route.request().method() !== 'POST' || held > 0) return route.fallback();
        held += 1;
        await route.fetch();
        arrived();
        await route.abort('connectionreset').catch(() => {});
      },
    );
    await a.getByRole('button', { name: TEXTS.addJournal }).click();
    const dialog = a.getByRole('dialog', { name: TEXTS.createRegister });
    await dialog.getByLabel('Highlight').fill('Sent while reloading');
    await dialog.getByLabel('Pages read').fill('5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await reachedServer;
    await a.reload();
    await live(a);

    for (const page of [a, b]) {
      await visible(card(page, 'Sent while reloading'), SYNC_TIMEOUT);
      await expect
        .poll(() => syncLabel(page), { timeout: SYNC_TIMEOUT })
        .toBe(OFFLINE_TEXTS.allSaved);
    }
    expect(await serverEntries(month.account, month.monthId)).toEqual({
      highlights: ['Sent while reloading'],
      measures: 1,
      habits: 1,
    });
    expect(held).toBe(1);
  });

  test('logout in one tab with changes waiting in another: warned, then every tab is logged out', async () => {
    const month = await seeded('tabslogout');
    const a = await firstTab(month);
    const context = a.context();
    const b = await newTab(context, month.monthId);
    // Tab B's entry waits: its request is never answered.
    await context.route(
      (requestUrl) => requestUrl.pathname === '/api/journals/',
      (route) => (route.request().method() === 'POST' ? undefined : route.fallback()),
    );
    await b.getByRole('button', { name: TEXTS.addJournal }).click();
    const dialog = b.getByRole('dialog', { name: TEXTS.createRegister });
    await dialog.getByLabel('Highlight').fill('Not sent yet');
    await dialog.getByLabel('Pages read').fill('5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => savedWrites(a)).toBe(WRITES_PER_ENTRY);

    await a.getByRole('link', { name: 'Logout' }).first().click();
    const warning = a.getByRole('alertdialog', { name: OFFLINE_TEXTS.logoutTitle });
    await visible(warning);
    expect(await warning.textContent()).toContain(OFFLINE_TEXTS.logoutBody(WRITES_PER_ENTRY));
    await warning.getByRole('button', { name: OFFLINE_TEXTS.logoutAnyway }).click();

    await path(a, '/');
    await path(b, '/');
    for (const page of [a, b])
      expect(await page.evaluate<string | null>('localStorage.getItem("access")')).toBeNull();
    await expect.poll(() => savedWrites(a)).toBe(0);
  });

  test('the deleted-elsewhere question, answered once in one tab with another open, is never asked again', async () => {
    const month = await seeded('tabsgone');
    const url = session().server.url;
    const seededMonth = {
      month: { id: month.monthId },
      habits: await api<{ id: number }[]>(month.account, `api/habits/?month=${month.monthId}`),
      measure: (
        await api<{ id: number }[]>(month.account, `api/measures/?month=${month.monthId}`)
      )[0],
    } as unknown as Parameters<typeof seedJournal>[2];
    const journal = await seedJournal(url, month.account, seededMonth, 'Deleted on the phone', 2, [
      false,
    ]);
    const a = await firstTab(month);
    const context = a.context();
    const b = await newTab(context, month.monthId);
    // Both tabs hold the whole entry, its value too, and go offline before another device deletes
    // it (to the bin): online, a tab could read a list again without the entry's value while its
    // card still shows, and the Edit dialog would then ask for the value.
    for (const page of [a, b])
      await expect(card(page, 'Deleted on the phone')).toContainText('Pages read');
    await context.setOffline(true);
    const deleted = await fetch(`${url}/api/journals/${journal.id}/`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${month.account.tokens.access}` },
    });
    expect(deleted.ok).toBe(true);

    // Edited offline in tab A; back online with another dialog open, the question comes above it.
    await card(a, 'Deleted on the phone')
      .getByRole('button', { name: /^Edit journal of/ })
      .click();
    const edit = a.getByRole('dialog', { name: 'Edit Register' });
    await edit.getByLabel('Highlight').fill('Edited here');
    await edit.getByRole('button', { name: 'Save' }).click();
    await gone(edit);
    await a.getByRole('button', { name: TEXTS.addJournal }).click();
    await visible(a.getByRole('dialog', { name: TEXTS.createRegister }));
    await context.setOffline(false);
    const question = a.getByRole('dialog', { name: 'Deleted on another device' });
    await visible(question, SYNC_TIMEOUT);
    await question.getByRole('button', { name: 'Drop my change' }).click();
    await gone(question);
    const create = a.getByRole('dialog', { name: TEXTS.createRegister });
    await create.getByRole('button', { name: 'Close' }).last().click();
    await gone(create);

    await expect.poll(() => syncLabel(a), { timeout: SYNC_TIMEOUT }).toBe(OFFLINE_TEXTS.allSaved);
    await expect.poll(() => savedWrites(a)).toBe(0);
    await b.reload();
    await live(b);
    const c = await newTab(context, month.monthId);
    await a.reload();
    await live(a);
    for (const page of [a, b, c]) {
      await expect.poll(() => syncLabel(page)).toBe(OFFLINE_TEXTS.allSaved);
      await gone(card(page, 'Edited here'));
      expect(await page.getByRole('dialog', { name: 'Deleted on another device' }).count()).toBe(0);
    }
    // Still in the bin, unchanged: the dropped change never reached it.
    const trash = await api<{ items?: unknown[] } | unknown[]>(month.account, 'api/trash/');
    expect(JSON.stringify(trash)).toContain('Deleted on the phone');
    expect(JSON.stringify(trash)).not.toContain('Edited here');
  });
});
