// Installable and readable offline (issue 6, feature 8) in Chromium: months seen online open without a network.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { OFFLINE_TEXTS } from '../../src/offline/texts.js';
import { TOASTS } from '../../src/texts.js';
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
import { browserSessionForFile, VIEWPORTS } from './support/session.js';

const session = browserSessionForFile();

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

/**
 * Query keys the app has saved to IndexedDB, read in the page without creating the database if it
 * is not there yet (a bare open would make an empty one that idb-keyval could not use).
 * Browser code as a string: the tests' TypeScript has no DOM types.
 */
const READ_SAVED_KEYS = `(async () => {
  const names = (await indexedDB.databases()).map((database) => database.name);
  if (!names.includes('monthbook')) return [];
  return new Promise((resolve) => {
    const open = indexedDB.open('monthbook');
    open.onerror = () => resolve([]);
    open.onsuccess = () => {
      const database = open.result;
      if (!database.objectStoreNames.contains('offline')) {
        database.close();
        return resolve([]);
      }
      const request = database.transaction('offline').objectStore('offline').get('queries');
      request.onerror = () => resolve([]);
      request.onsuccess = () => {
        database.close();
        resolve((request.result?.queries ?? []).map((query) => JSON.stringify(query.queryKey)));
      };
    };
  });
})()`;

function savedQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(READ_SAVED_KEYS);
}

/** Waits until the service worker controls the page (its precache is complete by then). */
async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  await page.waitForFunction('navigator.serviceWorker.controller !== null');
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

async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

describe('offline', () => {
  it('opens months seen online without a network, marked read-only, refuses a change, and recovers', async () => {
    const seeded = await seed();
    const { june, july } = seeded;
    const page = await session().newPage(VIEWPORTS.desktop, {
      storageState: loggedInStorage(session().server.url, seeded.account),
    });
    await visitOnline(page, seeded);

    await page.context().setOffline(true);
    await visible(banner(page));

    // A full reload: the page comes from the service worker, the data from IndexedDB.
    await page.reload();
    await visible(page.getByRole('heading', { level: 1, name: 'June' }));
    await visible(page.getByText('Walked along the river'));
    await visible(banner(page));
    await screenshot(page, 'offline-journals-1280');

    const goal = page.getByRole('checkbox', { name: 'Swim 10 km' });
    await goal.click();
    await visible(toast(page, TOASTS.goalUpdateFailed));
    await visible(toast(page, OFFLINE_TEXTS.writeRefused));
    await expect.poll(() => goal.isChecked()).toBe(false);

    // A deep link typed offline gets the app shell (spa.html) and the saved months.
    await page.goto('/months');
    await visible(page.getByRole('link', { name: 'July' }));
    await visible(banner(page));
    await screenshot(page, 'offline-months-1280');

    // July's entries were never opened on this device.
    await page.goto(`/months/${july.month.id}/journals`);
    await visible(page.getByText(OFFLINE_TEXTS.readUnavailable));

    await page.context().setOffline(false);
    await visible(page.getByText('Read on the train'));
    await gone(banner(page));
    await page.goto(`/months/${june.month.id}/journals`);
    await page.getByRole('checkbox', { name: 'Swim 10 km' }).click();
    await visible(toast(page, TOASTS.goalUpdated));
  });

  it('fits the offline notice on a phone screen', async () => {
    const seeded = await seed();
    const page = await session().newPage(VIEWPORTS.phone, {
      storageState: loggedInStorage(session().server.url, seeded.account),
    });
    await visitOnline(page, seeded);
    await page.context().setOffline(true);
    await page.reload();
    await visible(page.getByText('Walked along the river'));
    await visible(banner(page));
    await screenshot(page, 'offline-journals-390');
    const overflow = await page.evaluate<number>(
      'document.documentElement.scrollWidth - window.innerWidth',
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
