// A month's daily habits and daily measures: one request each, kept to the month's journals.
import { type QueryClient, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { DailyHabit } from '../../contract/entities';
import { listMonthDailyHabits } from '../api/daily-habits';
import { listMonthDailyMeasures } from '../api/daily-measures';
import { newIdempotencyKey } from '../api/idempotency';
import { enqueueWrite, installSync, newTempId, writeHandle } from '../offline/sync';
import { journalsQueryOptions } from './journal-list';
import { dailyHabitKeys, dailyMeasureKeys } from './keys';
import { notifyingNow } from './row-toggle';
import { dailyHabitCreate, dailyHabitUpdate } from './writes';

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
    queryFn: ({ client }) => ofMonth(client, monthId, listMonthDailyHabits(monthId)),
  });
}

export function dailyMeasuresQueryOptions(monthId: number) {
  return queryOptions({
    queryKey: dailyMeasureKeys.list(monthId),
    queryFn: ({ client }) => ofMonth(client, monthId, listMonthDailyMeasures(monthId)),
  });
}

export interface ToggleDailyHabit {
  dailyHabitId: number;
  isPracticed: boolean;
  /** The skip toggle; absent: only is_practiced is sent (the plain body). */
  isSkipped?: boolean;
}

/**
 * Ticks one habit on one journal; only that daily habit changes in cache, nothing is refetched.
 * Shown in the click's own task, queued in click order, the last click wins. A 404 means the entry
 * (or the habit) went elsewhere: the month's lists are read again (src/queries/writes.ts).
 */
export function useToggleDailyHabit(monthId: number) {
  const queryClient = useQueryClient();
  installSync(queryClient);
  return writeHandle(async ({ dailyHabitId, isPracticed, isSkipped }: ToggleDailyHabit) => {
    const key = dailyHabitKeys.list(monthId);
    const base = queryClient.getQueryData<DailyHabit[]>(key)?.find((d) => d.id === dailyHabitId);
    const journalId = base?.journal_id ?? 0;
    // A refetch landing meanwhile would paint the old row back.
    void queryClient.cancelQueries({ queryKey: key, exact: true });
    const done = notifyingNow(() =>
      enqueueWrite(queryClient, dailyHabitUpdate, {
        monthId,
        dailyHabitId,
        journalId,
        isPracticed,
        ...(isSkipped === undefined ? {} : { isSkipped }),
        base,
      }),
    );
    return { shown: undefined, done };
  });
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
export function useTickMissingHabit(monthId: number) {
  const queryClient = useQueryClient();
  installSync(queryClient);
  return writeHandle(async ({ journalId, habitId, state }: TickMissingHabit) => {
    void queryClient.cancelQueries({ queryKey: dailyHabitKeys.list(monthId), exact: true });
    const done = notifyingNow(() =>
      enqueueWrite(queryClient, dailyHabitCreate, {
        monthId,
        tempId: newTempId(),
        body: {
          journal_id: journalId,
          habit_id: habitId,
          is_practiced: state === 'done',
          ...(state === 'skipped' ? { is_skipped: true } : {}),
        },
        key: newIdempotencyKey(),
      }),
    );
    return { shown: undefined, done };
  });
}
