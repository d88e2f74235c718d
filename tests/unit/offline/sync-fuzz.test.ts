// A seeded fuzzer of the browser's offline write path: two devices, two or three tabs, random writes online and offline, tabs closed and adopted, against the real server; after each sync every copy must agree with what the users did.
//
// Each run (one seed) signs a fresh user in on two devices (each its own storage and tab bus; one
// starts with two tabs). Over a few rounds the tabs make random writes through the app's own hooks
// and queue (entries with a habit tick and a measure, edits of their highlight, ticks, goals,
// deletes and their Undo), while the network drops and comes back and tabs close (their outbox is
// adopted by another tab of their device) and open. After each round the network comes back, every
// device has a tab open, and once no write or request is left the fuzzer checks:
// - the server holds every item the users made and did not delete, once (nothing lost, nothing twice),
//   and nothing they did not make; an item deleted by one tab only is gone, or back if it undid the delete;
// - an entry's highlight and a tick hold the last value written, when one tab wrote it (several:
//   one of their last values, as conflict answers decide);
// - no tab holds a write still queued or refused, a temporary id, or a saved outbox;
// - each tab's cache, read again as a screen would, matches the server.
//
// What differs from browsers: all tabs share one JavaScript realm here, so the network drops for
// every tab at once (the app reads it from globals), and a tab's identity is carried by its async
// context (sync-fuzz-world.ts); writes a tab adopted and resumed by the online event are not tied
// to it, so they would still be sent if that tab closed.
//
// Replay one seed: SYNC_FUZZ_SEED=<seed> npx vitest run --project unit tests/unit/offline/sync-fuzz.test.ts
// More runs: SYNC_FUZZ_RUNS=<n> (from seed 1, or from SYNC_FUZZ_SEED). The operations follow from
// the seed; the timing of the answers does not, so a failure caused by one particular interleaving
// may need a few replays.

import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import type { DailyHabit, DailyMeasure, Goal, Habit, Journal } from '../../../contract/entities';
import { storeTokens } from '../../../src/api/tokens';
import {
  setSavedQueriesStorage,
  startQueryPersistence,
  stopQueryPersistence,
} from '../../../src/offline/query-persistence';
import { type AnyMutation, discardWrite, queuedWrites, writeName } from '../../../src/offline/sync';
import { loadWriteKinds } from '../../../src/queries/all-writes';
import { registerConflictUi } from '../../../src/queries/conflicts';
import {
  dailyHabitsQueryOptions,
  dailyMeasuresQueryOptions,
  useToggleDailyHabit,
} from '../../../src/queries/daily';
import {
  goalsQueryOptions,
  useCreateGoal,
  useDeleteGoal,
  useToggleGoal,
} from '../../../src/queries/goals';
import { habitsQueryOptions } from '../../../src/queries/habits';
import {
  journalsQueryOptions,
  useCreateJournal,
  useDeleteJournal,
  useUpdateJournal,
} from '../../../src/queries/journals';
import {
  dailyHabitKeys,
  dailyMeasureKeys,
  goalKeys,
  habitKeys,
  journalKeys,
  measureKeys,
} from '../../../src/queries/keys';
import { measuresQueryOptions } from '../../../src/queries/measures';
import { monthsQueryOptions } from '../../../src/queries/months';
import { monthDataAtRest } from '../../../src/queries/private-rows-open';
import { restoreAndRefresh, type TrashRef } from '../../../src/queries/trash';
import { createQueryClient } from '../../../src/query-client';
import { type SeededRandom, seededRandom } from '../../support/seeded-random';
import { buildTestApp, createUser, type TestApp, type TestUser } from '../../support/test-app';
import {
  broadcasts,
  type Device,
  DeviceChannel,
  fakeLocks,
  here,
  installNetwork,
  network,
  newDevice,
  nothingInTransit,
  poke,
  setOnline,
  type TabIdentity,
  waitUntil,
  watchClient,
} from './sync-fuzz-world';

// The tabs' hooks are driven as a simulation, not rendered screens under test: their observers'
// updates between steps are expected, and React's act() warnings about them would only be noise.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

