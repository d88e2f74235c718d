// Each tab's own outbox (src/offline/tabs.ts): a closed tab's unsent writes are adopted once, by one tab,
// inside that tab's Web Lock; an open tab's are left alone until it closes; no tab's save overwrites another's.

import type { PersistedClient } from '@tanstack/query-persist-client-core';
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { storeTokens } from '../../../src/api/tokens';
import {
  savedQueriesBuster,
  setSavedQueriesStorage,
  startQueryPersistence,
  stopQueryPersistence,
} from '../../../src/offline/query-persistence';
import {
  type Outbox,
  onLogoutElsewhere,
  openOutbox,
  outboxKey,
  type SavedWrites,
  shareMonthData,
} from '../../../src/offline/tabs';
import { loadWriteKinds } from '../../../src/queries/all-writes';
import { monthDataAtRest } from '../../../src/queries/private-rows-open';
import { createQueryClient } from '../../../src/query-client';
import { makeJwt, USER_ID } from '../../fixtures/factories';
import { type MemoryStorage, memoryStorage } from './offline-support';

/**
 * The Web Locks a browser gives its tabs, in memory: exclusive locks, granted in the order asked,
 * `ifAvailable` answered at once, a lock freed when its holder's callback settles (or its tab
 * closes, as `closeTab` does here).
 */
function fakeLocks() {
  const held = new Map<string, () => void>();
  const queued = new Map<string, (() => void)[]>();
  const grant = (name: string) => {
    const next = queued.get(name)?.shift();
    if (next) next();
    else held.delete(name);
  };
  const manager = {
    async request(
      name: string,
      optionsOrCallback: LockOptions | LockGrantedCallback<unknown>,
      maybeCallback?: LockGrantedCallback<unknown>,
    ): Promise<unknown> {
      const options = typeof optionsOrCallback === 'function' ? {} : optionsOrCallback;
      const callback = (maybeCallback ?? optionsOrCallback) as LockGrantedCallback<unknown>;
      if (held.has(name) && options.ifAvailable) return callback(null);
      await new Promise<void>((granted) => {
        if (!held.has(name)) {
          held.set(name, () => grant(name));
          granted();
        } else {
          const waiting = queued.get(name) ?? [];
          waiting.push(() => {
            held.set(name, () => grant(name));
            granted();
          });
          queued.set(name, waiting);
        }
      });
      try {
        return await callback({ name, mode: 'exclusive' } as Lock);
      } finally {
        held.get(name)?.();
      }
    },
    async query() {
      return { held: [...held.keys()].map((name) => ({ name })), pending: [] };
    },
    /** The holder's tab went away without letting go: its lock is freed all the same. */
    free(name: string) {
      held.get(name)?.();
    },
    isHeld: (name: string) => held.has(name),
  };
  return manager;
}

const BUSTER = savedQueriesBuster(USER_ID);

function write(id: number): SavedWrites[number] {
  return {
    mutationKey: ['write', 'goal.update'],
    state: {
      context: undefined,
      data: undefined,
      error: null,
      failureCount: 0,
      failureReason: null,
      isPaused: true,
      status: 'pending',
      variables: { monthId: 1, goalId: id, isCompleted: true },
      submittedAt: Date.now(),
    },
  } as SavedWrites[number];
}

function saved(writes: SavedWrites, buster = BUSTER): string {
  const client: PersistedClient = {
    timestamp: Date.now(),
    buster,
    clientState: { queries: [], mutations: writes } as DehydratedState,
  };
  return JSON.stringify(client);
}

let locks: ReturnType<typeof fakeLocks>;
let storage: MemoryStorage;
const opened: Outbox[] = [];

beforeEach(() => {
  locks = fakeLocks();
  Object.defineProperty(navigator, 'locks', { configurable: true, value: locks });
  storage = memoryStorage();
});

afterEach(() => {
  for (const outbox of opened.splice(0)) outbox.stop();
  Reflect.deleteProperty(navigator, 'locks');
});

