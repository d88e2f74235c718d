// The month page's writes as queued, offline-first mutations (src/offline/sync.ts): each one request, found by its key.
import type { QueryClient } from '@tanstack/react-query';
import type {
  DailyHabit,
  DailyMeasure,
  Goal,
  Habit,
  Journal,
  Measure,
} from '../../contract/entities';
import type {
  CreateDailyHabit,
  CreateDailyMeasure,
  CreateGoal,
  CreateJournal,
  UpdateJournal,
} from '../../contract/requests';
import { createDailyHabit, updateDailyHabit } from '../api/daily-habits';
import { createDailyMeasure, updateDailyMeasure } from '../api/daily-measures';
import { createGoal, deleteGoal, updateGoal } from '../api/goals';
import { createJournal, deleteJournal, updateJournal } from '../api/journals';
import { texts } from '../i18n/store';
import { defineWrite, isTempId, SyncRefusal, swapTempId, type WriteSubject } from '../offline/sync';
import { OFFLINE_TEXTS } from '../offline/texts';
import { type ConflictSubject, withConflictResolution } from './conflicts';
import { goneAnyway, orDeletedElsewhere } from './deleted-elsewhere';
import { compareJournals } from './journal-list';
import {
  dailyHabitKeys,
  dailyMeasureKeys,
  goalKeys,
  habitKeys,
  journalKeys,
  journalSearchKeys,
  measureKeys,
} from './keys';
import { invalidateMonthStats } from './stats';

interface Row {
  id: number;
}

/**
 * A write whose item was created offline, and whose create never landed, cannot be sent: refused
 * in the reader's language (here, with the writes, so the texts stay out of a page's first load).
 */
export function requireSaved(...ids: number[]): void {
  if (ids.some(isTempId))
    throw new SyncRefusal(texts('offline', OFFLINE_TEXTS).dependsOnUnsaved, null);
}

/** Puts `row` in the cached list (replacing the one with its id); a list not in cache stays absent. */
export function upsert<T extends Row>(
  queryClient: QueryClient,
  key: readonly unknown[],
  row: T,
  order?: (a: T, b: T) => number,
): void {
  queryClient.setQueryData<T[]>(key, (rows) => {
    if (rows === undefined) return rows;
    const next = rows.some((r) => r.id === row.id)
      ? rows.map((r) => (r.id === row.id ? row : r))
      : [...rows, row];
    return order ? next.sort(order) : next;
  });
}

export function patchRow<T extends Row>(
  queryClient: QueryClient,
  key: readonly unknown[],
  id: number,
  patch: Partial<T>,
  order?: (a: T, b: T) => number,
): void {
  queryClient.setQueryData<T[]>(key, (rows) => {
    if (rows === undefined || !rows.some((r) => r.id === id)) return rows;
    const next = rows.map((r) => (r.id === id ? { ...r, ...patch } : r));
    return order ? next.sort(order) : next;
  });
}

export function dropRows<T>(
  queryClient: QueryClient,
  key: readonly unknown[],
  drop: (row: T) => boolean,
) {
  queryClient.setQueryData<T[]>(key, (rows) =>
    rows?.some(drop) ? rows.filter((row) => !drop(row)) : rows,
  );
}

export interface CreateWrite<Body> {
  monthId: number;
  tempId: number;
  body: Body;
  key: string;
}

/**
 * A create of a row in one of a month's lists: shown at once under its temporary id, swapped for
 * the server's row once it lands, dropped again if the write is discarded.
 */
