// Months: the list, one month, and creating (with its habits and measures), renaming, deleting, as queued writes; a month's counts kept while it is in the bin.
import {
  type QueryClient,
  queryOptions,
  useMutationState,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Goal, Month } from '../../contract/entities';
import type { HabitSchedule } from '../../contract/habit-schedule';
import type { MeasureTarget } from '../../contract/measure-targets';
import { inPeriod } from '../../contract/month-period';
import type { CreateMonth, UpdateMonth } from '../../contract/requests';
import type { MonthSummary } from '../../contract/stats';
import { newIdempotencyKey } from '../api/idempotency';
import {
  createMonth,
  deleteMonth,
  listMonthSummaries,
  listMonths,
  updateMonth,
} from '../api/months';
import { restoreItem } from '../api/trash';
import { readOrSavedCopy } from '../offline/query-persistence';
import {
  type Enqueue,
  isQueued,
  isTempId,
  newTempId,
  queuedWrites,
  subjectOf,
  swapTempId,
  writeName,
} from '../offline/sync';
import { dropRows, patchRow, upsert } from './cache';
import { withConflictResolution } from './conflicts';
import { orDeletedElsewhere } from './deleted-elsewhere';
import { habitCreate } from './habits';
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
import { measureCreate } from './measures';
import { isPrivateMonth } from './month-privacy';
import { openMonths, readMonth, unreadable } from './private-rows';
import type { TrashRestoreWrite } from './trash';
import { type SaveOptions, useSave, useWrite, type WriteOptionsOf } from './use-write';
import { defineWrite, deleteSaved, requireSaved } from './write-kinds';

// --- Writes, found by their names (saved with queued writes on devices) ----------------------

export const byId = (a: { id: number }, b: { id: number }) =>
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
export function refetchMonths(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: monthKeys.list(), refetchType: 'all' });
}

export function showMonth(queryClient: QueryClient, month: Month): void {
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
  /** Private from the start: its name sealed before anything of it is sent (private-writes.ts). */
  private?: true;
}

