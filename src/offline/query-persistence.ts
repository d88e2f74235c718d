// Saves the signed-in user's month data from the query cache to IndexedDB, so months already seen open offline.
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { version } from '../../package.json';
import { sessionUserId } from '../api/tokens';
import { monthKeys } from '../queries/keys';
import { isBrowserOffline } from './offline-error';

/** Data older than this is neither saved nor restored. */
export const SAVED_QUERIES_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Saved data from another version of the app is dropped: its shapes may have changed. */
export const SAVED_QUERIES_BUSTER = `monthbook@${version}`;
/** Cache changes come in bursts (a page loads several lists): one write per burst. */
const SAVE_DELAY_MS = 500;

/** One query's last answer, as a fetch (or a mutation's cache update) left it. */
export interface SavedQuery {
  queryKey: QueryKey;
  data: unknown;
  updatedAt: number;
}

export interface SavedQueries {
  userId: number;
  buster: string;
  savedAt: number;
  queries: SavedQuery[];
}

/** Where the saved queries live: IndexedDB in the browser, a stand-in in tests. */
export interface SavedQueriesStorage {
  read(): Promise<SavedQueries | undefined>;
  write(saved: SavedQueries): Promise<void>;
  remove(): Promise<void>;
}

const KEY = 'queries';

function indexedDbStorage(): SavedQueriesStorage | null {
  if (typeof indexedDB === 'undefined') return null;
  // Opened on first use: a browser that refuses IndexedDB (some private modes) only loses offline reading.
  let store: UseStore | undefined;
  const db = () => {
    store ??= createStore('monthbook', 'offline');
    return store;
  };
  return {
    read: () => get<SavedQueries>(KEY, db()),
    write: (saved) => set(KEY, saved, db()),
    remove: () => del(KEY, db()),
  };
}

let storage: SavedQueriesStorage | null | undefined;

function currentStorage(): SavedQueriesStorage | null {
  // undefined: not chosen yet; null: none (no IndexedDB, or turned off).
  if (storage === undefined) storage = indexedDbStorage();
  return storage;
}

/** Tests swap IndexedDB (which jsdom lacks) for an in-memory stand-in; null turns saving off. */
export function setSavedQueriesStorage(replacement: SavedQueriesStorage | null): void {
  storage = replacement;
}

/**
 * Only the journal's data (everything under ['months']) is saved: never the payment status, the
 * launch offer or anything else about the account; and only queries that hold data.
 */
function isSaved(query: Query, now: number): boolean {
  return (
    query.queryKey[0] === monthKeys.all[0] &&
    query.state.data !== undefined &&
    now - query.state.dataUpdatedAt < SAVED_QUERIES_MAX_AGE_MS
  );
}

function snapshot(queryClient: QueryClient, now: number): SavedQuery[] {
  return queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => isSaved(query, now) })
    .map(({ queryKey, state }) => ({ queryKey, data: state.data, updatedAt: state.dataUpdatedAt }));
}

interface Persistence {
  userId: number;
  /** Settles once the saved data is in the cache (or there was none to restore). */
  ready: Promise<void>;
  stop(): void;
}

const running = new WeakMap<QueryClient, Persistence>();

async function restore(queryClient: QueryClient, store: SavedQueriesStorage, userId: number) {
  const saved = await store.read();
  if (saved === undefined) return;
  const now = Date.now();
  const usable =
    saved.userId === userId &&
    saved.buster === SAVED_QUERIES_BUSTER &&
    now - saved.savedAt < SAVED_QUERIES_MAX_AGE_MS;
  // Another user's data is never shown, and is not kept either.
  if (!usable) {
    await store.remove();
    return;
  }
  for (const { queryKey, data, updatedAt } of saved.queries) {
    if (now - updatedAt >= SAVED_QUERIES_MAX_AGE_MS) continue;
    // What this page has fetched already is newer than anything saved.
    const cached = queryClient.getQueryState(queryKey);
    if (cached?.data !== undefined && cached.dataUpdatedAt >= updatedAt) continue;
    queryClient.setQueryData(queryKey, data, { updatedAt });
    // Online, saved data is only a first paint: it may predate a change made just before a reload
    // (saving lags changes by a moment), so screens refetch it. Offline it is all there is.
    if (!isBrowserOffline()) {
      void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
    }
  }
}

function reportError(what: string) {
  return (error: unknown) => console.error(what, error);
}

function createPersistence(
  queryClient: QueryClient,
  store: SavedQueriesStorage,
  userId: number,
): Persistence {
  // Kept in memory as long as they may be saved: otherwise a month seen earlier in a long session
  // would leave the cache after 5 unused minutes, and with it the saved data.
  queryClient.setQueryDefaults(monthKeys.all, { gcTime: SAVED_QUERIES_MAX_AGE_MS });
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe = () => {};

  const save = async () => {
    timer = undefined;
    if (stopped) return;
    const owner = sessionUserId();
    // Logged out (here or in another tab): forget. Another user signed in elsewhere: this cache
    // holds none of their data, so this tab must not write under their id.
    if (owner !== userId) {
      persistence.stop();
      if (owner === null) await store.remove();
      return;
    }
    const now = Date.now();
    const queries = snapshot(queryClient, now);
    await store.write({ userId, buster: SAVED_QUERIES_BUSTER, savedAt: now, queries });
  };
  const saveSoon = () => {
    if (stopped || timer !== undefined) return;
    timer = setTimeout(
      () => void save().catch(reportError('Could not save data for offline use')),
      SAVE_DELAY_MS,
    );
  };
  // A tab being hidden may be a tab being closed: write what is pending now.
  const onHidden = () => {
    if (document.visibilityState !== 'hidden' || timer === undefined) return;
    clearTimeout(timer);
    void save().catch(reportError('Could not save data for offline use'));
  };

  const ready = restore(queryClient, store, userId)
    .catch(reportError('Could not restore the saved data'))
    .then(() => {
      if (stopped) return;
      unsubscribe = queryClient.getQueryCache().subscribe((event) => {
        const changed =
          event.type === 'added' ||
          event.type === 'removed' ||
          (event.type === 'updated' && event.action.type === 'success');
        if (changed) saveSoon();
      });
      document.addEventListener('visibilitychange', onHidden);
    });

  const persistence: Persistence = {
    userId,
    ready,
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      unsubscribe();
      document.removeEventListener('visibilitychange', onHidden);
      if (running.get(queryClient) === persistence) running.delete(queryClient);
    },
  };
  return persistence;
}

/**
 * Restores the signed-in user's saved data into the cache (once per client and user), then keeps
 * saving it as it changes. Offline, the protected layout's guard awaits it before any screen's
 * loader runs, so loaders find the saved data; online it runs alongside the loaders' fetches.
 * Never rejects: without storage the app simply works online only.
 */
export function startQueryPersistence(queryClient: QueryClient): Promise<void> {
  const userId = sessionUserId();
  const current = running.get(queryClient);
  if (current !== undefined && current.userId === userId) return current.ready;
  current?.stop();
  const store = currentStorage();
  if (userId === null || store === null) return Promise.resolve();
  const persistence = createPersistence(queryClient, store, userId);
  running.set(queryClient, persistence);
  return persistence.ready;
}

/** Stops saving for this client (tests; a client being thrown away). */
export function stopQueryPersistence(queryClient: QueryClient): void {
  running.get(queryClient)?.stop();
}

/** Deletes the saved data (logout, a session that ended); the next signed-in user starts empty. */
export async function forgetSavedQueries(): Promise<void> {
  await currentStorage()?.remove();
}