export function defineCreate<Body, Row extends { id: number }>(kind: {
  name: string;
  subject: (v: CreateWrite<Body>) => WriteSubject;
  scope?: (v: CreateWrite<Body>) => string;
  list: (monthId: number) => readonly unknown[];
  /** The ids the body refers to, which the server must have first. */
  refersTo: (body: Body) => number[];
  create: (body: Body, key: string) => Promise<Row>;
  /** The row shown while it waits; none while what it shows is not read yet. */
  shown: (queryClient: QueryClient, v: CreateWrite<Body>) => Row | undefined;
  settled?: (queryClient: QueryClient, v: CreateWrite<Body>) => void;
}) {
  return defineWrite<CreateWrite<Body>, Row>({
    name: kind.name,
    subject: kind.subject,
    ...(kind.scope ? { scope: kind.scope } : {}),
    run: ({ body, key }) => {
      requireSaved(...kind.refersTo(body));
      return kind.create(body, key);
    },
    optimistic: (queryClient, v) => {
      const row = kind.shown(queryClient, v);
      if (row) upsert(queryClient, kind.list(v.monthId), row);
    },
    landed: (queryClient, { monthId, tempId }, row) => {
      swapTempId(queryClient, tempId, row.id);
      upsert(queryClient, kind.list(monthId), row);
    },
    ...(kind.settled ? { settled: kind.settled } : {}),
    discarded: (queryClient, { monthId, tempId }) =>
      dropRows<Row>(queryClient, kind.list(monthId), (row) => row.id === tempId),
  });
}

/** What every row of a month's lists holds, for one shown before the server has it. */
export const inMonth = (id: number, monthId: number) => ({
  id,
  author: 0,
  month: monthId,
  month_id: monthId,
});

/** A delete's request; a 404 has what it wanted (deleted elsewhere first), so the row goes all the same. */
export async function deleteSaved(id: number, remove: (id: number) => Promise<void>) {
  requireSaved(id);
  await goneAnyway(() => remove(id));
  return id;
}

const invalidateSearches = (queryClient: QueryClient) =>
  void queryClient.invalidateQueries({ queryKey: journalSearchKeys.all });

/** Drops a journal and its daily items from the caches. */
export function forgetJournal(queryClient: QueryClient, monthId: number, journalId: number): void {
  dropRows<Journal>(queryClient, journalKeys.list(monthId), (j) => j.id === journalId);
  const ofJournal = (item: { journal_id: number }) => item.journal_id === journalId;
  dropRows<DailyHabit>(queryClient, dailyHabitKeys.list(monthId), ofJournal);
  dropRows<DailyMeasure>(queryClient, dailyMeasureKeys.list(monthId), ofJournal);
}

/** A 404: the entry was deleted elsewhere; its card leaves, the lists are read again. */
function journalGone(queryClient: QueryClient, monthId: number, journalId: number) {
  forgetJournal(queryClient, monthId, journalId);
  for (const queryKey of [journalKeys.list(monthId), dailyHabitKeys.list(monthId)])
    void queryClient.invalidateQueries({ queryKey, exact: true });
}

// --- Journals ------------------------------------------------------------------------------

export interface JournalCreateWrite {
  monthId: number;
  tempId: number;
  body: CreateJournal & { created_at: string };
  key: string;
}

export const journalCreate = defineWrite<JournalCreateWrite, Journal>({
  name: 'journal.create',
  subject: (v) => ({ kind: 'journal', id: v.tempId, monthId: v.monthId }),
  run: ({ body, key }) => {
    requireSaved(body.month_id);
    return createJournal(body, key);
  },
  optimistic: (queryClient, { monthId, tempId, body }) => {
    const journal: Journal = {
      id: tempId,
      created_at: body.created_at,
      highlight: body.highlight,
      author: 0,
      month: body.month_id,
      month_id: body.month_id,
      // The note and mood, with their defaults.
      note: body.note ?? '',
      mood: body.mood ?? null,
    };
    upsert(queryClient, journalKeys.list(monthId), journal, compareJournals);
  },
  landed: (queryClient, { monthId, tempId }, journal) => {
    swapTempId(queryClient, tempId, journal.id);
    upsert(queryClient, journalKeys.list(monthId), journal, compareJournals);
    invalidateSearches(queryClient);
  },
  settled: (queryClient, { monthId }) => invalidateMonthStats(queryClient, monthId),
  discarded: (queryClient, { monthId, tempId }) => forgetJournal(queryClient, monthId, tempId),
});

export interface JournalUpdateWrite {
  monthId: number;
  journalId: number;
  changes: UpdateJournal;
  /** The entry as the edit saw it: its version is the If-Match, its fields the merge's base. */
  base?: Journal;
}