/** A tab's outbox: what it holds, what it adopted, and what it last heard the other tabs hold. */
function tab(buster = BUSTER) {
  const writes: SavedWrites = [];
  const seen = { others: [] as SavedWrites };
  const outbox = openOutbox({
    storage,
    buster,
    writes: () => writes,
    adopt: async (adopted) => {
      writes.push(...adopted);
    },
    othersChanged: (others) => {
      seen.others = others;
    },
  });
  opened.push(outbox);
  return { writes, outbox, seen };
}

const goalIds = (writes: SavedWrites) =>
  writes.map((w) => (w.state.variables as { goalId: number }).goalId);

const outboxes = async () => (await storage.keys()).filter((key) => key.startsWith('outbox:'));

describe("a tab's own outbox", () => {
  it("adopts a closed tab's writes at start: saved under its own key, the old key deleted", async () => {
    await storage.setItem(outboxKey('closed'), saved([write(1), write(2)]));
    const { writes, outbox } = tab();
    await outbox.ready;
    expect(writes.map((w) => (w.state.variables as { goalId: number }).goalId)).toEqual([1, 2]);
    const keys = await outboxes();
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toBe(outboxKey('closed'));
    expect(storage.current()?.clientState.mutations).toHaveLength(2);
  });

  it("leaves an open tab's writes alone, and adopts them once that tab closes", async () => {
    const first = tab();
    await first.outbox.ready;
    first.writes.push(write(1));
    await first.outbox.save();
    const second = tab();
    await second.outbox.ready;
    expect(second.writes).toEqual([]);

    // The first tab closes (its lock is freed with it).
    const [firstKey] = await outboxes();
    first.outbox.stop();
    await waitFor(() => expect(second.writes).toHaveLength(1));
    await waitFor(async () => expect(await outboxes()).not.toContain(firstKey));
    expect(storage.current()?.clientState.mutations).toHaveLength(1);
  });

  it('adopts a tab that started after it and closed (it said hello), via the freed lock', async () => {
    const first = tab();
    await first.outbox.ready;
    const later = tab();
    await later.outbox.ready;
    later.writes.push(write(7));
    await later.outbox.save();
    later.outbox.stop();
    await waitFor(() => expect(first.writes).toHaveLength(1));
    expect(await outboxes()).toHaveLength(1);
  });

  it('is adopted by one tab only when several wait for it: each write kept once', async () => {
    await storage.setItem(outboxKey('crashed'), saved([write(1)]));
    locks.request('monthbook-tab:crashed', () => new Promise(() => {}));
    const one = tab();
    const two = tab();
    await Promise.all([one.outbox.ready, two.outbox.ready]);
    expect(one.writes.length + two.writes.length).toBe(0);
    locks.free('monthbook-tab:crashed');
    await waitFor(() => expect(one.writes.length + two.writes.length).toBe(1));
    await waitFor(async () => expect(await outboxes()).toHaveLength(1));
    expect(storage.current()?.clientState.mutations).toHaveLength(1);
  });

  it("keeps a closed tab's outbox when it stops while adopting it: nothing was saved here", async () => {
    await storage.setItem(outboxKey('closed'), saved([write(1)]));
    let outbox: Outbox | undefined;
    outbox = openOutbox({
      storage,
      buster: BUSTER,
      writes: () => [],
      // Logged out (or the page went away) while the adopted writes were on their way in.
      adopt: async () => outbox?.stop(),
    });
    opened.push(outbox);
    await outbox.ready;
    expect(await outboxes()).toEqual([outboxKey('closed')]);
  });

  it("deletes another user's outbox unread", async () => {
    await storage.setItem(outboxKey('other'), saved([write(1)], savedQueriesBuster(USER_ID + 1)));
    const { writes, outbox } = tab();
    await outbox.ready;
    expect(writes).toEqual([]);
    expect(await outboxes()).toEqual([]);
  });
});