// --- Seeds ------------------------------------------------------------------------------------

/**
 * Sized for the unit suite: a run takes 1 to 8 s on a busy two-core machine (the server, the
 * tabs and the app's own retry delays all in one process), so this file takes about a minute.
 * Hundreds of seeds: SYNC_FUZZ_RUNS=300.
 */
const DEFAULT_RUNS = 12;
const FIRST_SEED = Number(process.env.SYNC_FUZZ_SEED ?? 1);
const RUNS = Number(process.env.SYNC_FUZZ_RUNS ?? (process.env.SYNC_FUZZ_SEED ? 1 : DEFAULT_RUNS));
const ROUNDS = 3;
const replay = (seed: number) =>
  `SYNC_FUZZ_SEED=${seed} npx vitest run --project unit tests/unit/offline/sync-fuzz.test.ts`;

// --- The model: what the users did, as the app accepted it -----------------------------------

interface Written<T> {
  /** Each tab's last value, in the order the tabs wrote. */
  last: Map<string, T>;
}

interface ModelEntry {
  label: string;
  highlight: Written<string> & { first: string };
  tick: Written<boolean> & { first: boolean };
  metric: number;
  /** Deletes and undos, with the tab that made them, in order. */
  existence: { tab: string; op: 'delete' | 'undo' }[];
}

interface ModelGoal {
  label: string;
  done: Written<boolean> & { first: boolean };
  existence: { tab: string; op: 'delete' | 'undo' }[];
}

interface Model {
  entries: Map<string, ModelEntry>;
  goals: Map<string, ModelGoal>;
  /** The conflict dialogs' answers to 'deleted elsewhere': a restore brings an item back. */
  restored: { kind: 'entry' | 'goal'; name?: string }[];
}

// --- Tabs -------------------------------------------------------------------------------------

interface Tab extends TabIdentity {
  client: QueryClient;
  hooks: ReturnType<typeof useWrites>;
  /** Deletes this tab's server answered: their Undo toasts (as the screens show them). */
  undoable: (TrashRef & { label: string })[];
  /** Deletes on their way, by the id they were made with. */
  deleting: Map<number, TrashRef & { label: string }>;
  stop(): void;
}

/**
 * The month page's write hooks, as its screens use them. `deleted` hears the deletes the server
 * answered, by the id they were made with: their Undo toasts show then.
 */
function useWrites(monthId: number, deleted: (id: number) => void) {
  return {
    createEntry: useCreateJournal(monthId),
    editEntry: useUpdateJournal(monthId),
    deleteEntry: useDeleteJournal(monthId, { onSuccess: (_id, _write, id) => deleted(id) }),
    tickHabit: useToggleDailyHabit(monthId),
    createGoal: useCreateGoal(monthId),
    tickGoal: useToggleGoal(monthId),
    deleteGoal: useDeleteGoal(monthId, { onSuccess: (_id, _write, id) => deleted(id) }),
  };
}

/** The month page's reads, as its loaders make them. */
function monthReads(monthId: number) {
  return [
    monthsQueryOptions(),
    journalsQueryOptions(monthId),
    goalsQueryOptions(monthId),
    habitsQueryOptions(monthId),
    measuresQueryOptions(monthId),
    dailyHabitsQueryOptions(monthId),
    dailyMeasuresQueryOptions(monthId),
  ];
}

// --- The run ----------------------------------------------------------------------------------

let app: TestApp;
const realFetch = globalThis.fetch;
const realBroadcastChannel = globalThis.BroadcastChannel;
const jsdomArrayBuffer = globalThis.ArrayBuffer;
/** The conflict dialogs answer with the current run's random draws. */
let dialogs: { rng: SeededRandom; model: Model; log: string[] } | undefined;

