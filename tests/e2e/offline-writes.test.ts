// Offline writes in Chromium: changes made without a network show at once as waiting to sync,
// survive a reload, and reach the server by themselves, exactly once; a cut sequence resumes; a
// refused change can be discarded.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { DailyHabit, DailyMeasure, Goal, Journal } from '../../contract/entities.js';
import { BOTH_SEPARATOR } from '../../src/offline/conflict-merge.js';
import { OFFLINE_TEXTS } from '../../src/offline/texts.js';
import { TEXTS } from '../../src/texts.js';
import { ARTIFACTS_DIR, expect, session, test, VIEWPORTS } from './support/fixtures.js';
import {
  SYNC_TIMEOUT,
  savedOnDevice,
  serverRead,
  serviceWorkerReady,
  syncButton,
  syncLabel,
} from './support/offline.js';
import { gone, live, uniqueUsername, visible } from './support/page-helpers.js';
import {
  loggedInStorage,
  type SeededAccount,
  type SeededMonth,
  seedAccount,
  seedGoal,
  seedJournal,
  seedMonth,
} from './support/seed-account.js';

const SHOTS = join(ARTIFACTS_DIR, 'offline-writes');
const api = <T>(account: SeededAccount, path: string) =>
  serverRead<T>(session().server.url, account, path);

interface ServerMonth {
  journals: Journal[];
  habits: DailyHabit[];
  measures: DailyMeasure[];
  goals: Goal[];
}

async function serverMonth(account: SeededAccount, monthId: number): Promise<ServerMonth> {
  const [journals, habits, measures, goals] = await Promise.all([
    api<Journal[]>(account, `api/journals/?month=${monthId}`),
    api<DailyHabit[]>(account, `api/dailyhabits/?month=${monthId}`),
    api<DailyMeasure[]>(account, `api/dailymeasures/?month=${monthId}`),
    api<Goal[]>(account, `api/goals/?month=${monthId}`),
  ]);
  return { journals, habits, measures, goals };
}

/** An entry as the server has it: highlight, its measure values and its ticks by habit name. */
function entries(state: ServerMonth, seeded: SeededMonth) {
  const habitName = new Map(seeded.habits.map((habit) => [habit.id, habit.name]));
  return state.journals
    .map((journal) => ({
      highlight: journal.highlight,
      metrics: state.measures
        .filter((row) => row.journal_id === journal.id)
        .map((row) => Number(row.metric)),
      ticks: Object.fromEntries(
        state.habits
          .filter((row) => row.journal_id === journal.id)
          .map((row) => [habitName.get(row.habit_id), row.is_practiced]),
      ),
    }))
    .sort((a, b) => a.highlight.localeCompare(b.highlight));
}

/** Daily rows whose journal is not one of the month's entries. */
function orphans(state: ServerMonth): number {
  const ids = new Set(state.journals.map((journal) => journal.id));
  return [...state.habits, ...state.measures].filter((row) => !ids.has(row.journal_id)).length;
}

const card = (page: Page, highlight: string) =>
  page.getByRole('article').filter({ hasText: highlight });
const waitingMarker = (scope: Locator) => scope.getByTitle(OFFLINE_TEXTS.waitingMarker);
const refusedMarker = (scope: Locator) => scope.getByTitle(OFFLINE_TEXTS.refusedMarker);
const pendingPanel = (page: Page) => page.locator('[data-sync-state] > div[id]');

/** A new signed-in page on the month's entries (a service worker only when asked: page.route cannot see its requests). */
async function openMonth(
  account: SeededAccount,
  monthId: number,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
  serviceWorkers: 'allow' | 'block' = 'block',
): Promise<Page> {
  const page = await session().newPage(viewport, {
    storageState: loggedInStorage(session().server.url, account),
    serviceWorkers,
  });
  await page.goto(`/months/${monthId}/journals`);
  await live(page);
  return page;
}

