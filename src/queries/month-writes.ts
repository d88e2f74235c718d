// The months page's writes as queued, offline-first mutations (src/offline/sync.ts): months, their habits and measures, and restores from the bin.
import type { QueryClient } from '@tanstack/react-query';
import type {
  DailyHabit,
  DailyMeasure,
  Goal,
  Habit,
  Journal,
  Measure,
  Month,
} from '../../contract/entities';
import type { CreateMeasure, UpdateMeasure } from '../../contract/measure-targets';
import type { CreateHabit, CreateMonth, UpdateHabit, UpdateMonth } from '../../contract/requests';
import type { MonthSummary } from '../../contract/stats';
import type { TrashItem } from '../../contract/trash';
import type { RowTrashKind } from '../../contract/trash-rules';
import { listGoals } from '../api/goals';
import { createHabit, deleteHabit, updateHabit } from '../api/habits';
import { listJournals } from '../api/journals';
import { createMeasure, deleteMeasure, updateMeasure } from '../api/measures';
import { createMonth, deleteMonth, getMonth, updateMonth } from '../api/months';
import { restoreItem } from '../api/trash';
import { defineWrite, queuedWrites, swapTempId, writeName } from '../offline/sync';
import { withConflictResolution } from './conflicts';
import { goneAnyway, orDeletedElsewhere } from './deleted-elsewhere';
import { errorStatus } from './errors';
import { compareJournals } from './journal-list';
import {
  dailyHabitKeys,
  dailyMeasureKeys,
  goalKeys,
  habitKeys,
  journalKeys,
  measureKeys,
  monthKeys,
  trashKeys,
} from './keys';
import {
  defineCreate,
  deleteSaved,
  dropRows,
  inMonth,
  patchRow,
  requireSaved,
  upsert,
} from './writes';

const byId = (a: { id: number }, b: { id: number }) =>
  // Temporary (negative) ids are newest: after every saved one.
  (a.id < 0 ? Number.MAX_SAFE_INTEGER - a.id : a.id) -
  (b.id < 0 ? Number.MAX_SAFE_INTEGER - b.id : b.id);

/** Drops a month from the list and from its detail; what is cached under it is forgotten once the server agrees. */
function dropMonth(queryClient: QueryClient, monthId: number): void {
  dropRows<Month>(queryClient, monthKeys.list(), (m) => m.id === monthId);
}

function forgetMonth(queryClient: QueryClient, monthId: number): void {
  dropMonth(queryClient, monthId);
  queryClient.removeQueries({ queryKey: monthKeys.scope(monthId) });
}

/** A discarded month write: the list shows the server's months again (discardWrite refreshes the month's own lists). */
function refetchMonths(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: monthKeys.list(), refetchType: 'all' });
}

function showMonth(queryClient: QueryClient, month: Month): void {
  upsert(queryClient, monthKeys.list(), month, byId);
  queryClient.setQueryData<Month>(monthKeys.detail(month.id), (cached) =>
    cached === undefined ? month : { ...cached, ...month },
  );
}

/** A month made offline has a page at once: its lists start empty, as the server's would. */
function seedMonthPage(queryClient: QueryClient, month: Month): void {
  const id = month.id;
  const empty = [
    journalKeys.list(id),
    goalKeys.list(id),
    habitKeys.list(id),
    measureKeys.list(id),
    dailyHabitKeys.list(id),
    dailyMeasureKeys.list(id),
  ];
  for (const key of empty)
    if (queryClient.getQueryData(key) === undefined) queryClient.setQueryData(key, []);
}

/** The page of a month made offline, read under its temporary id, is the server's month's page too. */
function moveMonthScope(queryClient: QueryClient, tempId: number, id: number): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: monthKeys.scope(tempId) })) {
    const key = [...monthKeys.scope(id), ...query.queryKey.slice(2)];
    if (query.state.data !== undefined && queryClient.getQueryData(key) === undefined)
      queryClient.setQueryData(key, query.state.data);
  }
}

// --- A month's counts, kept while it is in the bin ---------------------------------------

/** What a month card counts (the server's summary without its month id). */
export type KnownCounts = Pick<MonthSummary, 'journals' | 'goals' | 'goals_done'>;

