// Months: the list, one month, and creating (with its habits and measures), renaming, deleting, as queued writes.
import {
  type QueryClient,
  queryOptions,
  useMutationState,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Month } from '../../contract/entities';
import type { HabitSchedule } from '../../contract/habit-schedule';
import type { MeasureTarget } from '../../contract/measure-targets';
import { inPeriod } from '../../contract/month-period';
import { newIdempotencyKey } from '../api/idempotency';
import { getMonth, listMonthSummaries, listMonths } from '../api/months';
import {
  enqueueWrite,
  installSync,
  isQueued,
  isTempId,
  newTempId,
  queuedWrites,
  subjectOf,
  writeHandle,
} from '../offline/sync';
import { goalKeys, journalKeys, monthKeys } from './keys';
import {
  habitCreate,
  knownCounts,
  measureCreate,
  monthCreate,
  monthDelete,
  monthUpdate,
} from './month-writes';

export function monthsQueryOptions() {
  return queryOptions({ queryKey: monthKeys.list(), queryFn: listMonths });
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
  goals_done: number;
}

/**
 * A month card's counts: the server's, or, while changes of that month wait to sync, the local
 * truth its cached lists show (an entry written or a goal ticked offline counts at once).
 */
export function useMonthCounts(monthId: number): MonthCounts | undefined {
  const { data: summary } = useQuery({
    ...monthSummariesQueryOptions(),
    select: (list) => list.find((item) => item.month === monthId),
  });
  const waiting =
    useMutationState({
      filters: {
        predicate: (mutation) => isQueued(mutation) && subjectOf(mutation)?.monthId === monthId,
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
  if (!waiting || (journals === undefined && goals === undefined)) return summary;
  return {
    journals: journals?.length ?? summary?.journals ?? 0,
    goals: goals?.length ?? summary?.goals ?? 0,
    goals_done: goals?.filter((goal) => goal.is_completed).length ?? summary?.goals_done ?? 0,
  };
}

export function monthQueryOptions(monthId: number) {
  return queryOptions({ queryKey: monthKeys.detail(monthId), queryFn: () => getMonth(monthId) });
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
  queryClient: QueryClient,
  input: NewMonth,
): { shown: Month; done: Promise<Month> } {
  const { name, period, measure, habits, measureTarget, moreMeasures = [] } = input;
  const key = newIdempotencyKey();
  const monthId = newTempId();
  const done = enqueueWrite(queryClient, monthCreate, {
    tempId: monthId,
    body: {
      name,
      ...(period === undefined ? {} : { period }),
      ...(input.moodEnabled === false ? { mood_enabled: false } : {}),
    },
    key: `${key}.month`,
  });
  const steps: Promise<unknown>[] = [done];
  for (const [index, habit] of habits.entries()) {
    const schedule = input.habitSchedules?.[index];
    steps.push(
      enqueueWrite(queryClient, habitCreate, {
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
      enqueueWrite(queryClient, measureCreate, {
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

export function useCreateMonth() {
  const queryClient = useQueryClient();
  installSync(queryClient);
  return writeHandle(async (input: NewMonth) => queueCreateMonth(queryClient, input));
}

/** A rename, queued: shown at once, sent with the version it was based on (If-Match). */
export function useUpdateMonth() {
  const queryClient = useQueryClient();
  installSync(queryClient);
  return writeHandle(async ({ id, name }: { id: number; name: string }) => {
    const base =
      queryClient.getQueryData<Month>(monthKeys.detail(id)) ??
      queryClient.getQueryData<Month[]>(monthKeys.list())?.find((month) => month.id === id);
    return {
      shown: undefined,
      done: enqueueWrite(queryClient, monthUpdate, { monthId: id, changes: { name }, base }),
    };
  });
}

/**
 * The card goes at once; the server deletes everything of the month with it. A month made
 * offline whose create has not landed is never sent: its queued steps are dropped instead.
 */
export function useDeleteMonth() {
  const queryClient = useQueryClient();
  installSync(queryClient);
  return writeHandle(async (monthId: number) => {
    if (isTempId(monthId)) {
      dropUnsentMonth(queryClient, monthId);
      return { shown: monthId, done: Promise.resolve(monthId) };
    }
    const month = queryClient
      .getQueryData<Month[]>(monthKeys.list())
      ?.find((row) => row.id === monthId);
    const counts = knownCounts(queryClient, monthId);
    return {
      shown: monthId,
      done: enqueueWrite(queryClient, monthDelete, {
        monthId,
        ...(month ? { month } : {}),
        ...(counts ? { counts } : {}),
      }),
    };
  });
}

/** Drops every queued write of a month made offline (its create and what was made in it), and its cards. */
function dropUnsentMonth(queryClient: QueryClient, monthId: number): void {
  for (const write of queuedWrites(queryClient)) {
    const subject = subjectOf(write);
    if (subject?.monthId === monthId || (subject?.kind === 'month' && subject.id === monthId))
      queryClient.getMutationCache().remove(write);
  }
  queryClient.setQueryData<Month[]>(monthKeys.list(), (months) =>
    months?.filter((month) => month.id !== monthId),
  );
  queryClient.removeQueries({ queryKey: monthKeys.scope(monthId) });
}