export const monthCreate = defineWrite<MonthCreateWrite, Month>({
  name: 'month.create',
  subject: (v) => ({ kind: 'month', id: v.tempId, monthId: v.tempId }),
  run: ({ body, key, private: isPrivate }) =>
    isPrivate
      ? import('./private-writes').then((writes) => writes.createPrivateMonth(body, key))
      : createMonth(body, key),
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
          privateRow: { queryClient, monthId, kind: 'month', id: monthId },
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

// --- Hooks ---------------------------------------------------------------------------------

export function monthsQueryOptions() {
  return queryOptions({
    queryKey: monthKeys.list(),
    queryFn: async ({ client }) => openMonths(client, await listMonths()),
  });
}

/** The months page's list; the copy saved on this device when the network goes mid-read. */
export function ensureMonthsList(queryClient: QueryClient) {
  return readOrSavedCopy(queryClient, () => queryClient.ensureQueryData(monthsQueryOptions()));
}

/**
 * The month cards' counts. Writes on a journals page do not touch this entry, so the months page
 * asks again whenever it shows (in the background: the cards show at once, then their counts).
 */
export function monthSummariesQueryOptions() {
  return queryOptions({
    queryKey: monthKeys.summaries(),
    queryFn: listMonthSummaries,
    refetchOnMount: 'always',
  });
}

export interface MonthCounts {
  journals: number;
  goals: number;
  /** null: not known here (a private month whose goals are not opened on this device). */
  goals_done: number | null;
}

/**
 * A month card's counts: the server's, or, while changes of that month wait to sync, the local
 * truth its cached lists show (an entry written or a goal ticked offline counts at once).
 */
export function useMonthCounts(monthId: number): MonthCounts | undefined {
  const queryClient = useQueryClient();
  const { data: summary } = useQuery({
    ...monthSummariesQueryOptions(),
    select: (list) => list.find((item) => item.month === monthId),
  });
  const waiting =
    useMutationState({
      filters: {
        predicate: (mutation) =>
          isQueued(mutation) && subjectOf(queryClient, mutation)?.monthId === monthId,
      },
      select: () => true,
    }).length > 0;
  // Only what is cached (no request): the lists the month's page left, with its queued changes.
  const journals = useQuery({
    queryKey: journalKeys.list(monthId),
    queryFn: () => [] as { id: number }[],
    enabled: false,
  }).data;
  const goals = useQuery({
    queryKey: goalKeys.list(monthId),
    queryFn: () => [] as { is_completed: boolean }[],
    enabled: false,
  }).data;
  // The server keeps a private month's goals as not done (whether one is, is sealed): done is
  // counted from its goals opened here, or not said.
  if (isPrivateMonth(queryClient, monthId) && summary) {
    const opened = goals?.every((goal) => unreadable(goal) === null);
    return {
      journals: journals?.length ?? summary.journals,
      goals: goals?.length ?? summary.goals,
      goals_done: opened && goals ? goals.filter((goal) => goal.is_completed).length : null,
    };
  }
  if (!waiting || (journals === undefined && goals === undefined)) return summary;
  return {
    journals: journals?.length ?? summary?.journals ?? 0,
    goals: goals?.length ?? summary?.goals ?? 0,
    goals_done: goals?.filter((goal) => goal.is_completed).length ?? summary?.goals_done ?? 0,
  };
}

export function monthQueryOptions(monthId: number) {
  return queryOptions({
    queryKey: monthKeys.detail(monthId),
    queryFn: readMonth(monthId),
  });
}

/**
 * The month the Journals navbar entry opens: the last item of the months list
 * (docs/product-rules.md section 4), or null when there is none or the lookup fails — both send the
 * user to /months (docs/product-rules.md section 8).
 */
export async function latestMonthId(queryClient: QueryClient): Promise<number | null> {
  try {
    const months = await queryClient.fetchQuery(monthsQueryOptions());
    return months.at(-1)?.id ?? null;
  } catch (error) {
    console.error('Latest month lookup failed', error);
    return null;
  }
}

/**
 * The month a day's entry belongs in: `monthId` when its calendar month holds the day (or it has
 * none: any day may go there), else the newest month whose calendar month does, else null. Read
 * from the cached list when there is one; a list that cannot be read (offline) finds none.
 */
export async function monthHoldingDay(
  queryClient: QueryClient,
  monthId: number,
  day: string,
): Promise<number | null> {
  const month = queryClient.getQueryData<Month>(monthKeys.detail(monthId));
  const holds = (period: string | null | undefined) => period != null && inPeriod(day, period);
  if (month && (month.period == null || holds(month.period))) return monthId;
  const months = await queryClient.ensureQueryData(monthsQueryOptions()).catch(() => []);
  return months.findLast((each) => holds(each.period))?.id ?? null;
}

export interface NewMonth {
  name: string;
  /** False turns mood off for the month's entries; absent or true: on (the server's default). */
  moodEnabled?: boolean;
  /** The calendar month, `YYYY-MM`, or null for none; absent: read from the name by the server. */
  period?: string | null;
  /** The measure's name. */
  measure: string;
  /** Habit names, created in this order. */
  habits: string[];
  /** Each habit's schedule, by index; absent or daily: the plain `{name, month_id}` body. */
  habitSchedules?: HabitSchedule[];
  /** The first measure's unit and target; absent or empty: the plain `{name, month_id}` body. */
  measureTarget?: MeasureTarget;
  /** Measures after the first, created after it in this order. */
  moreMeasures?: (MeasureTarget & { name: string })[];
  /** Private from the start (the account key must be open on this device). */
  private?: boolean;
}

/** Only the unit and target that are set: a measure without them is created as the spec's. */
export function setTargetFields(target: MeasureTarget | undefined): Partial<MeasureTarget> {
  if (!target) return {};
  return {
    ...(target.unit === null ? {} : { unit: target.unit }),
    ...(target.target === null
      ? {}
      : { target: target.target, target_direction: target.target_direction }),
  };
}

/**
 * Month, then each habit in order, then the measure (docs/product-rules.md section 4), as queued
 * writes: the card shows at once, marked as waiting to sync, and the steps go one by one when
 * online. Each step has its own Idempotency-Key (from one per action), so a step sent again after a
 * lost answer or a reload makes no row twice; the later steps refer to the month by its temporary
 * id until it lands.
 */
function queueCreateMonth(
  write: Enqueue,
  queryClient: QueryClient,
  input: NewMonth,
): { shown: Month; done: Promise<Month> } {
  const { name, period, measure, habits, measureTarget, moreMeasures = [] } = input;
  const key = newIdempotencyKey();
  const monthId = newTempId();
  const done = write(queryClient, monthCreate, {
    tempId: monthId,
    body: {
      name,
      ...(period === undefined ? {} : { period }),
      ...(input.moodEnabled === false ? { mood_enabled: false } : {}),
    },
    key: `${key}.month`,
    ...(input.private ? { private: true as const } : {}),
  });
  const steps: Promise<unknown>[] = [done];
  for (const [index, habit] of habits.entries()) {
    const schedule = input.habitSchedules?.[index];
    steps.push(
      write(queryClient, habitCreate, {
        monthId,
        tempId: newTempId(),
        body: {
          name: habit,
          month_id: monthId,
          ...(schedule && schedule.kind !== 'daily' ? { schedule } : {}),
        },
        key: `${key}.habit-${index}`,
      }),
    );
  }
  const measures = [
    { name: measure, ...setTargetFields(measureTarget), key: `${key}.measure` },
    ...moreMeasures.map((more, index) => ({
      name: more.name,
      ...setTargetFields(more),
      key: `${key}.measure-${index + 1}`,
    })),
  ];
  for (const { key: stepKey, name: measureName, ...target } of measures) {
    steps.push(
      write(queryClient, measureCreate, {
        monthId,
        tempId: newTempId(),
        // The spec's `{name, month_id}` first, then the unit and target that are set.
        body: { name: measureName, month_id: monthId, ...target },
        key: stepKey,
      }),
    );
  }
  const shown = queryClient
    .getQueryData<Month[]>(monthKeys.list())
    ?.find((month) => month.id === monthId) ?? { id: monthId, name, author: 0 };
  // Over when every step is: the month with its habits and measures is on the server.
  return { shown, done: Promise.all(steps).then(() => done) };
}

export function useCreateMonth(options?: SaveOptions<NewMonth, Month>) {
  return useSave(
    async (input: NewMonth, write, queryClient) => queueCreateMonth(write, queryClient, input),
    options,
  );
}

/** A rename, queued: shown at once, sent with the version it was based on (If-Match). */
export function useUpdateMonth(
  options?: WriteOptionsOf<typeof monthUpdate, { id: number; name: string }>,
) {
  return useWrite(
    monthUpdate,
    ({ id, name }: { id: number; name: string }, queryClient) => {
      const base =
        queryClient.getQueryData<Month>(monthKeys.detail(id)) ??
        queryClient.getQueryData<Month[]>(monthKeys.list())?.find((month) => month.id === id);
      return { monthId: id, changes: { name }, base };
    },
    options,
  );
}

/**
 * The card goes at once; the server deletes everything of the month with it. A month made
 * offline whose create has not landed is never sent: its queued steps are dropped instead.
 */
export function useDeleteMonth(options?: WriteOptionsOf<typeof monthDelete, number>) {
  const queryClient = useQueryClient();
  const write = useWrite(
    monthDelete,
    (monthId: number) => {
      const month = queryClient
        .getQueryData<Month[]>(monthKeys.list())
        ?.find((row) => row.id === monthId);
      const counts = knownCounts(queryClient, monthId);
      return { monthId, ...(month ? { month } : {}), ...(counts ? { counts } : {}) };
    },
    options,
  );
  return {
    ...write,
    mutate: (monthId: number) =>
      isTempId(monthId) ? dropUnsentMonth(queryClient, monthId) : write.mutate(monthId),
  };
}

/** Drops every queued write of a month made offline (its create and what was made in it), and its cards. */
function dropUnsentMonth(queryClient: QueryClient, monthId: number): void {
  for (const write of queuedWrites(queryClient)) {
    const subject = subjectOf(queryClient, write);
    if (subject?.monthId === monthId || (subject?.kind === 'month' && subject.id === monthId))
      queryClient.getMutationCache().remove(write);
  }
  queryClient.setQueryData<Month[]>(monthKeys.list(), (months) =>
    months?.filter((month) => month.id !== monthId),
  );
  queryClient.removeQueries({ queryKey: monthKeys.scope(monthId) });
}
