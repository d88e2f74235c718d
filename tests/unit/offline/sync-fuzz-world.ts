// The world the sync fuzzer's clients live in: the real server on loopback, the network between them (which can drop), and what a browser shares between its tabs (storage, Web Locks, BroadcastChannel), one per device.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PersistedClient } from '@tanstack/query-persist-client-core';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import type { SavedQueriesStorage } from '../../../src/offline/query-persistence';
import { fireNetworkEvent } from './offline-support';

/**
 * Every client (a tab) runs in the same JavaScript realm here, where in a browser each tab has its
 * own. To tell which tab a request, a lock or a channel belongs to, each tab's work runs inside
 * its own async context: promise continuations and timers keep the context they were started in,
 * so a write retried a second later is still known as its tab's.
 */
export const here = new AsyncLocalStorage<TabIdentity>();

/** What the world knows of a tab: its device, and whether it was closed (its network is then gone). */
export interface TabIdentity {
  name: string;
  device: Device;
  closed: boolean;
  /** The name of the Web Lock it holds for its life (its outbox is saved under the same id). */
  ownLock?: string;
}

// --- Waiting for events ---------------------------------------------------------------------

const checks = new Set<() => void>();
let checkScheduled = false;

/**
 * Something happened (a request went or came back, storage was written, a cache changed): every
 * wait looks again, once, after the current task.
 */
export function poke(): void {
  if (checkScheduled || checks.size === 0) return;
  checkScheduled = true;
  setTimeout(() => {
    checkScheduled = false;
    for (const check of [...checks]) check();
  }, 0);
}

/**
 * Resolves once `ready()` holds, looking again after each event of the world (never on a timer).
 * Rejects after `timeoutMs` with `describe()`, which says what was still outstanding.
 */
export function waitUntil(
  what: string,
  ready: () => boolean,
  describe: () => string = () => '',
  timeoutMs = 60_000,
): Promise<void> {
  if (ready()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!ready()) return;
      checks.delete(check);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      checks.delete(check);
      reject(new Error(`Timed out waiting for ${what}. ${describe()}`));
    }, timeoutMs);
    checks.add(check);
    poke();
  });
}

// --- The network -----------------------------------------------------------------------------

export const network = {
  /** The server's origin (http://127.0.0.1:port), once it listens. */
  server: '',
  inFlight: 0,
  /** Requests answered (or failed) so far. */
  completed: 0,
  /** Bumped each time the network drops: an answer on its way at that moment never arrives. */
  epoch: 0,
  online: true,
  /** Every request, with its tab and answer: printed with a failure when SYNC_FUZZ_TRACE is set. */
  trace: [] as string[],
};

/**
 * The browser's fetch, as the app's ky client calls it (against the page's origin): the request
 * goes to the real server over loopback. A closed tab sends nothing; an answer still on its way
 * when the network dropped is lost (the server did the work, the page never hears of it), as a
 * dropped connection does.
 */
export function installNetwork(realFetch: typeof fetch): typeof fetch {
  return async (input, init) => {
    const tab = here.getStore();
    if (tab?.closed) throw new TypeError('Failed to fetch');
    const request = new Request(input, init);
    const url = new URL(request.url);
    const epoch = network.epoch;
    network.inFlight += 1;
    poke();
    try {
      const response = await realFetch(
        new Request(`${network.server}${url.pathname}${url.search}`, request),
      );
      const lost = epoch !== network.epoch || tab?.closed;
      network.trace.push(
        `${Math.round(performance.now())} ${tab?.name ?? '-'} ${request.method} ${url.pathname}${url.search} ${response.status}${lost ? ' (answer lost)' : ''}`,
      );
      if (lost) {
        await response.arrayBuffer();
        throw new TypeError('Failed to fetch');
      }
      return response;
    } finally {
      network.inFlight -= 1;
      network.completed += 1;
      poke();
    }
  };
}

/**
 * The whole network goes or comes back, for every client at once: the app reads it from the
 * browser's online flag and TanStack's onlineManager, which are one per realm, and all the
 * clients share one realm here.
 */
export function setOnline(online: boolean): void {
  if (network.online === online) return;
  network.online = online;
  if (!online) network.epoch += 1;
  act(() => {
    fireNetworkEvent(online);
    onlineManager.setOnline(online);
  });
  poke();
}

// --- Devices ---------------------------------------------------------------------------------

/** One browser profile: its IndexedDB stand-in and its BroadcastChannel bus, shared by its tabs. */
export interface Device {
  name: string;
  storage: DeviceStorage;
  channels: Set<DeviceChannel>;
}

export interface DeviceStorage extends SavedQueriesStorage {
  /** What is stored under each key now, parsed. */
  saved(): Map<string, PersistedClient>;
}