beforeAll(async () => {
  // The server runs in this jsdom page, whose ArrayBuffer is jsdom's: Fastify would not take a
  // Node Buffer (the server's cached answers) for bytes, and fail to serialize it. Node's again
  // for this file; nothing of the app's here needs jsdom's.
  globalThis.ArrayBuffer = Buffer.alloc(0).buffer.constructor as ArrayBufferConstructor;
  app = await buildTestApp();
  network.server = await app.app.listen({ port: 0, host: '127.0.0.1' });
  globalThis.fetch = installNetwork(realFetch);
  globalThis.BroadcastChannel = DeviceChannel as unknown as typeof BroadcastChannel;
  Object.defineProperty(navigator, 'locks', { configurable: true, value: fakeLocks() });
  // The app's conflict dialogs, answered as a user might: keep mine or theirs, restore or drop.
  registerConflictUi({
    chooseVersion: async ({ conflict }) => {
      const choice = dialogs?.rng.chance(0.5) ? 'mine' : 'theirs';
      dialogs?.log.push(`  dialog: ${conflict.field} conflict, keep ${choice}`);
      return choice;
    },
    restoreOrDrop: async ({ canRestore, subject }) => {
      const answer = canRestore && dialogs?.rng.chance(0.5) ? 'restore' : 'drop';
      dialogs?.log.push(`  dialog: deleted elsewhere (${JSON.stringify(subject)}), ${answer}`);
      if (answer === 'restore' && subject && subject.kind !== 'month')
        dialogs?.model.restored.push({
          kind: subject.kind,
          ...(subject.kind === 'goal' && subject.name ? { name: subject.name } : {}),
        });
      return answer;
    },
  });
});

afterAll(async () => {
  globalThis.ArrayBuffer = jsdomArrayBuffer;
  registerConflictUi(null);
  globalThis.fetch = realFetch;
  globalThis.BroadcastChannel = realBroadcastChannel;
  Reflect.deleteProperty(navigator, 'locks');
  setSavedQueriesStorage(null);
  await app?.close();
});