export const journalUpdate = defineWrite<JournalUpdateWrite, Journal>({
  name: 'journal.update',
  subject: (v) => ({ kind: 'journal', id: v.journalId, monthId: v.monthId }),
  run: ({ monthId, journalId, changes, base }, queryClient) => {
    requireSaved(journalId);
    return orDeletedElsewhere(
      'journal',
      () =>
        withConflictResolution({
          base,
          changes,
          send: (body, ifMatch) => updateJournal(journalId, body, ifMatch),
          restore: () => import('../api/trash').then((m) => m.restoreItem('journal', journalId)),
          subject: entrySubject(queryClient, monthId, journalId),
        }),
      () => journalGone(queryClient, monthId, journalId),
    );
  },
  optimistic: (queryClient, { monthId, journalId, changes }) =>
    patchRow<Journal>(queryClient, journalKeys.list(monthId), journalId, changes, compareJournals),
  landed: (queryClient, { monthId }, journal) => {
    upsert(queryClient, journalKeys.list(monthId), journal, compareJournals);
    invalidateSearches(queryClient);
  },
  settled: (queryClient, { monthId }) => invalidateMonthStats(queryClient, monthId),
});

export interface JournalDeleteWrite {
  monthId: number;
  journalId: number;
}

export const journalDelete = defineWrite<JournalDeleteWrite, number>({
  name: 'journal.delete',
  subject: (v) => ({ kind: 'journal', id: v.journalId, monthId: v.monthId }),
  run: ({ journalId }) => deleteSaved(journalId, deleteJournal),
  optimistic: (queryClient, { monthId, journalId }) =>
    forgetJournal(queryClient, monthId, journalId),
  landed: (queryClient) => invalidateSearches(queryClient),
  settled: (queryClient, { monthId }) => invalidateMonthStats(queryClient, monthId),
});

// --- Daily measures and habits ---------------------------------------------------------------

/** An older answer never paints over a newer write of the same row still queued: that one shows its own. */
function newerQueued<V>(
  queryClient: QueryClient,
  variables: V,
  sameRow: (other: Partial<V>) => boolean,
): boolean {
  return queryClient
    .getMutationCache()
    .getAll()
    .some(
      (m) =>
        m.state.status === 'pending' &&
        m.state.variables !== variables &&
        m.state.variables != null &&
        sameRow(m.state.variables as Partial<V>),
    );
}

/** An entry named in a conflict dialog by its date, from the month's entries in the cache. */
function entrySubject(
  queryClient: QueryClient,
  monthId: number,
  journalId: number,
  part?: string,
): ConflictSubject {
  const date = queryClient
    .getQueryData<Journal[]>(journalKeys.list(monthId))
    ?.find((journal) => journal.id === journalId)?.created_at;
  return { kind: 'entry', date, part };
}

interface DailyItemUpdateWrite<Row> {
  monthId: number;
  journalId: number;
  /** The row as the edit saw it: If-Match and merge base (src/queries/conflicts.ts). */
  base?: Row;
}

/**
 * The create and update writes of a daily item (a measure's value or a habit's tick on an entry),
 * which differ only in the parts given, as the server's DailyItemRepository does.
 */
function dailyItemWrites<
  Row extends { id: number; version?: number },
  Item extends { id: number },
  Body extends { journal_id: number },
  Update extends DailyItemUpdateWrite<Row>,
