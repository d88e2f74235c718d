// Each tab saves its own unsent writes (its outbox) and adopts those of closed tabs, rather than all tabs sharing one outbox: a shared one would need every tab to read, change and write it back under a lock at each change, and to agree on which writes are done.
//
// A tab holds a Web Lock named after itself for as long as it lives; a free lock means its tab closed
// or crashed. Whoever gets that lock adopts the outbox inside it (hydrates the writes into its own
// client, saves them under its own key, then deletes the old key), so each write is kept by one tab
// and sent once; a write sent again after a crash between the two steps carries its Idempotency-Key.
// A BroadcastChannel keeps the tabs' month data in step and carries a logout to every tab. It is the
// browser's own: @tanstack/query-broadcast-client-experimental pins its own @tanstack/query-core
// (a second copy in the bundle) and brings the broadcast-channel polyfill, for browsers that have no
// Web Locks anyway; what it does for queries is the few lines of shareMonthData below.
import type { AsyncStorage, PersistedClient } from '@tanstack/query-persist-client-core';
import type { DehydratedState, Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { MONTH_DATA_KEY } from './keys';
import { onTempIdSwapped, swapTempId, withKnownIds } from './sync';

/** The saved data's store, as query-persistence.ts hands it over (IndexedDB, or a stand-in in tests). */
export type KeyedStorage = AsyncStorage<string> & { keys(): Promise<string[]> };

export type SavedWrites = DehydratedState['mutations'];

const OUTBOX_PREFIX = 'outbox:';
const LOCK_PREFIX = 'monthbook-tab:';
/** How often at most a tab tells the others a month list it changed (`shareMonthData`). */
const SHARE_MS = 100;
/**
 * A channel per kind of message, each heard by one kind of listener: a post is copied to every
 * other channel of its name, this page's own included, and each copy costs the main thread.
 * Sharing one, a tab would copy every change of a month list (sent whole) and of its queue to its
 * own outbox's and logout's listeners, which drop them (a second of main thread while 50 queued
 * changes sync).
 */
const CHANNELS = { tabs: 'monthbook:tabs', data: 'monthbook:data', logout: 'monthbook:logout' };
type Topic = keyof typeof CHANNELS;

export const outboxKey = (tab: string) => `${OUTBOX_PREFIX}${tab}`;
export const isOutboxKey = (key: string) => key.startsWith(OUTBOX_PREFIX);

/** One id per page load (and per signed-in user in it): its outbox's key and its lock's name. */
export function newTabId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

function webLocks(): LockManager | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.locks;
}

type Message =
  | { type: 'hello'; tab: string }
  /**
   * A tab's unsent writes as it saved them (JSON), so every tab lists every change waiting; with
   * the server's ids of the creates that landed there (temporary id, id).
   */
  | { type: 'pending'; tab: string; buster: string; writes: string; ids: IdSwap[] }
  | { type: 'data'; user: number; queryKey: QueryKey; data: unknown; updatedAt: number }
  /** A create landed in that tab: its temporary id is now the server's id. */
  | { type: 'id'; user: number; tempId: number; id: number }
  | { type: 'logout' };

/** A create's temporary id and the server's id it landed as. */
export type IdSwap = [tempId: number, id: number];

/** This page, so that its own messages, heard on its other channels, are told apart. */
const PAGE = newTabId();

interface Channel {
  post(message: Message): void;
  close(): void;
}

/**
 * A channel to the app's other channels of `topic` (none where the browser has no
 * BroadcastChannel): `handle` hears what they post, with `fromHere` set when it came from this
 * very page.
 */
function openChannel(
  topic: Topic,
  handle?: (message: Message, fromHere: boolean) => void,
): Channel {
  if (typeof BroadcastChannel === 'undefined') return { post() {}, close() {} };
  const channel = new BroadcastChannel(CHANNELS[topic]);
  if (handle)
    channel.onmessage = (event: MessageEvent<Message & { page: string }>) =>
      handle(event.data, event.data.page === PAGE);
  return {
    post: (message) => channel.postMessage({ ...message, page: PAGE }),
    close: () => channel.close(),
  };
}

export interface OutboxOptions {
  storage: KeyedStorage;
  /** Only an outbox saved with this buster (this app version, this user) is adopted. */
  buster: string;
  /** Writes the tab queued now, to be saved. */
  writes(): SavedWrites;
  /** Takes over another tab's writes: into this tab's cache, on screen, and sent. */
  adopt(writes: SavedWrites): Promise<void>;
  /** The unsent writes of the other open tabs changed (closed tabs' are adopted, then listed as ours). */
  othersChanged?(writes: SavedWrites): void;
  /** The creates that landed, newest last, told with this tab's queue. */
  swaps?(): IdSwap[];
  /** Another tab's landed creates, heard before the queue they came with. */
  heardSwaps?(swaps: IdSwap[]): void;
}