describe('two tabs of the app, both saving', () => {
  const clients: QueryClient[] = [];
  beforeEach(() => {
    setSavedQueriesStorage(storage);
    storeTokens({
      access: makeJwt(30 * 60, { user_id: USER_ID }),
      refresh: makeJwt(24 * 60 * 60, { token_type: 'refresh', user_id: USER_ID }),
    });
  });
  afterEach(() => {
    for (const client of clients.splice(0)) {
      stopQueryPersistence(client);
      client.getMutationCache().clear();
    }
    setSavedQueriesStorage(null);
  });

  it("never overwrites one tab's queued writes with another's", async () => {
    const queue = (client: QueryClient, id: number) =>
      void client
        .getMutationCache()
        .build(client, {
          mutationKey: ['write', `change-${id}`],
          mutationFn: () => new Promise(() => {}),
        })
        .execute(id);
    const a = createQueryClient();
    const b = createQueryClient();
    clients.push(a, b);
    await Promise.all([
      startQueryPersistence(a, loadWriteKinds, monthDataAtRest),
      startQueryPersistence(b, loadWriteKinds, monthDataAtRest),
    ]);
    queue(a, 1);
    queue(b, 2);
    queue(b, 3);
    await waitFor(() => expect(storage.current()?.clientState.mutations).toHaveLength(3));
    expect(await outboxes()).toHaveLength(2);
  });
});

describe("every tab lists the other open tabs' changes", () => {
  it('hears what another tab saved, until it has nothing left', async () => {
    const a = tab();
    const b = tab();
    await Promise.all([a.outbox.ready, b.outbox.ready]);
    a.writes.push(write(1), write(2));
    await a.outbox.save();
    await waitFor(() => expect(goalIds(b.seen.others)).toEqual([1, 2]));
    expect(a.seen.others).toEqual([]);
    // Sent: the list empties in the other tab too.
    a.writes.splice(0);
    await a.outbox.save();
    await waitFor(() => expect(b.seen.others).toEqual([]));
  });

  it("tells the server's id of a create that left its queue with that queue, before it", async () => {
    // What the other tab hears, in order. A change there waiting for the create must find its id
    // by the time the queue says the create is gone, or it would take the create for dropped.
    const heard: string[] = [];
    const writes: SavedWrites = [];
    const swaps: [number, number][] = [];
    const a = openOutbox({
      storage,
      buster: BUSTER,
      writes: () => writes,
      adopt: async () => {},
      swaps: () => swaps,
    });
    const b = openOutbox({
      storage,
      buster: BUSTER,
      writes: () => [],
      adopt: async () => {},
      othersChanged: (others) => heard.push(`queue of ${others.length}`),
      heardSwaps: (ids) => heard.push(`ids ${JSON.stringify(ids)}`),
    });
    opened.push(a, b);
    await Promise.all([a.ready, b.ready]);
    writes.push(write(1));
    await a.save();
    await waitFor(() => expect(heard).toContain('queue of 1'));
    // The create landed as 70: it leaves the queue, and its id goes with the queue's news.
    writes.splice(0);
    swaps.push([-5_000_000_000_000_001, 70]);
    await a.save();
    await waitFor(() => expect(heard).toContain('queue of 0'));
    const told = heard.indexOf('ids [[-5000000000000001,70]]');
    expect(told).toBeGreaterThan(-1);
    expect(told).toBeLessThan(heard.indexOf('queue of 0'));
  });

  it('tells a tab opened later, and drops a closed tab once its writes are adopted', async () => {
    const a = tab();
    await a.outbox.ready;
    a.writes.push(write(3));
    await a.outbox.save();
    const b = tab();
    await b.outbox.ready;
    await waitFor(() => expect(goalIds(b.seen.others)).toEqual([3]));
    // A closes without a word (a crash): B adopts its write, which is then B's own, listed once.
    locks.free(`monthbook-tab:${(await outboxes())[0]?.slice('outbox:'.length)}`);
    await waitFor(() => expect(goalIds(b.writes)).toEqual([3]));
    expect(b.seen.others).toEqual([]);
  });

  it('ignores what a closed tab said after its writes were adopted: a late word of it never lists them again', async () => {
    const a = tab();
    await a.outbox.ready;
    a.writes.push(write(5));
    await a.outbox.save();
    const b = tab();
    await b.outbox.ready;
    await waitFor(() => expect(goalIds(b.seen.others)).toEqual([5]));
    const closed = (await outboxes())[0]?.slice('outbox:'.length) ?? '';
    locks.free(`monthbook-tab:${closed}`);
    await waitFor(() => expect(goalIds(b.writes)).toEqual([5]));
    // What the closed tab posted just before it went arrives now.
    const late = new BroadcastChannel('monthbook:tabs');
    late.postMessage({
      type: 'pending',
      tab: closed,
      buster: BUSTER,
      writes: JSON.stringify([write(5)]),
      ids: [],
      page: 'closed-page',
    });
    late.close();
    // A message of another tab, posted after it, arrives after it: the late one was heard by then.
    const c = tab();
    await c.outbox.ready;
    c.writes.push(write(6));
    await c.outbox.save();
    await waitFor(() => expect(goalIds(b.seen.others)).toEqual([6]));
  });

  it("never lists another user's changes", async () => {
    const a = tab(savedQueriesBuster(USER_ID + 1));
    const b = tab();
    await Promise.all([a.outbox.ready, b.outbox.ready]);
    a.writes.push(write(4));
    await a.outbox.save();
    const c = tab(savedQueriesBuster(USER_ID + 1));
    await c.outbox.ready;
    await waitFor(() => expect(goalIds(c.seen.others)).toEqual([4]));
    expect(b.seen.others).toEqual([]);
  });
});

