// The sync queue's final answers: a change dropped by the user leaves the queue for good, and a change that
// depends on an unsaved one is refused in the reader's language; changes to one item made in several tabs
// are shown and sent in the order they were made.
import { hydrate } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { setLocale } from '../../../src/i18n/store';
import type { SavedWrite } from '../../../src/offline/sync';
import {
  defineWrite,
  enqueueWrite,
  installSync,
  isTempId,
  newTempId,
  OTHER_TABS_WRITES_KEY,
  queuedWrites,
  retryFailedWrites,
  SyncRefusal,
  swapTempId,
} from '../../../src/offline/sync';
import { DeletedElsewhereError } from '../../../src/queries/deleted-elsewhere';
import { requireSaved } from '../../../src/queries/write-kinds';
import { createQueryClient } from '../../../src/query-client';
import { createTestQueryClient } from '../queries/wrapper';
import { restoreOnlineAfterEach, setBrowserOnline } from './offline-support';

afterEach(() => setLocale('en'));

/** A temporary id as `newTempId` makes them, far below any other number the app keeps. */
const temp = (n: number) => -5_000_000_000_000_000 - n;

const deletedElsewhere = defineWrite<{ dropped: boolean }, never>({
  name: 'test.deleted-elsewhere',
  subject: () => ({ kind: 'journal', id: 1, monthId: 1 }),
  run: async ({ dropped }) => {
    throw new DeletedElsewhereError('journal', null, dropped);
  },
});

const created = defineWrite<{ tempId: number }, number>({
  name: 'test.create',
  subject: (v) => ({ kind: 'goal', id: v.tempId, monthId: 1 }),
  run: async () => 42,
  landed: (queryClient, { tempId }, id) => swapTempId(queryClient, tempId, id),
});

const sentIds: number[] = [];
/** A write queued offline, as a tab's outbox saves it. */
const pausedWrite = {
  status: 'pending',
  isPaused: true,
  error: null,
  data: undefined,
  context: undefined,
  failureCount: 0,
  failureReason: null,
  submittedAt: Date.now(),
} as const;
const restored = defineWrite<{ ref: { id: number } }, void>({
  name: 'test.restore',
  subject: (v) => ({ kind: 'goal', id: v.ref.id, monthId: 1 }),
  run: async ({ ref }) => {
    requireSaved(ref.id);
    sentIds.push(ref.id);
  },
});

const refusedForGood = defineWrite<{ attempt: number }, never>({
  name: 'test.refused',
  subject: () => ({ kind: 'goal', id: 3, monthId: 1 }),
  run: async () => {
    throw new SyncRefusal('Too many goals', 400);
  },
});

/** The server answers 503 every time: the write runs out of tries, and waits to be sent again. */
const serverDown = defineWrite<{ attempt: number }, never>({
  name: 'test.server-down',
  subject: () => ({ kind: 'goal', id: 4, monthId: 1 }),
  run: async () => {
    throw new TypeError('Failed to fetch');
  },
});