async function inject(user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await app.app.inject({
    method,
    url,
    headers: user.headers,
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
  return response.json();
}

class Run {
  readonly rng: SeededRandom;
  readonly model: Model = { entries: new Map(), goals: new Map(), restored: [] };
  readonly log: string[] = [];
  readonly devices: Device[] = [newDevice('A'), newDevice('B')];
  readonly tabs: Tab[] = [];
  private tabCount = 0;
  private count = 0;
  user!: TestUser;
  monthId = 0;

  constructor(readonly seed: number) {
    this.rng = seededRandom(seed);
  }

  live(): Tab[] {
    return this.tabs.filter((tab) => !tab.closed);
  }

  /** A new user (payments are off on the test server: every user writes, as a paying one does). */
  async setUp() {
    this.user = await createUser(app);
    storeTokens({ access: this.user.access });
    const month = (await inject(this.user, 'POST', '/api/months/', { name: 'Fuzz' })) as {
      id: number;
    };
    this.monthId = month.id;
    await inject(this.user, 'POST', '/api/habits/', { name: 'Stretch', month_id: month.id });
    await inject(this.user, 'POST', '/api/measures/', { name: 'Sleep', month_id: month.id });
    const [a, b] = this.devices as [Device, Device];
    await this.openTab(a);
    await this.openTab(b);
    if (this.rng.chance(0.5)) await this.openTab(a);
  }

  /** A page load on `device`: its saved data and queue restored, closed tabs' outboxes adopted. */
  async openTab(device: Device): Promise<Tab> {
    this.tabCount += 1;
    const client = createQueryClient();
    const stopWatching = watchClient(client);
    const identity: TabIdentity = { name: `${device.name}${this.tabCount}`, device, closed: false };
    // The storage is chosen when the persistence starts: each device's tabs share theirs.
    setSavedQueriesStorage(device.storage);
    await here.run(identity, () => startQueryPersistence(client, loadWriteKinds, monthDataAtRest));
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client }, children);
    const monthId = this.monthId;
    const deleting = new Map<number, TrashRef & { label: string }>();
    const undoable: Tab['undoable'] = [];
    const deleted = (id: number) => {
      const ref = deleting.get(id);
      if (ref) undoable.push(ref);
    };
    const rendered = renderHook(() => useWrites(monthId, deleted), { wrapper });
    const tab: Tab = Object.assign(identity, {
      client,
      hooks: rendered.result.current,
      undoable,
      deleting,
      stop: () => {
        rendered.unmount();
        stopWatching();
      },
    });
    this.tabs.push(tab);
    this.log.push(`open tab ${tab.name}${network.online ? '' : ' (offline)'}`);
    if (network.online) await this.load(tab);
    return tab;
  }

  /**
   * The month page's reads (online): what a tab shows and acts on. `again`: read even what is
   * fresh, as a screen coming back into view does.
   */
  async load(tab: Tab, again = false) {
    await here.run(tab, () =>
      Promise.all(
        monthReads(this.monthId).map((options) =>
          tab.client
            // biome-ignore lint/suspicious/noExplicitAny: options of several row types.
            .fetchQuery({ ...(options as any), ...(again ? { staleTime: 0 } : {}) })
            .catch((error: unknown) => {
              // Offline, or a read cut off: the tab shows what it has.
              network.trace.push(
                `${tab.name} could not read ${JSON.stringify(options.queryKey)}: ${error}`,
              );
            }),
        ),
      ),
    );
  }

  /**
   * The tab goes away once its outbox holds every write it queued (as when its page is hidden, then
   * closed): its lock is freed, and a tab of its device adopts the outbox.
   */
  async closeTab(tab: Tab) {
    this.log.push(`close tab ${tab.name}`);
    await waitUntil(`tab ${tab.name}'s outbox to be saved`, () => outboxSaved(tab));
    tab.closed = true;
    stopQueryPersistence(tab.client);
    tab.stop();
    tab.client.getMutationCache().clear();
    tab.client.clear();
  }

  label(kind: string) {
    this.count += 1;
    return `${kind}${this.seed}-${this.count}`;
  }

  cached<T>(tab: Tab, key: readonly unknown[]): T[] {
    return tab.client.getQueryData<T[]>(key) ?? [];
  }

  /** One random action of one random tab (or of the network). */
  async step() {
    const rng = this.rng;
    const roll = rng.next();
    if (roll < 0.06) {
      setOnline(!network.online);
      this.log.push(network.online ? 'network back' : 'network drops');
      return;
    }
    if (roll < 0.1) {
      const tab = rng.pick(this.live());
      if (tab && this.live().length > 1) await this.closeTab(tab);
      return;
    }
    if (roll < 0.13) {
      const device = rng.pick(this.devices) as Device;
      if (this.live().filter((tab) => tab.device === device).length < 2) await this.openTab(device);
      return;
    }
    if (roll < 0.18) {
      // A response or two arrives before the next click.
      const until = network.completed + 1 + rng.int(3);
      await waitUntil('some answers', () => network.completed >= until || network.inFlight === 0);
      return;
    }
    const tab = rng.pick(this.live());
    if (!tab) return;
    if (roll < 0.22) {
      if (!network.online) return;
      this.log.push(`${tab.name}: read the month again`);
      await this.load(tab, true);
      return;
    }
    await here.run(tab, () => this.write(tab, rng.next()));
  }

  async write(tab: Tab, roll: number) {
    const { rng, model } = this;
    const entries = this.cached<Journal>(tab, journalKeys.list(this.monthId)).filter((j) =>
      model.entries.has(j.note ?? ''),
    );
    const goals = this.cached<Goal>(tab, goalKeys.list(this.monthId)).filter((g) =>
      model.goals.has(g.name),
    );
    if (roll < 0.18) {
      const label = this.label('e');
      const highlight = this.label('h');
      const practiced = rng.chance(0.5);
      const metric = 1 + rng.int(9);
      const day = String(1 + rng.int(28)).padStart(2, '0');
      const cachedHabits = tab.client.getQueryData<Habit[]>(habitKeys.list(this.monthId));
      const cachedMeasures = tab.client.getQueryData(measureKeys.list(this.monthId));
      // The Add dialog needs the month's habits and measure: offline, only if this tab read them.
      if (!cachedHabits || !cachedMeasures) return;
      await tab.hooks.createEntry.mutateAsync({
        highlight,
        note: label,
        createdAt: `2026-01-${day}`,
        metric,
        habits: cachedHabits.map((habit) => ({ habitId: habit.id, isPracticed: practiced })),
      });
      model.entries.set(label, {
        label,
        highlight: { first: highlight, last: new Map() },
        tick: { first: practiced, last: new Map() },
        metric,
        existence: [],
      });
      this.log.push(`${tab.name}: add entry ${label} (${highlight}, ticked ${practiced})`);
      return;
    }
    if (roll < 0.34) {
      const entry = rng.pick(entries);
      if (!entry) return;
      const highlight = this.label('h');
      await tab.hooks.editEntry.mutateAsync({ journalId: entry.id, highlight });
      model.entries.get(entry.note ?? '')?.highlight.last.set(tab.name, highlight);
      this.log.push(`${tab.name}: edit entry ${entry.note} to ${highlight}`);
      return;
    }
    if (roll < 0.5) {
      const journals = new Map(entries.map((j) => [j.id, j]));
      const rows = this.cached<DailyHabit>(tab, dailyHabitKeys.list(this.monthId)).filter((d) =>
        journals.has(d.journal_id),
      );
      const row = rng.pick(rows);
      if (!row) return;
      const label = journals.get(row.journal_id)?.note ?? '';
      const practiced = !row.is_practiced;
      await tab.hooks.tickHabit.mutate({ dailyHabitId: row.id, isPracticed: practiced });
      model.entries.get(label)?.tick.last.set(tab.name, practiced);
      this.log.push(`${tab.name}: tick ${label} ${practiced}`);
      return;
    }
    if (roll < 0.58) {
      const entry = rng.pick(entries);
      if (!entry) return;
      const label = entry.note ?? '';
      const ref = { kind: 'journal' as const, id: entry.id, month: this.monthId, label };
      // As the screen does: the Undo toast shows once the server answered the delete.
      tab.deleting.set(entry.id, ref);
      tab.hooks.deleteEntry.mutate(entry.id);
      model.entries.get(label)?.existence.push({ tab: tab.name, op: 'delete' });
      this.log.push(`${tab.name}: delete entry ${label} (id ${entry.id})`);
      return;
    }
    if (roll < 0.7) {
      const label = this.label('g');
      await tab.hooks.createGoal.mutate({ name: label });
      model.goals.set(label, { label, done: { first: false, last: new Map() }, existence: [] });
      this.log.push(`${tab.name}: add goal ${label}`);
      return;
    }
    if (roll < 0.84) {
      const goal = rng.pick(goals);
      if (!goal) return;
      const done = !goal.is_completed;
      await tab.hooks.tickGoal.mutate({ goalId: goal.id, isCompleted: done });
      model.goals.get(goal.name)?.done.last.set(tab.name, done);
      this.log.push(`${tab.name}: tick goal ${goal.name} ${done}`);
      return;
    }
    if (roll < 0.92) {
      const goal = rng.pick(goals);
      if (!goal) return;
      const ref = { kind: 'goal' as const, id: goal.id, month: this.monthId, label: goal.name };
      tab.deleting.set(goal.id, ref);
      tab.hooks.deleteGoal.mutate(goal.id);
      model.goals.get(goal.name)?.existence.push({ tab: tab.name, op: 'delete' });
      this.log.push(`${tab.name}: delete goal ${goal.name} (id ${goal.id})`);
      return;
    }
    const undo = tab.undoable.splice(rng.int(tab.undoable.length), 1)[0];
    if (!undo) return;
    void restoreAndRefresh(tab.client, undo).catch(() => {});
    const item = undo.kind === 'goal' ? model.goals.get(undo.label) : model.entries.get(undo.label);
    item?.existence.push({ tab: tab.name, op: 'undo' });
    this.log.push(`${tab.name}: undo the delete of ${undo.label} (id ${undo.id})`);
  }

  /** The network back, a tab on every device, and nothing left to send or read. */
  async sync() {
    this.log.push('-- sync');
    setOnline(true);
    for (const device of this.devices)
      if (!this.live().some((tab) => tab.device === device)) await this.openTab(device);
    await this.settle();
    // Refused writes are shown to the user, who drops those about an item deleted elsewhere.
    for (const tab of this.live())
      for (const write of queuedWrites(tab.client)) {
        if (write.state.status !== 'error') continue;
        const error = write.state.error as Error;
        if (error?.name !== 'DeletedElsewhereError') continue;
        this.log.push(`${tab.name}: discard ${writeName(write)} (${error.message})`);
        discardWrite(tab.client, write);
      }
    await this.settle();
  }

  async settle() {
    await waitUntil(
      'every write and read to finish',
      () =>
        nothingInTransit() &&
        this.live().every(
          (tab) =>
            tab.client.isFetching() === 0 &&
            !queuedWrites(tab.client).some((write) => write.state.status === 'pending') &&
            outboxSaved(tab),
        ) &&
        this.devices.every((device) => orphanOutboxes(device, this.live()).length === 0),
      () => this.outstanding(),
    );
  }

  outstanding(): string {
    const tabs = this.live().map(
      (tab) =>
        `${tab.name}: fetching ${tab.client.isFetching()}, queued ${describeWrites(queuedWrites(tab.client))}`,
    );
    const orphans = this.devices.map(
      (device) => `${device.name} orphans ${orphanOutboxes(device, this.live()).join(',')}`,
    );
    return [
      `in flight ${network.inFlight}`,
      `messages in transit ${broadcasts.inTransit}`,
      ...tabs,
      ...orphans,
    ].join('; ');
  }

  async tearDown() {
    for (const tab of this.live()) {
      tab.closed = true;
      stopQueryPersistence(tab.client);
      tab.stop();
      tab.client.getMutationCache().clear();
      tab.client.clear();
    }
    setOnline(true);
  }
}

