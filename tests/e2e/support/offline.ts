// What the offline end-to-end tests share: the service worker in control, what the app saved on the device, the navbar's sync state and the server's copy.
import type { Page } from '@playwright/test';
import type { SeededAccount } from './seed-account.js';

/** Back online, queued writes go one at a time; a loaded machine needs a while. */
export const SYNC_TIMEOUT = 60_000;

/** Waits until the service worker controls the page (its precache is complete by then). */
export async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  await page.waitForFunction('navigator.serviceWorker.controller !== null');
}

/** What the app has saved in IndexedDB: its queries' keys (JSON) and how many unsent writes. */
export interface SavedOnDevice {
  queryKeys: string[];
  mutations: number;
}

/**
 * Reads what the app saved (TanStack's persister over idb-keyval) without creating the database if
 * it is not there yet (a bare open would make an empty one that idb-keyval could not use); null
 * when nothing is saved. The queries are under `queries`; unsent writes are counted over every
 * entry that holds some (each tab keeps its own outbox). Browser code as a string: the tests'
 * TypeScript has no DOM types.
 */
const READ_SAVED = `(async () => {
  const names = (await indexedDB.databases()).map((database) => database.name);
  if (!names.includes('monthbook')) return null;
  return new Promise((resolve) => {
    const open = indexedDB.open('monthbook');
    open.onerror = () => resolve(null);
    open.onsuccess = () => {
      const database = open.result;
      if (!database.objectStoreNames.contains('offline')) {
        database.close();
        return resolve(null);
      }
      const request = database.transaction('offline').objectStore('offline').getAll();
      request.onerror = () => resolve(null);
      request.onsuccess = () => {
        database.close();
        const entries = request.result.map((saved) =>
          typeof saved === 'string' ? JSON.parse(saved) : saved,
        );
        if (entries.length === 0) return resolve(null);
        let queryKeys = [];
        let mutations = 0;
        for (const saved of entries) {
          const state = saved?.clientState ?? saved ?? {};
          queryKeys = queryKeys.concat((state.queries ?? []).map((query) => JSON.stringify(query.queryKey)));
          mutations += (state.mutations ?? []).length;
        }
        resolve({ queryKeys, mutations });
      };
    };
  });
})()`;

export function savedOnDevice(page: Page): Promise<SavedOnDevice | null> {
  return page.evaluate<SavedOnDevice | null>(READ_SAVED);
}

/** The navbar's sync status button: its name is the status. */
export const syncButton = (page: Page) => page.locator('[data-sync-state] > button');
export const syncLabel = (page: Page) => syncButton(page).getAttribute('aria-label');

/** What the server holds, read with the seeded account's token. */
export async function serverRead<T>(
  serverUrl: string,
  account: SeededAccount,
  apiPath: string,
): Promise<T> {
  const response = await fetch(`${serverUrl}/${apiPath}`, {
    headers: { authorization: `Bearer ${account.tokens.access}` },
  });
  if (!response.ok) throw new Error(`GET ${apiPath}: ${response.status}`);
  return (await response.json()) as T;
}