/** The month's counts from the cache: its summary, else its cached lists, else what the bin kept. */
export function knownCounts(queryClient: QueryClient, monthId: number): KnownCounts | undefined {
  const summary = queryClient
    .getQueryData<MonthSummary[]>(monthKeys.summaries())
    ?.find((row) => row.month === monthId);
  if (summary)
    return { journals: summary.journals, goals: summary.goals, goals_done: summary.goals_done };
  const journals = queryClient.getQueryData<unknown[]>(journalKeys.list(monthId));
  const goals = queryClient.getQueryData<Goal[]>(goalKeys.list(monthId));
  if (journals && goals)
    return {
      journals: journals.length,
      goals: goals.length,
      goals_done: goals.filter((goal) => goal.is_completed).length,
    };
  return queryClient.getQueryData<KnownCounts>(monthKeys.binnedCounts(monthId));
}

/** The month left the bin (restored or purged): its kept counts are no longer needed. */
export function forgetBinnedCounts(queryClient: QueryClient, monthId: number): void {
  queryClient.removeQueries({ queryKey: monthKeys.binnedCounts(monthId), exact: true });
}

// --- Months --------------------------------------------------------------------------------

export interface MonthCreateWrite {
  tempId: number;
  body: CreateMonth;
  key: string;
}

export const monthCreate = defineWrite<MonthCreateWrite, Month>({
  name: 'month.create',
  subject: (v) => ({ kind: 'month', id: v.tempId, monthId: v.tempId }),
  run: ({ body, key }) => createMonth(body, key),
  optimistic: (queryClient, { tempId, body }) => {
    const month: Month = {
      id: tempId,
      name: body.name,
      author: 0,
      ...(body.period === undefined ? {} : { period: body.period }),
      ...(body.mood_enabled === undefined ? {} : { mood_enabled: body.mood_enabled }),
    };
    showMonth(queryClient, month);
    seedMonthPage(queryClient, month);
  },
  landed: (queryClient, { tempId }, month) => {
    moveMonthScope(queryClient, tempId, month.id);
    swapTempId(queryClient, tempId, month.id);
    showMonth(queryClient, month);
    void queryClient.invalidateQueries({ queryKey: monthKeys.summaries(), exact: true });
  },
  discarded: (queryClient, { tempId }) => forgetMonth(queryClient, tempId),
});

export interface MonthUpdateWrite {
  monthId: number;
  changes: UpdateMonth;
  /** The month as the edit saw it: its version is the If-Match, its fields the merge's base. */
  base?: Month;
}

export const monthUpdate = defineWrite<MonthUpdateWrite, Month>({
  name: 'month.update',
  subject: (v) => ({ kind: 'month', id: v.monthId, monthId: v.monthId }),
  run: ({ monthId, changes, base }, queryClient) => {
    requireSaved(monthId);
    return orDeletedElsewhere(
      'month',
      () =>
        withConflictResolution({
          base,
          changes,
          send: (body, ifMatch) => updateMonth(monthId, body, ifMatch),
          restore: () => restoreItem('month', monthId),
          subject: { kind: 'month', name: base?.name },
        }),
      () => forgetMonth(queryClient, monthId),
    );
  },
  optimistic: (queryClient, { monthId, changes }) => {
    patchRow<Month>(queryClient, monthKeys.list(), monthId, changes as Partial<Month>);
    queryClient.setQueryData<Month>(monthKeys.detail(monthId), (month) =>
      month === undefined ? month : { ...month, ...(changes as Partial<Month>) },
    );
  },
  landed: (queryClient, _variables, month) => showMonth(queryClient, month),
  discarded: (queryClient) => refetchMonths(queryClient),
});

export interface MonthDeleteWrite {
  monthId: number;
  /** The month as it was: a restore queued after the delete shows it again from this. */
  month?: Month;
  /** Its card's counts as it was deleted: kept while it is in the bin, for a restore made offline. */
  counts?: KnownCounts;
}

function restoreQueued(queryClient: QueryClient, monthId: number): boolean {
  return queuedWrites(queryClient).some((write) => {
    if (writeName(write) !== 'trash.restore') return false;
    const { ref } = write.state.variables as TrashRestoreWrite;
    return ref.kind === 'month' && ref.id === monthId;
  });
}

export const monthDelete = defineWrite<MonthDeleteWrite, number>({
  name: 'month.delete',
  subject: (v) => ({ kind: 'month', id: v.monthId, monthId: v.monthId }),
  run: ({ monthId }) => deleteSaved(monthId, deleteMonth),
  optimistic: (queryClient, { monthId }) => dropMonth(queryClient, monthId),
  // The server deletes everything of the month with it. Unless it was undone meanwhile (its
  // restore waits behind it): then what is cached of the month is what comes back, and a page
  // showing the month must not lose its data (or a read under way) between the two.
  landed: (queryClient, { monthId, counts }) => {
    if (!restoreQueued(queryClient, monthId))
      queryClient.removeQueries({ queryKey: monthKeys.scope(monthId) });
    if (counts) queryClient.setQueryData(monthKeys.binnedCounts(monthId), counts);
    void queryClient.invalidateQueries({ queryKey: trashKeys.all });
  },
  discarded: (queryClient) => refetchMonths(queryClient),
});