function describeWrites(writes: AnyMutation[]): string {
  return (
    writes
      .map(
        (write) =>
          `${writeName(write)}:${write.state.status}${write.state.isPaused ? '(paused)' : ''}${
            write.state.error ? `(${(write.state.error as Error).message})` : ''
          } ${JSON.stringify(write.state.variables)}`,
      )
      .join(', ') || 'none'
  );
}

/** The tab's saved outbox holds exactly the writes it has queued (none: no outbox). */
function outboxSaved(tab: Tab): boolean {
  const queued = tab.client
    .getMutationCache()
    .getAll()
    .filter(
      (m) =>
        m.options.mutationKey?.[0] === 'write' &&
        (m.state.isPaused || m.state.status === 'pending' || m.state.status === 'error'),
    )
    .map((m) => JSON.stringify(m.state.variables))
    .sort();
  const id = tab.ownLock?.slice('monthbook-tab:'.length);
  const saved = id === undefined ? undefined : tab.device.storage.saved().get(`outbox:${id}`);
  const savedWrites = (saved?.clientState.mutations ?? [])
    .map((m) => JSON.stringify(m.state.variables))
    .sort();
  return JSON.stringify(queued) === JSON.stringify(savedWrites);
}

/** Outboxes on the device of tabs no longer open (not yet adopted), with writes in them. */
function orphanOutboxes(device: Device, live: Tab[]): string[] {
  const open = new Set(live.map((tab) => `outbox:${tab.ownLock?.slice('monthbook-tab:'.length)}`));
  return [...device.storage.saved()]
    .filter(([key]) => key.startsWith('outbox:') && !open.has(key))
    .filter(([, saved]) => saved.clientState.mutations.length > 0)
    .map(([key]) => key);
}

