// Installable and readable offline in Chromium: months seen online open without a network; goal
// ticks made offline are queued, month writes are refused with their message, and all syncs back
// online.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { Goal, Month } from '../../contract/entities.js';
import { OFFLINE_TEXTS } from '../../src/offline/texts.js';
import { TOASTS } from '../../src/texts.js';
import { expect, session, test, VIEWPORTS } from './support/fixtures.js';
import {
  SYNC_TIMEOUT,
  savedOnDevice,
  serverRead,
  serviceWorkerReady,
  syncLabel,
} from './support/offline.js';
import { gone, path, toast, uniqueUsername, visible } from './support/page-helpers.js';
import {
  loggedInStorage,
  type SeededAccount,
  type SeededMonth,
  seedAccount,
  seedGoal,
  seedJournal,
  seedMonth,
} from './support/seed-account.js';

/** Set to a folder to keep screenshots of the offline screens (they are not compared). */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS_DIR;

interface Seeded {
  account: SeededAccount;
  june: SeededMonth;
  july: SeededMonth;
}

async function seed(): Promise<Seeded> {
  const url = session().server.url;
  const account = await seedAccount(url, uniqueUsername('offline'));
  const june = await seedMonth(url, account, 'June', 'Pages read', ['Stretch', 'Meditate']);
  await seedJournal(url, account, june, 'Walked along the river', 12, [true, false]);
  await seedGoal(url, account, june, 'Swim 10 km');
  const july = await seedMonth(url, account, 'July', 'Pages read', ['Stretch']);
  await seedJournal(url, account, july, 'Read on the train', 30, [true]);
  return { account, june, july };
}

async function savedQueryKeys(page: Page): Promise<string[]> {
  return (await savedOnDevice(page))?.queryKeys ?? [];
}

/** Opens /months and June's journals online, and waits until both are saved on the device. */
async function visitOnline(page: Page, { june }: Seeded): Promise<void> {
  await page.goto('/months');
  await visible(page.getByRole('link', { name: 'June' }));
  await serviceWorkerReady(page);
  await page.getByRole('link', { name: 'June' }).click();
  await path(page, `/months/${june.month.id}/journals`);
  await visible(page.getByText('Walked along the river'));
  const expected = [
    JSON.stringify(['months', 'list']),
    JSON.stringify(['months', june.month.id, 'journals']),
  ];
  await expect
    .poll(() => savedQueryKeys(page), { timeout: 10_000 })
    .toEqual(expect.arrayContaining(expected));
}

const banner = (page: Page) =>
  page.getByRole('status').filter({ hasText: OFFLINE_TEXTS.bannerTitle });

const api = <T>(account: SeededAccount, apiPath: string) =>
  serverRead<T>(session().server.url, account, apiPath);

async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

test.describe('offline', () => {
  test('opens months seen online without a network, queues a goal tick, a month delete and its Undo, and recovers', async () => {
    const seeded = await seed();
    const { account, june, july } = seeded;
    const page = await session().newPage(VIEWPORTS.desktop, {
      storageState: loggedInStorage(session().server.url, account),
    });
    await visitOnline(page, seeded);

    await page.context().setOffline(true);
    await visible(banner(page));
    expect(await banner(page).textContent()).toContain(OFFLINE_TEXTS.bannerBody);

    // A full reload: the page comes from the service worker, the data from IndexedDB.
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'June' }));
    await visible(page.getByText('Walked along the river'));
    await visible(banner(page));
    await expect.poll(() => syncLabel(page)).toBe(OFFLINE_TEXTS.allSaved);
    await screenshot(page, 'offline-journals-1280');

    // A goal tick is queued: shown at once, marked as waiting to sync, no failure.
    const goal = page.getByRole('checkbox', { name: 'Swim 10 km' });
    await goal.click();
    await expect.poll(() => goal.isChecked()).toBe(true);
    const goalRow = page.getByRole('listitem').filter({ has: goal });
    await visible(goalRow.getByTitle(OFFLINE_TEXTS.waitingMarker));
    await expect.poll(() => syncLabel(page)).toBe(OFFLINE_TEXTS.waiting(1));
    expect(await toast(page, TOASTS.goalUpdateFailed).count()).toBe(0);
    expect(await toast(page, OFFLINE_TEXTS.writeRefused).count()).toBe(0);

    // A deep link typed offline gets the app shell (spa.html), the saved months and the queue.
    await page.goto('/months');
    await visible(page.getByRole('link', { name: 'July' }));
    await visible(banner(page));
    await expect.poll(() => syncLabel(page)).toBe(OFFLINE_TEXTS.waiting(1));
    await screenshot(page, 'offline-months-1280');

    // Month writes are queued too: a delete goes at once, and its Undo brings it back.
    await page.getByRole('button', { name: 'Delete month July' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete month' });
    await visible(confirm);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await gone(confirm);
    await gone(page.getByRole('link', { name: 'July' }));
    const deleted = toast(page, 'Month deleted');
    await visible(deleted);
    expect(await toast(page, OFFLINE_TEXTS.writeRefused).count()).toBe(0);
    await deleted.getByRole('button', { name: 'Undo' }).click();
    await visible(page.getByRole('link', { name: 'July' }));
    await expect.poll(() => syncLabel(page)).toBe(OFFLINE_TEXTS.waiting(3));

    // July's entries were never opened on this device.
    await page.goto(`/months/${july.month.id}/journals`);
    await visible(page.getByText(OFFLINE_TEXTS.readUnavailable));

    // Back online: the page recovers and the queued tick reaches the server; nothing was lost.
    await page.context().setOffline(false);
    await visible(page.getByText('Read on the train'));
    await gone(banner(page));
    await expect
      .poll(() => syncLabel(page), { timeout: SYNC_TIMEOUT })
      .toBe(OFFLINE_TEXTS.allSaved);
    const goals = await api<Goal[]>(account, `api/goals/?month=${june.month.id}`);
    expect(goals.map((g) => [g.name, g.is_completed])).toEqual([['Swim 10 km', true]]);
    const months = await api<Month[]>(account, 'api/months/');
    expect(months.map((month) => month.name).sort()).toEqual(['July', 'June']);

    // Writes work online again, with their usual toast.
    await page.goto(`/months/${june.month.id}/journals`);
    const goalOnline = page.getByRole('checkbox', { name: 'Swim 10 km' });
    await expect.poll(() => goalOnline.isChecked()).toBe(true);
    await goalOnline.click();
    await visible(toast(page, TOASTS.goalUpdated));
    await expect.poll(() => goalOnline.isChecked()).toBe(false);
  });

  test('fits the offline notice on a phone screen', async () => {
    const seeded = await seed();
    const page = await session().newPage(VIEWPORTS.phone, {
      storageState: loggedInStorage(session().server.url, seeded.account),
    });
    await visitOnline(page, seeded);
    await page.context().setOffline(true);
    await page.reload();
    await visible(page.getByText('Walked along the river'));
    await visible(banner(page));
    // With a change waiting, the navbar's sync status shows its count beside the notice.
    const goal = page.getByRole('checkbox', { name: 'Swim 10 km' });
    await goal.click();
    await expect.poll(() => syncLabel(page)).toBe(OFFLINE_TEXTS.waiting(1));
    await screenshot(page, 'offline-journals-390');
    const box = await banner(page).boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    const overflow = await page.evaluate<number>(
      'document.documentElement.scrollWidth - window.innerWidth',
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