/**
 * The browser's BroadcastChannel inside one page: a post is copied to every other instance of its
 * name (the page's own included), in a later task; `heard` notes each copy's message type.
 */
class OnePageChannel {
  static open = new Set<OnePageChannel>();
  static heard: string[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  constructor(readonly name: string) {
    OnePageChannel.open.add(this);
  }
  postMessage(message: { type: string }): void {
    for (const other of OnePageChannel.open) {
      if (other === this || other.name !== this.name) continue;
      const copy = structuredClone(message);
      setTimeout(() => {
        OnePageChannel.heard.push(copy.type);
        other.onmessage?.({ data: copy } as MessageEvent);
      }, 0);
    }
  }
  close(): void {
    OnePageChannel.open.delete(this);
  }
}

describe("a tab's messages to the other tabs", () => {
  const realChannel = globalThis.BroadcastChannel;
  beforeEach(() => {
    globalThis.BroadcastChannel = OnePageChannel as unknown as typeof BroadcastChannel;
  });
  afterEach(() => {
    globalThis.BroadcastChannel = realChannel;
    OnePageChannel.open.clear();
    OnePageChannel.heard = [];
  });

  it('never copies its month data or its queue to its own page (each change of a list sends the whole list)', async () => {
    // One tab alone: its outbox, its shared month data and its logout listener, each on a channel.
    const queryClient = createQueryClient();
    const { outbox, writes } = tab();
    const stopSharing = shareMonthData(queryClient, USER_ID);
    const stopListening = onLogoutElsewhere(() => {});
    await outbox.ready;
    OnePageChannel.heard = [];

    // Another tab's copy of the month data, opened last, so its copy of a post is delivered last.
    const otherTab = new OnePageChannel('monthbook:data');
    const otherTabHeard = new Promise<void>((resolve) => {
      otherTab.onmessage = () => resolve();
    });

    queryClient.setQueryData(['months', 1, 'journals'], [{ id: 1, highlight: 'A walk' }]);
    writes.push(write(1));
    await outbox.save();
    await otherTabHeard;

    // Everything posted reached the other tab, and nothing reached this page's own channels.
    expect(OnePageChannel.heard).toEqual(['data']);
    stopSharing();
    stopListening();
  });

  it('tells a run of changes to one list once, with the latest (each message copies the whole list)', () => {
    vi.useFakeTimers();
    try {
      const queryClient = createQueryClient();
      const stopSharing = shareMonthData(queryClient, USER_ID);
      const otherTab = new OnePageChannel('monthbook:data');
      const told: unknown[] = [];
      otherTab.onmessage = (event) => told.push((event.data as { data: unknown }).data);

      for (let count = 1; count <= 50; count += 1)
        queryClient.setQueryData(
          ['months', 1, 'journals'],
          [{ id: 1, highlight: `Edit ${count}` }],
        );
      vi.advanceTimersByTime(10_000);

      expect(told).toEqual([[{ id: 1, highlight: 'Edit 50' }]]);
      stopSharing();
    } finally {
      vi.useRealTimers();
    }
  });
});