/** The device's IndexedDB, in memory (jsdom has none): values as strings, as the app writes them. */
function deviceStorage(): DeviceStorage {
  const values = new Map<string, string>();
  return {
    saved: () =>
      new Map([...values].map(([key, value]) => [key, JSON.parse(value) as PersistedClient])),
    getItem: async (key) => values.get(key) ?? null,
    setItem: async (key, value) => {
      values.set(key, value);
      poke();
    },
    removeItem: async (key) => {
      values.delete(key);
      poke();
    },
    keys: async () => [...values.keys()],
  };
}

export function newDevice(name: string): Device {
  return { name, storage: deviceStorage(), channels: new Set() };
}

/** Messages posted between tabs and not yet delivered. */
export const broadcasts = { inTransit: 0 };

/**
 * Nothing on its way: no request, and no message between tabs. A tab hears of another tab's
 * landed create (its server id) only by message, posted as the answer arrives: a wait that
 * looked at the requests alone could end in between, and find that tab still showing the
 * temporary id it swaps a moment later.
 */
export function nothingInTransit(): boolean {
  return network.inFlight === 0 && broadcasts.inTransit === 0;
}

/**
 * The browser's BroadcastChannel, one bus per device: Node's own would join every client in the
 * process, so tabs of two devices would hear each other and share data no server sent. Messages
 * are copied (structured clone) and delivered in a later task, in the receiving tab's context.
 */
export class DeviceChannel {
  onmessage: ((event: MessageEvent) => void) | null = null;
  private readonly owner = here.getStore();
  private readonly bus: Set<DeviceChannel>;
  private closed = false;

  constructor(readonly name: string) {
    this.bus = this.owner?.device.channels ?? new Set();
    this.bus.add(this);
  }

  postMessage(message: unknown): void {
    // A closed tab posts nothing (here its cache may still hear an answer that was on its way).
    if (this.owner?.closed) return;
    for (const other of this.bus) {
      // Only other tabs hear it: the app tells its own page's messages apart by an id made when
      // its module loads, which all the tabs here share, so each message is given its tab's own.
      if (other.owner === this.owner || other.name !== this.name) continue;
      const copy = structuredClone({
        ...(message as object),
        page: `tab ${this.owner?.name ?? 'none'}`,
      });
      broadcasts.inTransit += 1;
      setTimeout(() => {
        try {
          if (other.closed) return;
          const deliver = () => other.onmessage?.({ data: copy } as MessageEvent);
          if (other.owner) here.run(other.owner, deliver);
          else deliver();
        } finally {
          broadcasts.inTransit -= 1;
          poke();
        }
      }, 0);
    }
  }

  close(): void {
    this.closed = true;
    this.bus.delete(this);
  }
}

/**
 * The browser's Web Locks, in memory (jsdom has none): exclusive locks granted in the order asked,
 * `ifAvailable` answered at once, a waiting request dropped when its signal aborts. One manager for
 * every device: the lock names the app uses are a tab's own id or one item's sends, so sharing it
 * only makes two devices' sends of one item take turns, which changes no outcome.
 */
export function fakeLocks() {
  const held = new Set<string>();
  const queued = new Map<string, (() => void)[]>();
  const release = (name: string) => {
    const next = queued.get(name)?.shift();
    if (next) next();
    else held.delete(name);
    poke();
  };
  return {
    async request(
      name: string,
      optionsOrCallback: LockOptions | LockGrantedCallback<unknown>,
      maybeCallback?: LockGrantedCallback<unknown>,
    ): Promise<unknown> {
      const options = typeof optionsOrCallback === 'function' ? {} : optionsOrCallback;
      const callback = (maybeCallback ?? optionsOrCallback) as LockGrantedCallback<unknown>;
      const tab = here.getStore();
      if (tab && tab.ownLock === undefined && name.startsWith('monthbook-tab:')) tab.ownLock = name;
      if (held.has(name) && options.ifAvailable) return callback(null);
      await new Promise<void>((granted, refused) => {
        if (!held.has(name)) {
          held.add(name);
          granted();
          return;
        }
        const waiting = queued.get(name) ?? [];
        const grant = () => granted();
        waiting.push(grant);
        queued.set(name, waiting);
        options.signal?.addEventListener('abort', () => {
          const index = waiting.indexOf(grant);
          if (index < 0) return;
          waiting.splice(index, 1);
          refused(new DOMException('The lock request was aborted', 'AbortError'));
        });
      });
      try {
        return await callback({ name, mode: 'exclusive' } as Lock);
      } finally {
        release(name);
      }
    },
    async query() {
      return { held: [...held].map((name) => ({ name })), pending: [] };
    },
  };
}

/** The clients' caches count as events too: a wait looks again whenever one changes. */
export function watchClient(queryClient: QueryClient): () => void {
  const stopMutations = queryClient.getMutationCache().subscribe(poke);
  const stopQueries = queryClient.getQueryCache().subscribe(poke);
  return () => {
    stopMutations();
    stopQueries();
  };
}
