// Saves the signed-in user's month data and their unsent changes to IndexedDB with TanStack's persister
// (@tanstack/query-persist-client-core + the async storage persister over idb-keyval), so months already
// seen open offline and changes made offline survive a reload.

import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  type AsyncStorage,
  type PersistedClient,
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSave,
} from '@tanstack/query-persist-client-core';
import type { DehydratedState, Mutation, Query, QueryClient } from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { version } from '../../package.json';
import { sessionUserId } from '../api/tokens';
import { monthKeys } from '../queries/keys';
import { isBrowserOffline } from './offline-error';
import { installSync, resumeQueuedWrites } from './sync';

/** Data older than this is neither saved nor restored. */
export const SAVED_QUERIES_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Saved data from another version of the app is dropped: its shapes may have changed. */
export const SAVED_QUERIES_BUSTER = `monthbook@${version}`;
/** Cache changes come in bursts (a page loads several lists): one write per burst. */
const SAVE_DELAY_MS = 500;

/**
 * The persister's buster: the app's version and the user. Data saved by another user (or another
 * version) is busted, so TanStack's restore deletes it instead of showing it.
 */
export function savedQueriesBuster(userId: number): string {
  return `${SAVED_QUERIES_BUSTER}#user-${userId}`;
}

/** Where the saved client lives: IndexedDB in the browser, a stand-in in tests. */
export type SavedQueriesStorage = AsyncStorage<string>;

/** The one key under which the persister stores the client. */
export const SAVED_QUERIES_KEY = 'queries';

