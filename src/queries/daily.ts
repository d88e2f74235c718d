// A month's daily habits and daily measures: one request each, kept to the month's journals; ticks and values as queued writes.
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { DailyHabit, DailyMeasure, Habit, Journal, Measure } from '../../contract/entities';
import type { CreateDailyHabit, CreateDailyMeasure } from '../../contract/requests';
import { createDailyHabit, listMonthDailyHabits, updateDailyHabit } from '../api/daily-habits';
import {
  createDailyMeasure,
  listMonthDailyMeasures,
  updateDailyMeasure,
} from '../api/daily-measures';
import { newIdempotencyKey } from '../api/idempotency';
import { newTempId } from '../offline/sync';
import { patchRow, upsert } from './cache';
import { withConflictResolution } from './conflicts';
import { orDeletedElsewhere } from './deleted-elsewhere';
import { entrySubject, journalGone, journalsQueryOptions } from './journal-list';
import { dailyHabitKeys, dailyMeasureKeys, habitKeys, journalKeys, measureKeys } from './keys';
import { openMonthRows } from './private-rows';
import { notifyingNow } from './row-toggle';
import { invalidateMonthStats } from './stats-invalidation';
import { useWrite, type WriteOptionsOf } from './use-write';
import { defineCreate, defineWrite, newerQueued, requireSaved } from './write-kinds';

/**
 * Ids of the month's journals. Reuses the cached list unless it was invalidated (a new journal),
 * and joins a journals fetch already in flight, so a page load still makes one journals request.
 * A cached list counts as stale while it is being fetched again: `fetchQuery` then joins that
 * fetch (a refetch on focus or on mount may be bringing a journal the cache lacks) instead of
 * answering the old list, which would drop the new journal's items from this month's list.
 */
async function monthJournalIds(queryClient: QueryClient, monthId: number): Promise<Set<number>> {
  const journals = await queryClient.fetchQuery({
    ...journalsQueryOptions(monthId),
    staleTime: (query) => (query.state.fetchStatus === 'fetching' ? 0 : Number.POSITIVE_INFINITY),
  });
  return new Set(journals.map((journal) => journal.id));
}

/** Keeps only the month's items: a server without `?month=` answers with every month's. */
async function ofMonth<T extends { journal_id: number }>(
  queryClient: QueryClient,
  monthId: number,
  items: Promise<T[]>,
): Promise<T[]> {
  const [all, journalIds] = await Promise.all([items, monthJournalIds(queryClient, monthId)]);
  return all.filter((item) => journalIds.has(item.journal_id));
}

export function dailyHabitsQueryOptions(monthId: number) {
  return queryOptions({
    queryKey: dailyHabitKeys.list(monthId),
    queryFn: async ({ client }) =>
      openMonthRows(
        client,
        monthId,
        'tick',
        await ofMonth(client, monthId, listMonthDailyHabits(monthId)),
      ),
  });
}

export function dailyMeasuresQueryOptions(monthId: number) {
  return queryOptions({
    queryKey: dailyMeasureKeys.list(monthId),
    queryFn: async ({ client }) =>
      openMonthRows(
        client,
        monthId,
        'value',
        await ofMonth(client, monthId, listMonthDailyMeasures(monthId)),
      ),
  });
}

// --- Writes, found by their names (saved with queued writes on devices) ----------------------

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
    // An entry deleted elsewhere meanwhile (its create adopted from a closed tab, say): its card
    // leaves, and the refusal says why.
    create: (body, key, queryClient, { monthId }) =>
      orDeletedElsewhere(
        'journal',
        () => kind.create(body, key),
        () => journalGone(queryClient, monthId, body.journal_id),
        'journal_id',
      ),
    sealedAs: kind.name === 'daily-habit' ? 'tick' : 'value',
    update: (id, body) => kind.send(id, body, undefined),
    shown: (queryClient, { monthId, tempId, body }) => {
      const item = queryClient
        .getQueryData<Item[]>(kind.items(monthId))
        ?.find((i) => i.id === kind.itemId(body));
      // An entry no longer listed (deleted elsewhere, its card gone) shows no tick of its own.
      const entries = queryClient.getQueryData<Journal[]>(journalKeys.list(monthId));
      if (entries && !entries.some((entry) => entry.id === body.journal_id)) return undefined;
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
            privateRow: {
              queryClient,
              monthId: v.monthId,
              kind: kind.name === 'daily-habit' ? 'tick' : 'value',
              id,
            },
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

// --- Hooks ---------------------------------------------------------------------------------

export interface ToggleDailyHabit {
  dailyHabitId: number;
  isPracticed: boolean;
  /** The skip toggle; absent: only is_practiced is sent (the plain body). */
  isSkipped?: boolean;
}

/**
 * Ticks one habit on one journal; only that daily habit changes in cache, nothing is refetched.
 * Shown in the click's own task, queued in click order, the last click wins. A 404 means the entry
 * (or the habit) went elsewhere: the month's lists are read again.
 */
export function useToggleDailyHabit(
  monthId: number,
  options?: WriteOptionsOf<typeof dailyHabitUpdate, ToggleDailyHabit>,
) {
  const write = useWrite(
    dailyHabitUpdate,
    ({ dailyHabitId, isPracticed, isSkipped }: ToggleDailyHabit, queryClient) => {
      const key = dailyHabitKeys.list(monthId);
      const base = queryClient.getQueryData<DailyHabit[]>(key)?.find((d) => d.id === dailyHabitId);
      // A refetch landing meanwhile would paint the old row back.
      void queryClient.cancelQueries({ queryKey: key, exact: true });
      return {
        monthId,
        dailyHabitId,
        journalId: base?.journal_id ?? 0,
        isPracticed,
        ...(isSkipped === undefined ? {} : { isSkipped }),
        base,
      };
    },
    options,
  );
  return { ...write, mutate: (input: ToggleDailyHabit) => notifyingNow(() => write.mutate(input)) };
}

export interface TickMissingHabit {
  journalId: number;
  habitId: number;
  /** Done or skipped: the row is made with that state (not done is what a missing row shows). */
  state: 'done' | 'skipped';
}

/**
 * Ticks a habit on an entry that has no checkbox for it yet (the habit was added to the month
 * after the entry was written): the entry's daily habit is created, as the Edit dialog's Save does,
 * queued with its idempotency key and shown at once.
 */
export function useTickMissingHabit(
  monthId: number,
  options?: WriteOptionsOf<typeof dailyHabitCreate, TickMissingHabit>,
) {
  const write = useWrite(
    dailyHabitCreate,
    ({ journalId, habitId, state }: TickMissingHabit, queryClient) => {
      void queryClient.cancelQueries({ queryKey: dailyHabitKeys.list(monthId), exact: true });
      return {
        monthId,
        tempId: newTempId(),
        body: {
          journal_id: journalId,
          habit_id: habitId,
          is_practiced: state === 'done',
          ...(state === 'skipped' ? { is_skipped: true } : {}),
        },
        key: newIdempotencyKey(),
      };
    },
    options,
  );
  return { ...write, mutate: (input: TickMissingHabit) => notifyingNow(() => write.mutate(input)) };
}