// --- Views: the same data, from the server or a tab's cache, by the items' stable labels ------

interface View {
  entries: Record<
    string,
    { highlight: string; created_at: string; ticks: boolean[]; metrics: number[] }[]
  >;
  goals: Record<string, { done: boolean }[]>;
}

function viewOf(
  journals: Journal[],
  goals: Goal[],
  dailyHabits: DailyHabit[],
  dailyMeasures: DailyMeasure[],
): View {
  const view: View = { entries: {}, goals: {} };
  for (const journal of journals) {
    const label = journal.note ?? '';
    view.entries[label] ??= [];
    view.entries[label].push({
      highlight: journal.highlight,
      created_at: journal.created_at,
      ticks: dailyHabits.filter((d) => d.journal_id === journal.id).map((d) => d.is_practiced),
      metrics: dailyMeasures.filter((d) => d.journal_id === journal.id).map((d) => d.metric),
    });
  }
  for (const goal of goals) {
    view.goals[goal.name] ??= [];
    view.goals[goal.name]?.push({ done: goal.is_completed });
  }
  return view;
}

async function serverView(run: Run): Promise<View> {
  const month = run.monthId;
  const [journals, goals, dailyHabits, dailyMeasures] = await Promise.all([
    inject(run.user, 'GET', `/api/journals/?month=${month}`),
    inject(run.user, 'GET', `/api/goals/?month=${month}`),
    inject(run.user, 'GET', `/api/dailyhabits/?month=${month}`),
    inject(run.user, 'GET', `/api/dailymeasures/?month=${month}`),
  ]);
  return viewOf(journals, goals, dailyHabits, dailyMeasures);
}