export interface Outbox {
  /** Settles once the tab holds its lock and the outboxes of tabs closed before it are adopted. */
  ready: Promise<void>;
  /** Writes this tab's queue now (or deletes its key once nothing waits). */
  save(): Promise<void>;
  /** Logged out, or another user: nothing more is saved or adopted, and the lock is let go. */
  stop(): void;
}

/** This tab's outbox: held under its lock, saved on demand, adopting the outboxes of closed tabs. */
export function openOutbox({
  storage,
  buster,
  writes,
  adopt,
  othersChanged,
  swaps = () => [],
  heardSwaps,
}: OutboxOptions): Outbox {
  const tab = newTabId();
  const key = outboxKey(tab);
  const locks = webLocks();
  const stopping = new AbortController();
  let release = () => {};
  let saved = false;
  /** Tabs whose outbox this tab adopts once their lock is free (each asked for once). */
  const watched = new Set<string>();
  /** What each other open tab last said it has waiting, and what this one last said. */
  const others = new Map<string, SavedWrites>();
  let announced = '[]';
  /** Closed tabs whose outbox was adopted: a message of theirs still on its way is stale. */
  const adopted = new Set<string>();
  const setOthers = (owner: string, list: SavedWrites | undefined) => {
    if (adopted.has(owner)) return;
    if (list && list.length > 0) others.set(owner, list);
    else if (!others.delete(owner)) return;
    othersChanged?.([...others.values()].flat());
  };

  const held = new Promise<void>((granted) => {
    if (!locks) return granted();
    locks
      .request(`${LOCK_PREFIX}${tab}`, { signal: stopping.signal }, () => {
        granted();
        return new Promise<void>((done) => {
          release = done;
        });
      })
      .catch(() => granted());
  });

  const save = async () => {
    await held;
    if (stopping.signal.aborted) return;
    const queued = writes();
    announce(JSON.stringify(queued));
    if (queued.length === 0) {
      if (saved) await storage.removeItem(key);
      saved = false;
      return;
    }
    const client: PersistedClient = {
      timestamp: Date.now(),
      buster,
      clientState: { queries: [], mutations: queued },
    };
    saved = true;
    await storage.setItem(key, JSON.stringify(client));
  };

  const tellQueue = () =>
    channel.post({ type: 'pending', tab, buster, writes: announced, ids: swaps() });
  const announce = (text: string) => {
    if (text === announced) return;
    announced = text;
    tellQueue();
  };

  /** Inside the closed tab's lock: its writes become this tab's, saved here before its key goes. */
  const takeOver = async (owner: string) => {
    try {
      await adoptOutbox(owner);
    } finally {
      // Only now: until its writes are this tab's, a change here to an item it created waits for them.
      setOthers(owner, undefined);
      adopted.add(owner);
    }
  };
  const adoptOutbox = async (owner: string) => {
    if (stopping.signal.aborted) return;
    const text = await storage.getItem(outboxKey(owner));
    if (!text) return;
    const orphan = JSON.parse(text) as PersistedClient;
    // Another user's (their session ended on this device) or another version's: never sent as ours.
    if (orphan.buster === buster && orphan.clientState.mutations.length > 0) {
      await adopt(orphan.clientState.mutations);
      await save();
    }
    // Stopped meanwhile (logged out, another user signed in, the page going away): the writes
    // were not saved under this tab's key, so the closed tab's outbox stays for the next tab.
    if (stopping.signal.aborted) return;
    await storage.removeItem(outboxKey(owner));
  };

  const adoptWhenClosed = async (owner: string): Promise<void> => {
    if (owner === tab || watched.has(owner) || stopping.signal.aborted) return;
    watched.add(owner);
    // Without Web Locks (an old browser) a tab cannot tell a closed tab from an open one: it takes
    // what it finds at start, as when every tab shared one saved queue.
    if (!locks) return takeOver(owner);
    const name = `${LOCK_PREFIX}${owner}`;
    const free = await locks.request(name, { ifAvailable: true }, async (lock) => {
      if (lock) await takeOver(owner);
      return lock !== null;
    });
    if (free) return;
    // Open now: its lock is granted here once it closes or crashes.
    void locks.request(name, { signal: stopping.signal }, () => takeOver(owner)).catch(() => {});
  };

  const adoptClosedTabs = async () => {
    await held;
    const owners = new Set(
      (await storage.keys()).filter(isOutboxKey).map((k) => k.slice(OUTBOX_PREFIX.length)),
    );
    // Open tabs with nothing saved yet are watched too: they may save and close later.
    const snapshot = await locks?.query();
    for (const lock of snapshot?.held ?? [])
      if (lock.name?.startsWith(LOCK_PREFIX)) owners.add(lock.name.slice(LOCK_PREFIX.length));
    await Promise.all([...owners].map(adoptWhenClosed));
  };

  const channel = openChannel('tabs', (message) => {
    if (message.type === 'hello') {
      void adoptWhenClosed(message.tab).catch(reportError);
      // A tab just opened: it hears what this one has waiting.
      if (announced !== '[]') tellQueue();
    }
    if (message.type === 'pending' && message.tab !== tab && message.buster === buster) {
      // The ids before the queue: a create that left that tab's queue has landed, and a change
      // here waiting for it must find its id rather than take it for dropped. The create's own
      // message with its id comes on another channel, and BroadcastChannel keeps the order of
      // one channel's messages only.
      if (message.ids.length > 0) heardSwaps?.(message.ids);
      // Listed until that tab says it has nothing left, or closes: every open tab is watched
      // (its hello, or its lock at start), and its lock granted here once it is gone.
      setOthers(message.tab, JSON.parse(message.writes) as SavedWrites);
    }
  });
  const ready = adoptClosedTabs().then(() => {
    // A tab stopped meanwhile has closed its channel, and has nothing to announce.
    if (!stopping.signal.aborted) channel.post({ type: 'hello', tab });
  });

  return {
    ready,
    save,
    stop() {
      // Nothing announced: its saved writes are still waiting, and listed by the other tabs until
      // one adopts them once its lock is free.
      stopping.abort();
      channel.close();
      release();
    },
  };
}