describe('the sync queue', () => {
  it('gives items two tabs create in the same millisecond different temporary ids', () => {
    // Each tab has its own counter: ids from the clock alone were the same, and the server's id of
    // one tab's new goal went to the other tab's changes of its new entry.
    vi.spyOn(Date, 'now').mockReturnValue(1_780_000_000_000);
    try {
      const ids = [newTempId(), newTempId()];
      expect(ids.every(isTempId)).toBe(true);
      expect(ids[0]).not.toBe(ids[1]);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("sends a write queued after its item's create landed with the server's id, not the temporary one the screen held", async () => {
    // The delete toast's Undo: shown once the delete landed, holding the id the row had when clicked.
    const queryClient = createTestQueryClient();
    const tempId = newTempId();
    await enqueueWrite(queryClient, created, { tempId });
    await enqueueWrite(queryClient, restored, { ref: { id: tempId } });
    expect(sentIds).toEqual([42]);
    expect(queuedWrites(queryClient)).toEqual([]);
  });

  it("sends a write adopted from a closed tab, holding the temporary id of a create that landed here since, with the server's id", async () => {
    sentIds.length = 0;
    const queryClient = createTestQueryClient();
    const tempId = newTempId();
    await enqueueWrite(queryClient, created, { tempId });
    // The closed tab's change, as its outbox saved it: made before this tab heard the server's id.
    installSync(queryClient, [restored]);
    hydrate(queryClient, {
      queries: [],
      mutations: [
        {
          mutationKey: ['write', 'test.restore'],
          state: { ...pausedWrite, variables: { ref: { id: tempId }, madeAt: Date.now() } },
        },
      ],
    });
    await queryClient.resumePausedMutations();
    expect(sentIds).toEqual([42]);
    expect(queuedWrites(queryClient)).toEqual([]);
  });

  it("forgets a change the user dropped ('Drop my change'), and keeps one nobody was asked about", async () => {
    const queryClient = createTestQueryClient();
    await enqueueWrite(queryClient, deletedElsewhere, { dropped: true }).catch(() => {});
    await enqueueWrite(queryClient, deletedElsewhere, { dropped: false }).catch(() => {});
    await waitFor(() =>
      expect(queuedWrites(queryClient).map((write) => write.state.variables)).toEqual([
        expect.objectContaining({ dropped: false }),
      ]),
    );
  });

  it('keeps a refused change, and one that ran out of tries, until the user answers: never collected after five minutes', async () => {
    vi.useFakeTimers();
    try {
      const queryClient = createQueryClient();
      void enqueueWrite(queryClient, refusedForGood, { attempt: 1 });
      void enqueueWrite(queryClient, serverDown, { attempt: 2 });
      // Its tries (a minute and a half apart at most) run out, then TanStack drops a settled
      // mutation nobody observes once its gcTime (5 minutes) has passed.
      await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
      expect(queuedWrites(queryClient).map((write) => write.state.status)).toEqual([
        'error',
        'error',
      ]);
      expect(queuedWrites(queryClient).map((write) => write.state.variables)).toEqual([
        expect.objectContaining({ attempt: 1 }),
        expect.objectContaining({ attempt: 2 }),
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a write that ran out of tries again when asked, as the same change: its variables, its place', async () => {
    vi.useFakeTimers();
    try {
      const queryClient = createQueryClient();
      let down = true;
      const sends: unknown[] = [];
      const flaky = defineWrite<{ key: string }, string>({
        name: 'test.flaky',
        subject: () => ({ kind: 'goal', id: 5, monthId: 1 }),
        run: async (variables) => {
          sends.push(variables);
          if (down) throw new TypeError('Failed to fetch');
          return variables.key;
        },
      });
      void enqueueWrite(queryClient, flaky, { key: 'k-1' });
      await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
      const [failed] = queuedWrites(queryClient);
      expect(failed?.state.status).toBe('error');
      const { madeAt } = (failed?.state.variables ?? {}) as { madeAt?: number };
      expect(madeAt).toEqual(expect.any(Number));
      down = false;
      await retryFailedWrites(queryClient);
      expect(queuedWrites(queryClient)).toEqual([]);
      expect(sends.at(-1)).toEqual({ key: 'k-1', madeAt });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a change that depends on an unsaved one in the reader’s language', async () => {
    await setLocale('pt-BR');
    expect(() => requireSaved(temp(5))).toThrow(
      'Esta alteração depende de outra que não foi salva.',
    );
    await setLocale('en');
    expect(() => requireSaved(temp(5))).toThrow(
      'This change depends on another one that was not saved.',
    );
    expect(() => requireSaved(5)).not.toThrow();
  });
});

const sent: number[] = [];
const tick = defineWrite<{ journalId: number }, number>({
  name: 'test.tick',
  subject: ({ journalId }) => ({ kind: 'journal', id: journalId, monthId: 1 }),
  run: async ({ journalId }) => {
    requireSaved(journalId);
    sent.push(journalId);
    return journalId;
  },
});

/** Another open tab's queued create of the item with `tempId`, as that tab announced it. */
const createdInAnotherTab = (tempId: number) =>
  ({
    mutationKey: ['write', 'journal.create'],
    state: { status: 'pending', isPaused: true, variables: { tempId }, error: null },
  }) as unknown as SavedWrite;

describe('items another tab created offline', () => {
  it("a change to one waits for that tab's create, then goes with the server's id", async () => {
    sent.length = 0;
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(OTHER_TABS_WRITES_KEY, [createdInAnotherTab(temp(7))]);
    const done = enqueueWrite(queryClient, tick, { journalId: temp(7) });
    // Still waiting: sending the temporary id would be refused, as the server never heard of it.
    await waitFor(() => expect(queuedWrites(queryClient)).toHaveLength(1));
    expect(sent).toEqual([]);
    // The other tab's create landed as 70, and it said so.
    swapTempId(queryClient, temp(7), 70, true);
    expect(await done).toBe(70);
    expect(sent).toEqual([70]);
  });

  it('a change to one no tab is sending any more is refused, not kept waiting', async () => {
    const queryClient = createTestQueryClient();
    await expect(enqueueWrite(queryClient, tick, { journalId: temp(8) })).rejects.toThrow(
      'This change depends on another one that was not saved.',
    );
  });

  it("shows the server's row once when the list has it already", () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['months', 1, 'journals'], [{ id: temp(9) }, { id: 90 }, { id: 3 }]);
    queryClient.setQueryData(['months', 1, 'dailyhabits'], [{ id: 5, journal_id: temp(9) }]);
    swapTempId(queryClient, temp(9), 90, true);
    expect(queryClient.getQueryData(['months', 1, 'journals'])).toEqual([{ id: 90 }, { id: 3 }]);
    expect(queryClient.getQueryData(['months', 1, 'dailyhabits'])).toEqual([
      { id: 5, journal_id: 90 },
    ]);
  });
});

const goalsKey = ['months', 1, 'goals'];
const goalSends: boolean[] = [];
const goalDone = defineWrite<{ goalId: number; done: boolean }, void>({
  name: 'test.goal-done',
  subject: ({ goalId }) => ({ kind: 'goal', id: goalId, monthId: 1 }),
  run: async ({ done }) => {
    goalSends.push(done);
  },
  optimistic: (queryClient, { goalId, done }) =>
    queryClient.setQueryData<{ id: number; done: boolean }[]>(goalsKey, (rows) =>
      rows?.map((row) => (row.id === goalId ? { ...row, done } : row)),
    ),
});

/** Another open tab's queued tick of goal 4, made `madeAt`, as that tab announced it. */
const tickedInAnotherTab = (done: boolean, madeAt: number) =>
  ({
    mutationKey: ['write', 'test.goal-done'],
    meta: { madeAt },
    state: { status: 'pending', isPaused: true, variables: { goalId: 4, done }, error: null },
  }) as unknown as SavedWrite;

describe('changes to one item made in several tabs', () => {
  restoreOnlineAfterEach();

  it("shows the newest, whichever tab made it: a tab's older tick never goes back over another's newer one", async () => {
    setBrowserOnline(false);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(goalsKey, [{ id: 4, done: false }]);
    void enqueueWrite(queryClient, goalDone, { goalId: 4, done: true });
    expect(queryClient.getQueryData(goalsKey)).toEqual([{ id: 4, done: true }]);
    // Another tab unticked it afterwards, and sends its list with that change.
    queryClient.setQueryData(OTHER_TABS_WRITES_KEY, [tickedInAnotherTab(false, Date.now() + 1)]);
    queryClient.setQueryData(goalsKey, [{ id: 4, done: false }]);
    expect(queryClient.getQueryData(goalsKey)).toEqual([{ id: 4, done: false }]);
    // An older change of that tab does not hide this tab's newer one.
    queryClient.setQueryData(OTHER_TABS_WRITES_KEY, [
      tickedInAnotherTab(false, Date.now() - 60_000),
    ]);
    expect(queryClient.getQueryData(goalsKey)).toEqual([{ id: 4, done: true }]);
  });

  it("sends a change after another tab's earlier change to the same item, so the server ends with the newest", async () => {
    goalSends.length = 0;
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(OTHER_TABS_WRITES_KEY, [
      tickedInAnotherTab(false, Date.now() - 1_000),
    ]);
    const done = enqueueWrite(queryClient, goalDone, { goalId: 4, done: true });
    await waitFor(() => expect(queuedWrites(queryClient)).toHaveLength(1));
    expect(goalSends).toEqual([]);
    // The other tab sent its change and says it has nothing left.
    queryClient.setQueryData(OTHER_TABS_WRITES_KEY, []);
    await done;
    expect(goalSends).toEqual([true]);
  });

  it("deletes an entry only after another tab's earlier value for it is sent", async () => {
    const deleted: number[] = [];
    const entryDelete = defineWrite<{ journalId: number }, void>({
      name: 'test.entry-delete',
      subject: ({ journalId }) => ({ kind: 'journal', id: journalId, monthId: 1 }),
      run: async ({ journalId }) => {
        deleted.push(journalId);
      },
    });
    const valueWrite = defineWrite<{ journalId: number; valueId: number }, void>({
      name: 'test.value',
      subject: ({ journalId }) => ({ kind: 'journal', id: journalId, monthId: 1 }),
      scope: ({ valueId }) => `value:${valueId}`,
      run: async () => {},
    });
    const queryClient = createTestQueryClient();
    // Known here as the other tab's writes are: by the kinds this tab loaded.
    installSync(queryClient, [valueWrite]);
    const value = {
      mutationKey: ['write', 'test.value'],
      meta: { madeAt: Date.now() - 1_000 },
      state: {
        status: 'pending',
        isPaused: true,
        variables: { journalId: 5, valueId: 9 },
        error: null,
      },
    } as unknown as SavedWrite;
    queryClient.setQueryData(OTHER_TABS_WRITES_KEY, [value]);
    const done = enqueueWrite(queryClient, entryDelete, { journalId: 5 });
    await waitFor(() => expect(queuedWrites(queryClient)).toHaveLength(1));
    // Sent first, the delete would leave that value nothing to go on: refused as deleted elsewhere.
    expect(deleted).toEqual([]);
    queryClient.setQueryData(OTHER_TABS_WRITES_KEY, []);
    await done;
    expect(deleted).toEqual([5]);
  });

  it("keeps the time a list was read when it shows queued changes or swaps ids over it: another tab's newer copy is still taken", () => {
    const queryClient = createTestQueryClient();
    installSync(queryClient);
    const key = ['months', 1, 'dailymeasures'];
    // Another tab's list, read at 1,000, showing its queued value of an entry it is creating.
    queryClient.setQueryData(OTHER_TABS_WRITES_KEY, [
      createdInAnotherTab(temp(21)),
      createdInAnotherTab(temp(20)),
    ]);
    queryClient.setQueryData(
      key,
      [
        { id: temp(20), journal_id: temp(21) },
        { id: 3, journal_id: 1 },
      ],
      {
        updatedAt: 1000,
      },
    );
    swapTempId(queryClient, temp(21), 210, true);
    expect(queryClient.getQueryData(key)).toEqual([
      { id: temp(20), journal_id: 210 },
      { id: 3, journal_id: 1 },
    ]);
    expect(queryClient.getQueryState(key)?.dataUpdatedAt).toBe(1000);
    // That tab has nothing left: the stand-in goes, and the list is as old as it was.
    queryClient.setQueryData(OTHER_TABS_WRITES_KEY, []);
    expect(queryClient.getQueryData(key)).toEqual([{ id: 3, journal_id: 1 }]);
    expect(queryClient.getQueryState(key)?.dataUpdatedAt).toBe(1000);
  });

  it('drops a row standing in for a create no tab holds any more', () => {
    const queryClient = createTestQueryClient();
    installSync(queryClient);
    queryClient.setQueryData(OTHER_TABS_WRITES_KEY, [createdInAnotherTab(temp(11))]);
    queryClient.setQueryData(
      ['months', 1, 'journals'],
      [{ id: temp(11) }, { id: temp(12) }, { id: 3 }],
    );
    expect(queryClient.getQueryData(['months', 1, 'journals'])).toEqual([
      { id: temp(11) },
      { id: 3 },
    ]);
    // That tab's create landed; it says it has nothing left, though this tab missed the new id.
    queryClient.setQueryData(OTHER_TABS_WRITES_KEY, []);
    expect(queryClient.getQueryData(['months', 1, 'journals'])).toEqual([{ id: 3 }]);
  });
});