async function createEntry(
  page: Page,
  highlight: string,
  pages: number,
  ticked: string[],
): Promise<void> {
  await page.getByRole('button', { name: TEXTS.addJournal }).click();
  const dialog = page.getByRole('dialog', { name: TEXTS.createRegister });
  await visible(dialog);
  await dialog.getByLabel('Highlight').fill(highlight);
  await dialog.getByLabel('Pages read').fill(String(pages));
  for (const habit of ticked) await dialog.getByRole('checkbox', { name: habit }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await gone(dialog);
  await visible(card(page, highlight));
}

async function editEntry(page: Page, from: string, to: string, pages: number): Promise<void> {
  await card(page, from)
    .getByRole('button', { name: /^Edit journal of/ })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit Register' });
  await visible(edit);
  await edit.getByLabel('Highlight').fill(to);
  await edit.getByLabel('Pages read').fill(String(pages));
  await edit.getByRole('button', { name: 'Save' }).click();
  await gone(edit);
}

async function seedMonthOf(prefix: string) {
  const url = session().server.url;
  const account = await seedAccount(url, uniqueUsername(prefix));
  const june = await seedMonth(url, account, 'June', 'Pages read', ['Stretch', 'Meditate']);
  return { account, june };
}

test.describe('writes made offline', () => {
  test('queues entries, an edit, a delete and a goal tick offline, keeps them over a reload, and syncs them exactly once', async () => {
    const { account, june } = await seedMonthOf('offwrite');
    await seedGoal(session().server.url, account, june, 'Swim 10 km');
    const page = await openMonth(account, june.month.id, VIEWPORTS.desktop, 'allow');
    const goal = page.getByRole('checkbox', { name: 'Swim 10 km' });
    await visible(goal);
    await serviceWorkerReady(page);
    // The month's lists are saved on the device before the network goes.
    await expect
      .poll(async () => {
        return (await savedOnDevice(page))?.queryKeys.length ?? 0;
      })
      .toBeGreaterThanOrEqual(4);
    expect(await syncLabel(page)).toBe(OFFLINE_TEXTS.allSaved);

    await page.context().setOffline(true);
    await createEntry(page, 'First entry', 10, ['Stretch']);
    await createEntry(page, 'Second entry', 20, ['Meditate']);
    await createEntry(page, 'Third entry', 30, ['Stretch', 'Meditate']);
    for (const highlight of ['First entry', 'Second entry', 'Third entry'])
      await visible(waitingMarker(card(page, highlight)));
    await editEntry(page, 'Second entry', 'Second entry, edited', 25);
    await visible(card(page, 'Second entry, edited'));
    await card(page, 'Third entry')
      .getByRole('button', { name: /^Delete journal of/ })
      .click();
    await gone(card(page, 'Third entry'));
    await goal.click();
    await expect.poll(() => goal.isChecked()).toBe(true);
    const goalRow = page.getByRole('listitem').filter({ has: goal });
    await visible(waitingMarker(goalRow));

    // One write per step: 3 × (entry, its measure, 2 habits), the edit (entry and measure), the delete, the goal.
    const expected = 3 * 4 + 2 + 1 + 1;
    await expect.poll(() => syncLabel(page)).toBe(OFFLINE_TEXTS.waiting(expected));
    await syncButton(page).click();
    await visible(pendingPanel(page));
    // The list shows a row per item changed, not per write: the three entries (the second's edit
    // and the third's delete join their create) and the goal.
    expect(await pendingPanel(page).getByRole('listitem').count()).toBe(4);
    await syncButton(page).click();
    await expect
      .poll(async () => {
        return (await savedOnDevice(page))?.mutations ?? -1;
      })
      .toBe(expected);

    // A reload without a network: the app shell from the service worker, the queue from IndexedDB.
    await page.reload();
    await live(page);
    await visible(card(page, 'First entry'));
    await visible(card(page, 'Second entry, edited'));
    expect(await card(page, 'Third entry').count()).toBe(0);
    for (const highlight of ['First entry', 'Second entry, edited'])
      await visible(waitingMarker(card(page, highlight)));
    await expect.poll(() => goal.isChecked()).toBe(true);
    await expect.poll(() => syncLabel(page)).toBe(OFFLINE_TEXTS.waiting(expected));

    await page.context().setOffline(false);
    await expect
      .poll(() => syncLabel(page), { timeout: SYNC_TIMEOUT })
      .toBe(OFFLINE_TEXTS.allSaved);
    await gone(waitingMarker(page.locator('main')));
    await visible(card(page, 'Second entry, edited'));

    const state = await serverMonth(account, june.month.id);
    expect(entries(state, june)).toEqual([
      { highlight: 'First entry', metrics: [10], ticks: { Stretch: true, Meditate: false } },
      {
        highlight: 'Second entry, edited',
        metrics: [25],
        ticks: { Stretch: false, Meditate: true },
      },
    ]);
    expect(state.habits).toHaveLength(4);
    expect(state.measures).toHaveLength(2);
    expect(orphans(state)).toBe(0);
    expect(state.goals.map((g) => [g.name, g.is_completed])).toEqual([['Swim 10 km', true]]);
    // The server's ids replaced the temporary ones: a reload online shows the same.
    await page.reload();
    await visible(card(page, 'Second entry, edited'));
    expect(await page.getByRole('article').count()).toBe(2);
  });

  test('resumes an entry cut off after its journal POST, with no duplicate and no orphan', async () => {
    const { account, june } = await seedMonthOf('offcut');
    const page = await openMonth(account, june.month.id);
    const context = page.context();
    let cut!: () => void;
    const wasCut = new Promise<void>((resolve) => {
      cut = resolve;
    });
    let cuts = 0;
    // The first habit's POST reaches the server, but its answer is lost and the tab goes away;
    // the other habit's (sent beside it) never gets there.
    const dailyHabits = (url: URL) => url.pathname === '/api/dailyhabits/';
    await context.route(dailyHabits, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      if (cuts > 0) {
        await wasCut;
        return route.abort('connectionreset').catch(() => {});
      }
      cuts += 1;
      await route.fetch();
      await route.abort('connectionreset');
      cut();
    });
    await createEntry(page, 'Cut short', 7, ['Meditate']);
    await wasCut;
    await page.close();
    // Cut: the entry, its measure and the first habit are on the server; the second habit is not.
    const before = await serverMonth(account, june.month.id);
    expect([before.journals.length, before.measures.length, before.habits.length]).toEqual([
      1, 1, 1,
    ]);
    await context.unroute(dailyHabits);

    const again = await context.newPage();
    await again.goto(`/months/${june.month.id}/journals`);
    await live(again);
    await visible(card(again, 'Cut short'));
    await expect
      .poll(() => syncLabel(again), { timeout: SYNC_TIMEOUT })
      .toBe(OFFLINE_TEXTS.allSaved);
    await expect
      .poll(async () => entries(await serverMonth(account, june.month.id), june), {
        timeout: SYNC_TIMEOUT,
      })
      .toEqual([
        { highlight: 'Cut short', metrics: [7], ticks: { Stretch: false, Meditate: true } },
      ]);
    const state = await serverMonth(account, june.month.id);
    expect(state.habits).toHaveLength(2);
    expect(state.measures).toHaveLength(1);
    expect(orphans(state)).toBe(0);
    expect(cuts).toBe(1);
  });

  test('shows a change the server refuses for good with its message, and discards it', async () => {
    const { account, june } = await seedMonthOf('offrefuse');
    const journal = await seedJournal(session().server.url, account, june, 'Kept as is', 3, [
      false,
      false,
    ]);
    const page = await openMonth(account, june.month.id, VIEWPORTS.phone);
    const detail = 'This highlight is not allowed.';
    await page.route(
      (url) => url.pathname === `/api/journals/${journal.id}/`,
      (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({
              status: 400,
              contentType: 'application/json',
              body: JSON.stringify({ detail }),
            })
          : route.fallback(),
    );
    await card(page, 'Kept as is')
      .getByRole('button', { name: /^Edit journal of/ })
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Register' });
    await edit.getByLabel('Highlight').fill('Refused edit');
    await edit.getByRole('button', { name: 'Save' }).click();
    await gone(edit);

    await expect
      .poll(() => syncLabel(page), { timeout: SYNC_TIMEOUT })
      .toBe(OFFLINE_TEXTS.syncFailed);
    await visible(refusedMarker(page.getByRole('article')));
    await syncButton(page).click();
    const panel = pendingPanel(page);
    await visible(panel);
    const item = panel
      .getByRole('listitem')
      .filter({ hasText: OFFLINE_TEXTS.changeNames['journal.update'] });
    await visible(item.getByText(`${OFFLINE_TEXTS.refused}: ${detail}`));
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, 'refused-390.png') });
    // The whole panel is on the phone's screen (it once hung off its left edge).
    const box = await panel.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(SHOTS, 'refused-390-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(VIEWPORTS.desktop);
    await visible(panel);
    await page.screenshot({ path: join(SHOTS, 'refused-1280.png') });
    const wide = await panel.boundingBox();
    expect((wide?.x ?? 0) + (wide?.width ?? 0)).toBeLessThanOrEqual(VIEWPORTS.desktop.width);
    const overflow = await page.evaluate<number>(
      'document.documentElement.scrollWidth - window.innerWidth',
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await item.getByRole('button', { name: OFFLINE_TEXTS.discard }).click();
    await expect.poll(() => syncLabel(page)).toBe(OFFLINE_TEXTS.allSaved);
    await visible(card(page, 'Kept as is'));
    expect(await card(page, 'Refused edit').count()).toBe(0);
    expect(await refusedMarker(page.locator('main')).count()).toBe(0);
    expect((await serverMonth(account, june.month.id)).journals.map((j) => j.highlight)).toEqual([
      'Kept as is',
    ]);
    // Discarded for good: not back after a reload.
    await page.reload();
    await visible(card(page, 'Kept as is'));
    await expect.poll(() => syncLabel(page)).toBe(OFFLINE_TEXTS.allSaved);
  });

  test('two devices edit the same entry offline: the second to sync asks, and "Keep both" ends on the server', async () => {
    const { account, june } = await seedMonthOf('offboth');
    const journal = await seedJournal(session().server.url, account, june, 'Original', 3, [
      false,
      false,
    ]);
    // With their service workers: offline, the edit dialog's code comes from the precache.
    const laptop = await openMonth(account, june.month.id, VIEWPORTS.desktop, 'allow');
    const phone = await openMonth(account, june.month.id, VIEWPORTS.phone, 'allow');
    for (const page of [laptop, phone]) {
      await visible(card(page, 'Original'));
      await serviceWorkerReady(page);
    }
    await laptop.context().setOffline(true);
    await phone.context().setOffline(true);

    await editEntry(phone, 'Original', 'From the phone', 3);
    await editEntry(laptop, 'Original', 'From the laptop', 3);
    // A tick on the laptop, offline too: a field the phone did not touch, merged without asking.
    const stretch = card(laptop, 'From the laptop').getByRole('checkbox', { name: 'Stretch' });
    await stretch.click();
    await expect.poll(() => stretch.isChecked()).toBe(true);
    await visible(waitingMarker(card(laptop, 'From the laptop')));

    await phone.context().setOffline(false);
    await expect
      .poll(() => syncLabel(phone), { timeout: SYNC_TIMEOUT })
      .toBe(OFFLINE_TEXTS.allSaved);
    await laptop.context().setOffline(false);
    const dialog = laptop.getByRole('dialog', { name: 'Changed on another device' });
    await visible(dialog, SYNC_TIMEOUT);
    expect(await dialog.getByTestId('conflict-mine').textContent()).toBe('From the laptop');
    expect(await dialog.getByTestId('conflict-theirs').textContent()).toBe('From the phone');
    await dialog.getByRole('button', { name: 'Keep both' }).click();
    await gone(dialog);
    await expect
      .poll(() => syncLabel(laptop), { timeout: SYNC_TIMEOUT })
      .toBe(OFFLINE_TEXTS.allSaved);

    const both = `From the phone${BOTH_SEPARATOR}From the laptop`;
    await expect
      .poll(async () => entries(await serverMonth(account, june.month.id), june))
      .toEqual([{ highlight: both, metrics: [3], ticks: { Stretch: true, Meditate: false } }]);
    expect((await serverMonth(account, june.month.id)).journals[0]?.id).toBe(journal.id);
    await visible(card(laptop, both));
  });
});
