// Saves the signed-in user's month data and their unsent changes to IndexedDB with TanStack's persister
// (@tanstack/query-persist-client-core + the async storage persister over idb-keyval), so months already
// seen open offline and changes made offline survive a reload. The month data is one copy shared by
// every tab (only a first paint); each tab's unsent changes are its own (src/offline/tabs.ts).

import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  type PersistedClient,
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSave,
} from '@tanstack/query-persist-client-core';
import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Mutation,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import { version } from '../../package.json';
import { sessionUserId } from '../api/tokens';
import { isBrowserOffline, isOfflineError } from '../offline-error';
import { ACCOUNT_KEY_STORAGE_KEY, MONTH_DATA_KEY } from './keys';
import {
  type AnyWriteKind,
  hearLandedCreates,
  installSync,
  landedCreates,
  OTHER_TABS_WRITES_KEY,
  onTempIdSwapped,
  resumeQueuedWrites,
  sendOnlySaved,
  WRITE_KEY,
  withoutUnsavedRows,
} from './sync';
import type { KeyedStorage, SavedWrites } from './tabs';

/** What is shared between tabs loads after the page: nothing of it is needed to show saved data. */
const tabs = () => import('./tabs');

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
export type SavedQueriesStorage = KeyedStorage;

/** The key under which the persister stores the month data (each tab's changes have their own). */
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
    keys: async () => (await keys(db())).map(String),
  };
}

let storage: SavedQueriesStorage | null | undefined;

/** The device's storage for the user's data (null: none), which logout empties. */
export function currentStorage(): SavedQueriesStorage | null {
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
    query.queryKey[0] === MONTH_DATA_KEY[0] &&
    query.state.data !== undefined &&
    Date.now() - query.state.dataUpdatedAt < SAVED_QUERIES_MAX_AGE_MS
  );
}

/**
 * Changes to the journal not yet confirmed by the server: waiting for the network, sent and
 * unanswered, or refused (kept until the user edits or discards them). Only the queued writes:
 * another mutation under way when the page goes (the billing portal's link, a login) is no change
 * of the user's, and restored it would be counted as one waiting to sync.
 */
function isSavedMutation(mutation: Mutation): boolean {
  const { isPaused, status } = mutation.state;
  return (
    mutation.options.mutationKey?.[0] === WRITE_KEY &&
    (isPaused || status === 'pending' || status === 'error')
  );
}

/** Errors that are final, saved with their message; any other failure is sent again. */
const REFUSALS = new Set(['SyncRefusal', 'DeletedElsewhereError']);

/**
 * A refusal (src/offline/sync.ts) or an item deleted elsewhere, saved with its message: sending it
 * again would only be refused (or asked about) again.
 */
function isSavedRefusal(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    typeof error.name === 'string' &&
    REFUSALS.has(error.name)
  );
}

/**
 * Changes that were in flight when their page went away, marked paused, so they are sent again
 * (with their Idempotency-Key, so the server makes no second row); refusals stay refused.
 */
function usableWrites(mutations: SavedWrites): SavedWrites {
  return mutations.map((mutation) =>
    mutation.state.status === 'pending' ||
    (mutation.state.status === 'error' && !isSavedRefusal(mutation.state.error))
      ? {
          ...mutation,
          state: { ...mutation.state, status: 'pending', error: null, isPaused: true },
        }
      : mutation,
  );
}

/** What the restore hands to TanStack's hydrate: queries older than the maximum age dropped. */
function usableState(state: DehydratedState): DehydratedState {
  const now = Date.now();
  return {
    queries: state.queries.filter(
      (query) => now - query.state.dataUpdatedAt < SAVED_QUERIES_MAX_AGE_MS,
    ),
    // Only saved here by versions that kept every tab's changes under this one key.
    mutations: usableWrites(state.mutations),
  };
}

/** Loads every write kind (src/queries/all-writes.ts). */
export type WriteKindsLoader = () => Promise<readonly AnyWriteKind[]>;

/**
 * What the queries layer does to month data at the device's edge (src/queries/private-rows.ts): a
 * private month's content is saved sealed, and opened again once restored.
 */