// --- Habits and measures -------------------------------------------------------------------

/** Whose month a habit or measure step belongs to: that month's card shows it waiting. */
const ofMonth = (v: { monthId: number }) => ({
  kind: 'month' as const,
  id: v.monthId,
  monthId: v.monthId,
});

export const habitCreate = defineCreate<CreateHabit, Habit>({
  name: 'habit.create',
  subject: ofMonth,
  list: habitKeys.list,
  refersTo: (body) => [body.month_id],
  create: createHabit,
  shown: (_queryClient, { tempId, body }) => ({
    ...inMonth(tempId, body.month_id),
    name: body.name,
    ...(body.schedule ? { schedule: body.schedule as Habit['schedule'] } : {}),
  }),
});

export interface HabitUpdateWrite {
  monthId: number;
  habitId: number;
  changes: UpdateHabit;
}

export const habitUpdate = defineWrite<HabitUpdateWrite, Habit | null>({
  name: 'habit.update',
  subject: ofMonth,
  run: async ({ habitId, changes }) => {
    requireSaved(habitId);
    // Gone elsewhere: nothing left to rename (the month's lists are read again after).
    let updated: Habit | null = null;
    await goneAnyway(async () => {
      updated = await updateHabit(habitId, changes);
    });
    return updated;
  },
  optimistic: (queryClient, { monthId, habitId, changes }) =>
    patchRow<Habit>(queryClient, habitKeys.list(monthId), habitId, changes as Partial<Habit>),
  landed: (queryClient, { monthId }, habit) => {
    if (habit) upsert(queryClient, habitKeys.list(monthId), habit);
    else void queryClient.invalidateQueries({ queryKey: habitKeys.list(monthId), exact: true });
  },
});

export interface HabitDeleteWrite {
  monthId: number;
  habitId: number;
}

export const habitDelete = defineWrite<HabitDeleteWrite, number>({
  name: 'habit.delete',
  subject: ofMonth,
  run: ({ habitId }) => deleteSaved(habitId, deleteHabit),
  // Its ticks go with it (the server deletes them too).
  optimistic: (queryClient, { monthId, habitId }) => {
    dropRows<Habit>(queryClient, habitKeys.list(monthId), (h) => h.id === habitId);
    dropRows<DailyHabit>(queryClient, dailyHabitKeys.list(monthId), (d) => d.habit_id === habitId);
  },
});

export const measureCreate = defineCreate<CreateMeasure, Measure>({
  name: 'measure.create',
  subject: ofMonth,
  list: measureKeys.list,
  refersTo: (body) => [body.month_id],
  create: createMeasure,
  shown: (_queryClient, { tempId, body }) => ({ ...body, ...inMonth(tempId, body.month_id) }),
});

export interface MeasureUpdateWrite {
  monthId: number;
  measureId: number;
  changes: UpdateMeasure;
}

export const measureUpdate = defineWrite<MeasureUpdateWrite, null>({
  name: 'measure.update',
  subject: ofMonth,
  run: async ({ measureId, changes }) => {
    requireSaved(measureId);
    // Gone elsewhere: nothing to rename; the month's page reads its measures again.
    await goneAnyway(async () => {
      await updateMeasure(measureId, changes);
    });
    return null;
  },
  optimistic: (queryClient, { monthId, measureId, changes }) =>
    patchRow<Measure>(
      queryClient,
      measureKeys.list(monthId),
      measureId,
      changes as Partial<Measure>,
    ),
  landed: (queryClient, { monthId }) =>
    void queryClient.invalidateQueries({ queryKey: measureKeys.list(monthId), exact: true }),
});

export interface MeasureDeleteWrite {
  monthId: number;
  measureId: number;
}

export const measureDelete = defineWrite<MeasureDeleteWrite, number>({
  name: 'measure.delete',
  subject: ofMonth,
  run: ({ measureId }) => deleteSaved(measureId, deleteMeasure),
  // Its values on every entry go with it.
  optimistic: (queryClient, { monthId, measureId }) => {
    dropRows<{ id: number }>(queryClient, measureKeys.list(monthId), (m) => m.id === measureId);
    dropRows<DailyMeasure>(
      queryClient,
      dailyMeasureKeys.list(monthId),
      (d) => d.measure_id === measureId,
    );
  },
});