function cacheView(run: Run, tab: Tab): View {
  const month = run.monthId;
  return viewOf(
    run.cached<Journal>(tab, journalKeys.list(month)),
    run.cached<Goal>(tab, goalKeys.list(month)),
    run.cached<DailyHabit>(tab, dailyHabitKeys.list(month)),
    run.cached<DailyMeasure>(tab, dailyMeasureKeys.list(month)),
  );
}

/** Ids below zero anywhere in the month's cached data: a create whose id was never swapped. */
function temporaryIds(tab: Tab): string[] {
  const found: string[] = [];
  for (const query of tab.client.getQueryCache().findAll({ queryKey: ['months'] })) {
    JSON.stringify(query.state.data, (field, value) => {
      if (typeof value === 'number' && value < 0 && /^(id|.*_id|month)$/.test(field))
        found.push(`${JSON.stringify(query.queryKey)}.${field}=${value}`);
      return value;
    });
  }
  return found;
}

// --- The checks -------------------------------------------------------------------------------

/** Whether only one tab deleted and undid this item, and no dialog restored it: then its last op decides. */
function expectedToExist(
  existence: ModelEntry['existence'],
  restoredByDialog: boolean,
): boolean | undefined {
  if (existence.length === 0) return true;
  const tabs = new Set(existence.map((step) => step.tab));
  if (tabs.size > 1 || restoredByDialog) return undefined;
  return existence.at(-1)?.op === 'undo';
}

/** The value an item must hold: one tab's last, or any writer's last when several wrote. */
function expectedValue<T>(written: Written<T> & { first: T }, value: T): string | null {
  if (written.last.size === 0)
    return value === written.first
      ? null
      : `${String(value)}, never changed from ${String(written.first)}`;
  const lasts = [...written.last.values()];
  return lasts.includes(value)
    ? null
    : `${String(value)}, not the last value any tab wrote (${lasts.join(' / ')})`;
}

function checkServer(run: Run, server: View): string[] {
  const problems: string[] = [];
  const { model } = run;
  for (const [label, rows] of Object.entries(server.entries)) {
    const entry = model.entries.get(label);
    if (!entry) problems.push(`server has entry ${label}, which no tab made`);
    if (rows.length > 1) problems.push(`server has entry ${label} ${rows.length} times`);
    if (!entry) continue;
    for (const row of rows) {
      if (row.ticks.length !== 1)
        problems.push(`entry ${label} has ${row.ticks.length} ticks of its one habit`);
      if (row.metrics.length !== 1 || row.metrics[0] !== entry.metric)
        problems.push(
          `entry ${label} has measure values ${row.metrics}, made with ${entry.metric}`,
        );
      // A delete by another tab (and a dialog's restore) may bring back an older value.
      if (entry.existence.length > 0) continue;
      const highlight = expectedValue(entry.highlight, row.highlight);
      if (highlight) problems.push(`entry ${label}'s highlight is ${highlight}`);
      const tick = row.ticks.length === 1 ? expectedValue(entry.tick, row.ticks[0]) : null;
      if (tick) problems.push(`entry ${label}'s tick is ${tick}`);
    }
  }
  const entryRestored = model.restored.some((r) => r.kind === 'entry');
  for (const [label, entry] of model.entries) {
    const expected = expectedToExist(entry.existence, entryRestored);
    const present = label in server.entries;
    if (expected === true && !present) problems.push(`entry ${label} is missing on the server`);
    if (expected === false && present)
      problems.push(`entry ${label} was deleted, yet is on the server`);
  }
  for (const [label, rows] of Object.entries(server.goals)) {
    const goal = model.goals.get(label);
    if (!goal) problems.push(`server has goal ${label}, which no tab made`);
    if (rows.length > 1) problems.push(`server has goal ${label} ${rows.length} times`);
    if (!goal || goal.existence.length > 0) continue;
    for (const row of rows) {
      const done = expectedValue(goal.done, row.done);
      if (done) problems.push(`goal ${label} is done: ${done}`);
    }
  }
  for (const [label, goal] of model.goals) {
    const restored = model.restored.some((r) => r.kind === 'goal' && r.name === label);
    const expected = expectedToExist(goal.existence, restored);
    const present = label in server.goals;
    if (expected === true && !present) problems.push(`goal ${label} is missing on the server`);
    if (expected === false && present)
      problems.push(`goal ${label} was deleted, yet is on the server`);
  }
  return problems;
}