>(kind: {
  /** The writes' names start with it: queued writes saved on devices are found by name. */
  name: 'daily-measure' | 'daily-habit';
  list: (monthId: number) => readonly unknown[];
  /** The month's measures or habits, and which one a new row is of. */
  items: (monthId: number) => readonly unknown[];
  itemId: (body: Body) => number;
  create: (body: Body, key: string) => Promise<Row>;
  /** The row shown while its create waits. */
  shown: (tempId: number, body: Body, item: Item) => Row;
  rowId: (v: Update) => number;
  /** The PATCH body, and what the cache shows of it at once. */
  changes: (v: Update) => Partial<Row>;
  patch?: (v: Update) => Partial<Row>;
  send: (id: number, body: Partial<Row>, ifMatch: number | undefined) => Promise<Row>;
  /** A 404 on an update (the entry is gone): also read this again. */
  alsoGone?: (monthId: number) => readonly unknown[];
  /** Rows clicked quickly in turn: an older answer keeps off a newer queued click. */
  newestWins?: boolean;
  /** The habit's or measure's name, for the conflict dialog. */
  partName: (row: Row) => string;
}) {
  const create = defineCreate<Body, Row>({
    name: `${kind.name}.create`,
    subject: (v) => ({ kind: 'journal', id: v.body.journal_id, monthId: v.monthId }),
    // One scope per tick or value: an entry's go side by side once the entry is saved.
    scope: (v) => `${kind.name}:${v.tempId}`,
    list: kind.list,
    refersTo: (body) => [body.journal_id, kind.itemId(body)],
    create: kind.create,
    shown: (queryClient, { monthId, tempId, body }) => {
      const item = queryClient
        .getQueryData<Item[]>(kind.items(monthId))
        ?.find((i) => i.id === kind.itemId(body));
      return item && kind.shown(tempId, body, item);
    },
    settled: (queryClient, { monthId }) => invalidateMonthStats(queryClient, monthId),
  });

  const update = defineWrite<Update, Row>({
    name: `${kind.name}.update`,
    subject: (v) => ({ kind: 'journal', id: v.journalId, monthId: v.monthId }),
    scope: (v) => `${kind.name}:${kind.rowId(v)}`,
    run: (v, queryClient) => {
      const id = kind.rowId(v);
      requireSaved(id);
      return orDeletedElsewhere(
        'journal',
        () =>
          withConflictResolution({
            base: v.base,
            changes: kind.changes(v),
            send: (body, ifMatch) => kind.send(id, body, ifMatch),
            subject: entrySubject(
              queryClient,
              v.monthId,
              v.journalId,
              v.base && kind.partName(v.base),
            ),
          }),
        () => {
          journalGone(queryClient, v.monthId, v.journalId);
          const also = kind.alsoGone?.(v.monthId);
          if (also) void queryClient.invalidateQueries({ queryKey: also, exact: true });
        },
      );
    },
    optimistic: (queryClient, v) =>
      patchRow<Row>(
        queryClient,
        kind.list(v.monthId),
        kind.rowId(v),
        (kind.patch ?? kind.changes)(v),
      ),
    landed: (queryClient, variables, row) => {
      const sameRow = (other: Partial<Update>) => kind.rowId(other as Update) === row.id;
      if (!(kind.newestWins && newerQueued(queryClient, variables, sameRow)))
        upsert(queryClient, kind.list(variables.monthId), row);
    },
    settled: (queryClient, { monthId }) => invalidateMonthStats(queryClient, monthId),
  });
  return { create, update };
}

export interface DailyMeasureUpdateWrite extends DailyItemUpdateWrite<DailyMeasure> {
  dailyMeasureId: number;
  metric: number;
}

export const { create: dailyMeasureCreate, update: dailyMeasureUpdate } = dailyItemWrites<
  DailyMeasure,
  Measure,
  CreateDailyMeasure,
  DailyMeasureUpdateWrite
>({
  name: 'daily-measure',
  list: dailyMeasureKeys.list,
  items: measureKeys.list,
  partName: (row) => row.measure.name,
  itemId: (body) => body.measure_id,
  create: createDailyMeasure,
  shown: (id, { metric, measure_id, journal_id }, measure) => ({
    id,
    metric,
    measure,
    measure_id,
    journal: journal_id,
    journal_id,
  }),
  rowId: (v) => v.dailyMeasureId,
  changes: ({ metric }) => ({ metric }),
  send: updateDailyMeasure,
});

export interface DailyHabitUpdateWrite extends DailyItemUpdateWrite<DailyHabit> {
  dailyHabitId: number;
  isPracticed: boolean;
  /**
   * Set with the skip toggle; absent: the plain `{is_practiced}` body (the server clears a skip
   * when it is true).
   */
  isSkipped?: boolean;
}