function indexedDbStorage(): SavedQueriesStorage | null {
  if (typeof indexedDB === 'undefined') return null;
  // Opened on first use: a browser that refuses IndexedDB (some private modes) only loses offline use.
  let store: UseStore | undefined;
  const db = () => {
    store ??= createStore('monthbook', 'offline');
    return store;
  };
  return {
    getItem: async (key) => (await get<string>(key, db())) ?? null,
    setItem: (key, value) => set(key, value, db()),
    removeItem: (key) => del(key, db()),
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
function isSavedQuery(query: Query): boolean {
  return (
    query.queryKey[0] === monthKeys.all[0] &&
    query.state.data !== undefined &&
    Date.now() - query.state.dataUpdatedAt < SAVED_QUERIES_MAX_AGE_MS
  );
}

/**
 * Changes not yet confirmed by the server: waiting for the network, sent and unanswered, or
 * refused (kept until the user edits or discards them).
 */
function isSavedMutation(mutation: Mutation): boolean {
  const { isPaused, status } = mutation.state;
  return isPaused || status === 'pending' || status === 'error';
}

/** A refusal saved with its message (src/offline/sync.ts); any other failure is sent again. */
function isSavedRefusal(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'name' in error && error.name === 'SyncRefusal'
  );
}

/**
 * What the restore hands to TanStack's hydrate: queries older than the maximum age dropped, and
 * changes that were in flight when the page went away marked paused, so they are sent again (with
 * their Idempotency-Key, so the server makes no second row).
 */
function usableState(state: DehydratedState): DehydratedState {
  const now = Date.now();
  return {
    ...state,
    queries: state.queries.filter(
      (query) => now - query.state.dataUpdatedAt < SAVED_QUERIES_MAX_AGE_MS,
    ),
    mutations: state.mutations.map((mutation) =>
      mutation.state.status === 'pending' ||
      (mutation.state.status === 'error' && !isSavedRefusal(mutation.state.error))
        ? {
            ...mutation,
            state: { ...mutation.state, status: 'pending', error: null, isPaused: true },
          }
        : mutation,
    ),
  };
}

interface Persistence {
  userId: number;
  /** Settles once the saved data is in the cache (or there was none to restore). */
  ready: Promise<void>;
  stop(): void;
}

const running = new WeakMap<QueryClient, Persistence>();

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
  const base = createAsyncStoragePersister({
    storage: store,
    key: SAVED_QUERIES_KEY,
    throttleTime: 0,
  });
  const buster = savedQueriesBuster(userId);
  const restoredKeys: Query['queryKey'][] = [];
  const persister: Persister = {
    persistClient: (client) => base.persistClient(client),
    removeClient: () => base.removeClient(),
    restoreClient: async () => {
      const saved: PersistedClient | undefined = await base.restoreClient();
      // Another user's or version's data fails the buster check and is deleted by TanStack.
      if (saved === undefined || saved.buster !== buster) return saved;
      const clientState = usableState(saved.clientState);
      restoredKeys.push(...clientState.queries.map((query) => query.queryKey));
      // Unsent writes: their kinds (and the API code) load first, so each restored write finds its
      // function by its key. Without any, pages that make no writes do not load that code.
      if (clientState.mutations.length > 0) {
        await Promise.all([import('../queries/writes'), import('../queries/month-writes')]);
        installSync(queryClient);
      }
      return { ...saved, clientState };
    },
  };
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The write of the changes the user just made, in the next task (saveNow). */
  let soon: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe = () => {};

  const save = async () => {
    timer = undefined;
    if (stopped) return;
    const owner = sessionUserId();
    // Logged out here or in another tab (logout deletes the saved data itself), or the session
    // expired (the saved changes wait for the same user to log in again), or another user signed
    // in elsewhere: this cache holds none of their data, so this tab must not write under their id.
    if (owner !== userId) {
      persistence.stop();
      return;
    }
    await persistQueryClientSave({
      queryClient,
      persister,
      buster,
      dehydrateOptions: {
        shouldDehydrateQuery: isSavedQuery,
        shouldDehydrateMutation: isSavedMutation,
      },
    });
  };
  const saveSoon = () => {
    if (stopped || timer !== undefined) return;
    timer = setTimeout(
      () => void save().catch(reportError('Could not save data for offline use')),
      SAVE_DELAY_MS,
    );
  };
  const saveNowOnce = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    soon = undefined;
    void save().catch(reportError('Could not save data for offline use'));
  };
  /**
   * Now, not in a moment: a change the user just made must survive the tab closing. One write for
   * all the changes of a task (a Save queues one per step, each added then pending), in the next
   * task: writing on each cost the Save's click most of ten milliseconds before its card showed.
   */
  const saveNow = () => {
    if (stopped || soon !== undefined) return;
    soon = setTimeout(saveNowOnce, 0);
  };
  // A tab being hidden may be a tab being closed: write what is pending now.
  const onHidden = () => {
    if (document.visibilityState !== 'hidden' || (timer === undefined && soon === undefined))
      return;
    if (soon !== undefined) clearTimeout(soon);
    saveNowOnce();
  };

  const restore = async () => {
    // Before the restore: a restored write is built with its kind's function and options.
    installSync(queryClient);
    const before = new Set(queryClient.getQueryCache().getAll());
    await persistQueryClientRestore({
      queryClient,
      persister,
      buster,
      maxAge: SAVED_QUERIES_MAX_AGE_MS,
    });
    // Online, saved data is only a first paint: it may predate a change made just before a reload
    // (saving lags changes by a moment), so screens refetch it. Offline it is all there is.
    if (isBrowserOffline()) return;
    for (const queryKey of restoredKeys) {
      const query = queryClient.getQueryCache().find({ queryKey, exact: true });
      // What this page had fetched already is newer than anything saved.
      if (query === undefined || before.has(query)) continue;
      void queryClient.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
    }
  };

  const ready = restore()
    .catch(reportError('Could not restore the saved data'))
    .then(() => {
      if (stopped) return;
      const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
        const changed =
          event.type === 'added' ||
          event.type === 'removed' ||
          (event.type === 'updated' && event.action.type === 'success');
        if (changed) saveSoon();
      });
      // Every change to the queue is written at once: added, paused, settled, removed.
      const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'added' || event.type === 'removed' || event.type === 'updated')
          saveNow();
      });
      unsubscribe = () => {
        unsubscribeQueries();
        unsubscribeMutations();
      };
      document.addEventListener('visibilitychange', onHidden);
      // Changes made before the reload: on screen again, and sent when the network is there.
      void resumeQueuedWrites(queryClient);
    });

  const persistence: Persistence = {
    userId,
    ready,
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      if (soon !== undefined) clearTimeout(soon);
      timer = undefined;
      soon = undefined;
      unsubscribe();
      document.removeEventListener('visibilitychange', onHidden);
      if (running.get(queryClient) === persistence) running.delete(queryClient);
    },
  };
  return persistence;
}

/**
 * Restores the signed-in user's saved data and unsent changes into the cache (once per client and
 * user), then keeps saving them as they change. Offline, the protected layout's guard awaits it
 * before any screen's loader runs, so loaders find the saved data; online it runs alongside the
 * loaders' fetches. Never rejects: without storage the app simply works online only.
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
  await currentStorage()?.removeItem(SAVED_QUERIES_KEY);
}