async function checkTabs(run: Run, server: View): Promise<string[]> {
  const problems: string[] = [];
  for (const tab of run.live()) {
    const left = queuedWrites(tab.client);
    if (left.length > 0) problems.push(`${tab.name} still has writes: ${describeWrites(left)}`);
    const temporary = temporaryIds(tab);
    if (temporary.length > 0) problems.push(`${tab.name} shows temporary ids: ${temporary}`);
  }
  for (const device of run.devices) {
    const saved = [...device.storage.saved()]
      .filter(([key]) => key.startsWith('outbox:'))
      .flatMap(([, client]) => client.clientState.mutations);
    if (saved.length > 0)
      problems.push(`device ${device.name} still saves ${saved.length} unsent writes`);
  }
  // Each tab reads the month again, as a screen does when it shows: it must show the server's data.
  network.trace.push('-- each tab reads the month again');
  for (const tab of run.live()) await run.load(tab, true);
  await run.settle();
  for (const tab of run.live()) {
    const view = cacheView(run, tab);
    if (JSON.stringify(sorted(view)) !== JSON.stringify(sorted(server)))
      problems.push(
        `${tab.name}'s cache differs from the server:\n    cache  ${JSON.stringify(sorted(view))}\n    server ${JSON.stringify(sorted(server))}`,
      );
  }
  return problems;
}

function sorted(view: View): View {
  const keys = <T>(record: Record<string, T>) =>
    Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
  return { entries: keys(view.entries), goals: keys(view.goals) };
}

// --- The tests --------------------------------------------------------------------------------

const seeds = Array.from({ length: RUNS }, (_, index) => FIRST_SEED + index);

describe('sync fuzzer', () => {
  // A run waits on a real server and on the app's own retry delays (a lost answer is sent again
  // after a second): on a busy machine one takes several seconds.
  test.each(seeds)(
    'seed %i: every copy agrees after each sync',
    { timeout: 120_000 },
    async (seed) => {
      const run = new Run(seed);
      network.trace.length = 0;
      dialogs = { rng: seededRandom(seed ^ 0x5eed), model: run.model, log: run.log };
      try {
        await run.setUp();
        for (let round = 1; round <= ROUNDS; round += 1) {
          const steps = 6 + run.rng.int(10);
          for (let step = 0; step < steps; step += 1) await run.step();
          await run.sync();
          const server = await serverView(run);
          const problems = [...checkServer(run, server), ...(await checkTabs(run, server))];
          if (problems.length > 0) throw new Error(`round ${round}:\n  ${problems.join('\n  ')}`);
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(
          `Sync fuzzer, seed ${seed}: ${message}\nReplay: ${replay(seed)}\nSteps:\n  ${run.log.join('\n  ')}${
            process.env.SYNC_FUZZ_TRACE ? `\nRequests:\n  ${network.trace.join('\n  ')}` : ''
          }`,
        );
      } finally {
        await run.tearDown();
        dialogs = undefined;
        poke();
      }
    },
  );
});