/** The body of a daily habit's PATCH, and what it changes. */
const dailyHabitChanges = ({ isPracticed, isSkipped }: DailyHabitUpdateWrite) => ({
  is_practiced: isPracticed,
  ...(isSkipped === undefined ? {} : { is_skipped: isSkipped }),
});

export const { create: dailyHabitCreate, update: dailyHabitUpdate } = dailyItemWrites<
  DailyHabit,
  Habit,
  CreateDailyHabit & { is_practiced: boolean },
  DailyHabitUpdateWrite
>({
  name: 'daily-habit',
  list: dailyHabitKeys.list,
  items: habitKeys.list,
  partName: (row) => row.habit.name,
  itemId: (body) => body.habit_id,
  create: createDailyHabit,
  shown: (id, { is_practiced, is_skipped, habit_id, journal_id }, habit) => ({
    id,
    is_practiced,
    // A skip made on a new row shows at once, as one made on an existing row does.
    ...(is_skipped ? { is_skipped } : {}),
    habit,
    habit_id,
    journal: journal_id,
    journal_id,
  }),
  rowId: (v) => v.dailyHabitId,
  changes: dailyHabitChanges,
  // Done turns a skip off on the server too.
  patch: (v) => ({ ...dailyHabitChanges(v), ...(v.isPracticed ? { is_skipped: false } : {}) }),
  send: updateDailyHabit,
  alsoGone: habitKeys.list,
  newestWins: true,
});

// --- Goals ---------------------------------------------------------------------------------

export const goalCreate = defineCreate<CreateGoal, Goal>({
  name: 'goal.create',
  subject: (v) => ({ kind: 'goal', id: v.tempId, monthId: v.monthId }),
  list: goalKeys.list,
  refersTo: (body) => [body.month_id],
  create: createGoal,
  shown: (_queryClient, { tempId, body }) => ({
    ...inMonth(tempId, body.month_id),
    name: body.name,
    is_completed: body.is_completed ?? false,
  }),
  settled: (queryClient, { monthId }) => invalidateMonthStats(queryClient, monthId),
});

export interface GoalUpdateWrite {
  monthId: number;
  goalId: number;
  isCompleted: boolean;
  /** The goal as the tick saw it: If-Match and merge base (src/queries/conflicts.ts). */
  base?: Goal;
}

export const goalUpdate = defineWrite<GoalUpdateWrite, Goal>({
  name: 'goal.update',
  subject: (v) => ({ kind: 'goal', id: v.goalId, monthId: v.monthId }),
  run: ({ monthId, goalId, isCompleted, base }, queryClient) => {
    requireSaved(goalId);
    return orDeletedElsewhere(
      'goal',
      () =>
        withConflictResolution({
          base,
          changes: { is_completed: isCompleted },
          send: (body, ifMatch) => updateGoal(goalId, body, ifMatch),
          restore: () => import('../api/trash').then((m) => m.restoreItem('goal', goalId)),
          subject: { kind: 'goal', name: base?.name },
        }),
      () => dropRows<Goal>(queryClient, goalKeys.list(monthId), (g) => g.id === goalId),
    );
  },
  optimistic: (queryClient, { monthId, goalId, isCompleted }) =>
    patchRow<Goal>(queryClient, goalKeys.list(monthId), goalId, { is_completed: isCompleted }),
  landed: (queryClient, variables, goal) => {
    if (!newerQueued(queryClient, variables, (other) => other.goalId === goal.id))
      upsert(queryClient, goalKeys.list(variables.monthId), goal);
  },
  settled: (queryClient, { monthId }) => invalidateMonthStats(queryClient, monthId),
});

export interface GoalDeleteWrite {
  monthId: number;
  goalId: number;
}

export const goalDelete = defineWrite<GoalDeleteWrite, number>({
  name: 'goal.delete',
  subject: (v) => ({ kind: 'goal', id: v.goalId, monthId: v.monthId }),
  run: ({ goalId }) => deleteSaved(goalId, deleteGoal),
  optimistic: (queryClient, { monthId, goalId }) =>
    dropRows<Goal>(queryClient, goalKeys.list(monthId), (g) => g.id === goalId),
  settled: (queryClient, { monthId }) => invalidateMonthStats(queryClient, monthId),
});