export interface MonthDataAtRest {
  seal: (data: unknown) => unknown;
  /** False for what must not be saved at all. */
  keeps: (queryClient: QueryClient, queryKey: readonly unknown[]) => boolean;
  restored: (queryClient: QueryClient) => Promise<void>;
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
  loadWrites: WriteKindsLoader,
  atRest: MonthDataAtRest,
): Persistence {
  /** Before saved writes are hydrated, so each finds its function by its key. */
  const loadWriteKinds = async () => installSync(queryClient, await loadWrites());
  // Kept in memory as long as they may be saved: otherwise a month seen earlier in a long session
  // would leave the cache after 5 unused minutes, and with it the saved data.
  queryClient.setQueryDefaults(MONTH_DATA_KEY, { gcTime: SAVED_QUERIES_MAX_AGE_MS });
  // Another tab's list is told once per change: kept while no navbar watches it.
  queryClient.setQueryDefaults(OTHER_TABS_WRITES_KEY, { gcTime: Number.POSITIVE_INFINITY });
  const base = createAsyncStoragePersister({
    storage: store,
    key: SAVED_QUERIES_KEY,
    throttleTime: 0,
  });
  const buster = savedQueriesBuster(userId);
  const restoredKeys: Query['queryKey'][] = [];
  /** Changes saved with the month data by a version that kept every tab's there. */
  let legacyWrites = false;
  const persister: Persister = {
    persistClient: (client) => base.persistClient(client),
    removeClient: () => base.removeClient(),
    restoreClient: async () => {
      const saved: PersistedClient | undefined = await base.restoreClient();
      // Another user's or version's data fails the buster check and is deleted by TanStack.
      if (saved === undefined || saved.buster !== buster) return saved;
      const clientState = usableState(saved.clientState);
      restoredKeys.push(...clientState.queries.map((query) => query.queryKey));
      if (clientState.mutations.length > 0) {
        legacyWrites = true;
        await loadWriteKinds();
      }
      return { ...saved, clientState };
    },
  };
  let stopped = false;
  /** Once the saved data is restored: writes adopted later are shown and sent at once. */
  let restored = false;
  const outbox = tabs().then(({ openOutbox }) =>
    openOutbox({
      storage: store,
      buster,
      writes: () =>
        dehydrate(queryClient, {
          shouldDehydrateQuery: () => false,
          shouldDehydrateMutation: isSavedMutation,
        }).mutations,
      adopt: async (writes) => {
        await loadWriteKinds();
        hydrate(queryClient, { queries: [], mutations: usableWrites(writes) });
        if (restored) void resumeQueuedWrites(queryClient);
      },
      // Listed beside this tab's own in the navbar; named by their kinds, loaded here too.
      othersChanged: (writes) =>
        void loadWriteKinds().then(() => {
          if (!stopped) queryClient.setQueryData(OTHER_TABS_WRITES_KEY, writes);
        }),
      swaps: () => landedCreates(queryClient),
      heardSwaps: (swaps) => {
        if (!stopped) hearLandedCreates(queryClient, swaps);
      },
    }),
  );
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
        shouldDehydrateQuery: (query) =>
          isSavedQuery(query) && atRest.keeps(queryClient, query.queryKey),
        shouldDehydrateMutation: () => false,
        // Rows of queued creates come back from the queue (this tab's, or the one adopting it).
        serializeData: (data) => atRest.seal(withoutUnsavedRows(data)),
      },
    });
  };
  /** The writes (their variables) in a save the device has finished, and the sends waiting for one. */
  const savedWrites = new WeakSet<object>();
  let waiting: { variables: object; saved: () => void }[] = [];
  const letSavedGo = (all: boolean) => {
    waiting = waiting.filter(({ variables, saved }) => {
      if (!all && !savedWrites.has(variables)) return true;
      saved();
      return false;
    });
  };
  sendOnlySaved(queryClient, (variables) =>
    stopped || typeof variables !== 'object' || variables === null || savedWrites.has(variables)
      ? Promise.resolve()
      : new Promise((saved) => {
          waiting.push({ variables, saved });
          saveNow();
        }),
  );
  /** This tab's unsent changes, under its own key: no other tab's save can overwrite them. */
  const saveWrites = async () => {
    soon = undefined;
    if (stopped) return;
    if (sessionUserId() !== userId) {
      persistence.stop();
      return;
    }
    const queued = queryClient
      .getMutationCache()
      .getAll()
      .filter(isSavedMutation)
      .map((write) => write.state.variables);
    try {
      await (await outbox).save();
    } catch (error) {
      // A device that cannot save holds nothing back: the writes go as they would without one.
      letSavedGo(true);
      throw error;
    }
    for (const variables of queued)
      if (typeof variables === 'object' && variables !== null) savedWrites.add(variables);
    letSavedGo(false);
  };
  const saveSoon = () => {
    if (stopped || timer !== undefined) return;
    timer = setTimeout(
      () => void save().catch(reportError('Could not save data for offline use')),
      SAVE_DELAY_MS,
    );
  };
  /** The changes now, and the month data with them if its write was waiting (the tab may close). */
  const saveWritesNow = () => {
    if (timer !== undefined) {
      clearTimeout(timer);
      void save().catch(reportError('Could not save data for offline use'));
    }
    void saveWrites().catch(reportError('Could not save the changes for offline use'));
  };
  /**
   * Now, not in a moment: a change the user just made must survive the tab closing. One write for
   * all the changes of a task (a Save queues one per step, each added then pending), in the next
   * task: writing on each cost the Save's click most of ten milliseconds before its card showed.
   */
  const saveNow = () => {
    if (stopped || soon !== undefined) return;
    soon = setTimeout(saveWritesNow, 0);
  };
  // A tab being hidden may be a tab being closed: write what is pending now.
  const onHidden = () => {
    if (document.visibilityState !== 'hidden' || (timer === undefined && soon === undefined))
      return;
    if (soon !== undefined) clearTimeout(soon);
    saveWritesNow();
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
    void atRest.restored(queryClient).catch(reportError('Could not open the saved private months'));
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
    // The changes of tabs closed meanwhile join this tab's before it shows or sends them.
    .then(async () => (await outbox).ready)
    .catch(reportError('Could not adopt the changes of a closed tab'))
    .then(() => {
      if (stopped) return;
      restored = true;
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
      // Another tab's create landed: the writes here that named its item were changed in place.
      const unsubscribeSwaps = onTempIdSwapped(queryClient, saveNow);
      const sharing = tabs().then(({ shareMonthData }) => shareMonthData(queryClient, userId));
      unsubscribe = () => {
        unsubscribeQueries();
        unsubscribeMutations();
        unsubscribeSwaps();
        void sharing.then((stopSharing) => stopSharing());
      };
      // Data the page fetched while the changes of closed tabs were being adopted: saved too.
      if (queryClient.getQueryCache().getAll().some(isSavedQuery)) saveSoon();
      // Changes restored from the month data's copy: this tab's own from now on, and only here.
      if (legacyWrites) saveNow();
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
      void outbox.then((box) => box.stop());
      // Nothing is saved here any more: waiting sends go as they would without a device.
      letSavedGo(true);
      document.removeEventListener('visibilitychange', onHidden);
      if (running.get(queryClient) === persistence) {
        running.delete(queryClient);
        sendOnlySaved(queryClient, undefined);
      }
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
export function startQueryPersistence(
  queryClient: QueryClient,
  loadWrites: WriteKindsLoader,
  atRest: MonthDataAtRest,
): Promise<void> {
  leaveOnLogoutElsewhere(queryClient);
  const userId = sessionUserId();
  const current = running.get(queryClient);
  if (current !== undefined && current.userId === userId) return current.ready;
  current?.stop();
  const store = currentStorage();
  if (userId === null || store === null) return Promise.resolve();
  const persistence = createPersistence(queryClient, store, userId, loadWrites, atRest);
  running.set(queryClient, persistence);
  return persistence.ready;
}

/**
 * Runs a screen's reads. Online the loaders do not wait for the saved data to be restored (see
 * startQueryPersistence); when the network goes while the reads are out, they are run again once
 * it is, so what is saved on this device shows rather than "not available offline".
 */
export async function readOrSavedCopy<T>(
  queryClient: QueryClient,
  read: () => Promise<T>,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!(isOfflineError(error) || isBrowserOffline())) throw error;
    await running.get(queryClient)?.ready;
    return read();
  }
}

/** Each client's listener for a logout in another tab, and how to stop it. */
const listening = new WeakMap<QueryClient, Promise<() => void>>();

/**
 * Logged out in another tab (which deleted the saved data): this one leaves the signed-in area too,
 * saving nothing more, whatever its own saving had noticed already.
 */
function leaveOnLogoutElsewhere(queryClient: QueryClient): void {
  if (listening.has(queryClient)) return;
  const stopListening = tabs().then(({ onLogoutElsewhere }) =>
    onLogoutElsewhere(() => {
      stopQueryPersistence(queryClient);
      queryClient.clear();
      // A save that was under way as the other tab deleted everything is deleted too.
      void forgetSavedQueries()
        .catch(reportError('Could not forget the saved data'))
        .finally(() => window.location.assign('/'));
    }),
  );
  listening.set(queryClient, stopListening);
}

/** Stops saving for this client (tests; a client being thrown away). */
export function stopQueryPersistence(queryClient: QueryClient): void {
  void listening.get(queryClient)?.then((stopListening) => stopListening());
  listening.delete(queryClient);
  running.get(queryClient)?.stop();
}

/**
 * Deletes the saved data, every tab's unsent changes and the account key kept open here (logout,
 * a session that ended); the next signed-in user starts empty.
 */
export async function forgetSavedQueries(): Promise<void> {
  const store = currentStorage();
  if (!store) return;
  const [saved, { isOutboxKey }] = await Promise.all([store.keys(), tabs()]);
  await Promise.all(
    saved
      .filter(
        (key) => key === SAVED_QUERIES_KEY || key === ACCOUNT_KEY_STORAGE_KEY || isOutboxKey(key),
      )
      .map((key) => store.removeItem(key)),
  );
}

/** How many changes wait to sync on this device, over every tab (the logout warns of them). */
export async function unsentWritesOnDevice(): Promise<number> {
  const store = currentStorage();
  const userId = sessionUserId();
  return store && userId !== null
    ? (await tabs()).savedWriteCount(store, savedQueriesBuster(userId))
    : 0;
}