// --- The bin -------------------------------------------------------------------------------

/** A deleted row in the bin (an undone import is restored online only: queries/import-undo.ts). */
export interface TrashRef {
  kind: RowTrashKind;
  id: number;
  /** The month an entry or goal belongs to; null for a month. */
  month: number | null;
}

export interface TrashRestoreWrite {
  ref: TrashRef;
  /** What the bin listed (or the month as it was deleted): shown again before the server answers. */
  item?: Pick<TrashItem, 'label' | 'date'>;
  month?: Month;
  /** A month's card counts as this device last knew them: shown until the server's summary. */
  counts?: KnownCounts;
}

/** What a restore shows at once: the row back in its list, as much of it as the bin knew. */
function showRestored(
  queryClient: QueryClient,
  { ref, item, month, counts }: TrashRestoreWrite,
): void {
  dropRows<TrashItem>(
    queryClient,
    trashKeys.list(),
    (row) => row.kind === ref.kind && row.id === ref.id,
  );
  if (ref.kind === 'month') {
    const row = month ?? (item ? { id: ref.id, name: item.label, author: 0 } : undefined);
    if (row) upsert(queryClient, monthKeys.list(), row, byId);
    if (counts)
      queryClient.setQueryData<MonthSummary[]>(monthKeys.summaries(), (rows = []) =>
        rows.some((summary) => summary.month === ref.id)
          ? rows
          : [...rows, { month: ref.id, ...counts }],
      );
    return;
  }
  if (ref.month === null || !item) return;
  const row = inMonth(ref.id, ref.month);
  if (ref.kind === 'journal' && item.date)
    upsert<Journal>(
      queryClient,
      journalKeys.list(ref.month),
      { ...row, highlight: item.label, created_at: item.date },
      compareJournals,
    );
  if (ref.kind === 'goal')
    upsert<Goal>(queryClient, goalKeys.list(ref.month), {
      ...row,
      name: item.label,
      is_completed: false,
    });
}

/**
 * A restore brings back rows of several lists at once (a month's entries, ticks and goals; an
 * entry's ticks), so once it lands the month's whole scope and the months list are read again.
 */
function refreshRestored(queryClient: QueryClient, ref: TrashRef): void {
  const month = ref.kind === 'month' ? ref.id : ref.month;
  if (ref.kind === 'month') forgetBinnedCounts(queryClient, ref.id);
  void queryClient.invalidateQueries({ queryKey: trashKeys.all });
  void queryClient.invalidateQueries({ queryKey: monthKeys.list() });
  void queryClient.invalidateQueries({ queryKey: monthKeys.summaries() });
  if (month !== null) void queryClient.invalidateQueries({ queryKey: monthKeys.scope(month) });
  if (ref.kind !== 'goal') void queryClient.invalidateQueries({ queryKey: ['journal-search'] });
}

/** Whether the item is out of the bin and live (a 404 reading it: no). */
async function isLive(ref: TrashRef): Promise<boolean> {
  try {
    if (ref.kind === 'month') return (await getMonth(ref.id)).id === ref.id;
    if (ref.month === null) return false;
    const rows = await (ref.kind === 'journal' ? listJournals(ref.month) : listGoals(ref.month));
    return rows.some((row) => row.id === ref.id);
  } catch (error) {
    if (errorStatus(error) === 404) return false;
    throw error;
  }
}

export const trashRestore = defineWrite<TrashRestoreWrite, unknown>({
  name: 'trash.restore',
  subject: ({ ref }) =>
    ref.kind === 'month'
      ? { kind: 'month', id: ref.id, monthId: ref.id }
      : { kind: ref.kind, id: ref.id, ...(ref.month === null ? {} : { monthId: ref.month }) },
  run: async ({ ref }) => {
    requireSaved(ref.id);
    try {
      return await restoreItem(ref.kind, ref.id);
    } catch (error) {
      // 404: not in the bin. A restore sent again because its answer was lost (the connection
      // dropped, or its tab closed first) finds the item restored already, which is all it wanted;
      // so does one restored elsewhere meanwhile. Only an item gone for good is a refusal.
      if (errorStatus(error) === 404 && (await isLive(ref))) return null;
      throw error;
    }
  },
  optimistic: showRestored,
  landed: (queryClient, { ref }) => refreshRestored(queryClient, ref),
  discarded: (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: trashKeys.all });
    refetchMonths(queryClient);
  },
});