function reportError(error: unknown) {
  console.error('Could not adopt the changes of a closed tab', error);
}

/**
 * Keeps the month data of every tab in step: what one tab's cache shows (a queued change shown at
 * once, the server's answer) is shown by the others. Each tab re-applies its own queued changes
 * over what it receives (src/offline/sync.ts), and a copy older than its own is ignored.
 */
export function shareMonthData(queryClient: QueryClient, user: number): () => void {
  let receiving = false;
  const channel = openChannel('data', (message, fromHere) => {
    if (fromHere || !('user' in message) || message.user !== user) return;
    // Rows and queued changes here may hold that tab's temporary id: they take the server's.
    if (message.type === 'id') swapTempId(queryClient, message.tempId, message.id, true);
    if (message.type !== 'data') return;
    const mine = queryClient.getQueryState(message.queryKey);
    if (mine !== undefined && mine.dataUpdatedAt >= message.updatedAt) return;
    receiving = true;
    try {
      queryClient.setQueryData(message.queryKey, withKnownIds(queryClient, message.data), {
        updatedAt: message.updatedAt,
      });
    } finally {
      receiving = false;
    }
  });
  /**
   * The lists changed since the last post, each told once per SHARE_MS with what it holds then: a
   * message copies the whole list into every tab, so telling each change made a run of edits cost
   * the square of their number (making a month of 31 entries private edits some 260 rows, and
   * spent seven of its seventeen seconds copying lists).
   */
  const changed = new Map<string, Query>();
  let sharing: ReturnType<typeof setTimeout> | undefined;
  const share = () => {
    sharing = undefined;
    // A list dropped from the cache meanwhile (a logout) has nothing to tell.
    for (const { queryKey, state } of changed.values())
      if (state.data !== undefined)
        channel.post({
          type: 'data',
          user,
          queryKey,
          data: state.data,
          updatedAt: state.dataUpdatedAt,
        });
    changed.clear();
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (receiving || event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryKey[0] !== MONTH_DATA_KEY[0]) return;
    changed.set(event.query.queryHash, event.query);
    sharing ??= setTimeout(share, SHARE_MS);
  });
  const stopSwaps = onTempIdSwapped(queryClient, ({ tempId, id, told }) => {
    if (!told) channel.post({ type: 'id', user, tempId, id });
  });
  return () => {
    unsubscribe();
    stopSwaps();
    clearTimeout(sharing);
    channel.close();
  };
}

/** Tells the other tabs that the session ended here (they leave the signed-in area). */
export function announceLogout(): void {
  const channel = openChannel('logout');
  channel.post({ type: 'logout' });
  channel.close();
}

/** Calls `then` when another tab logs out. */
export function onLogoutElsewhere(then: () => void): () => void {
  // Not this page's own logout, which goes on its own way.
  const channel = openChannel('logout', (message, fromHere) => {
    if (message.type === 'logout' && !fromHere) then();
  });
  return () => channel.close();
}

/**
 * How many unsent writes every tab has saved for the user whose buster this is (for the logout's
 * warning): another user's, left by an earlier session on this browser, are not theirs to lose.
 */
export async function savedWriteCount(storage: KeyedStorage, buster: string): Promise<number> {
  let count = 0;
  for (const key of await storage.keys()) {
    const text = isOutboxKey(key) ? await storage.getItem(key) : null;
    if (!text) continue;
    const saved = JSON.parse(text) as PersistedClient;
    if (saved.buster === buster) count += saved.clientState.mutations.length;
  }
  return count;
}
