// A month's daily habits and daily measures: one request each, kept to the month's journals.
import { type QueryClient, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { DailyHabit } from '../../contract/entities';
import { listMonthDailyHabits, updateDailyHabit } from '../api/daily-habits';
import { listMonthDailyMeasures } from '../api/daily-measures';
import { journalsQueryOptions } from './journal-list';
import { dailyHabitKeys, dailyMeasureKeys, habitKeys, journalKeys } from './keys';
import { useRowToggle } from './row-toggle';
import { invalidateMonthStats } from './stats';

/**
 * Ids of the month's journals. Reuses the cached list unless it was invalidated (a new journal),
 * and joins a journals fetch already in flight, so a page load still makes one journals request.
 */
async function monthJournalIds(queryClient: QueryClient, monthId: number): Promise<Set<number>> {
  const journals = await queryClient.fetchQuery({
    ...journalsQueryOptions(monthId),
    staleTime: Number.POSITIVE_INFINITY,
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
}

/**
 * Ticks one habit on one journal; only that daily habit changes in cache, nothing is refetched.
 * Shown in the click's own task, sent in click order, the last click wins (see row-toggle.ts). A
 * 404 means the entry (or the habit) went elsewhere: the month's lists are read again.
 */
export function useToggleDailyHabit(monthId: number) {
  const queryClient = useQueryClient();
  return useRowToggle<DailyHabit, ToggleDailyHabit>({
    listKey: dailyHabitKeys.list(monthId),
    scope: `daily-habit-toggles-${monthId}`,
    kind: 'journal',
    rowId: ({ dailyHabitId }) => dailyHabitId,
    patch: ({ isPracticed }) => ({ is_practiced: isPracticed }),
    write: ({ dailyHabitId, isPracticed }) =>
      updateDailyHabit(dailyHabitId, { is_practiced: isPracticed }),
    onDeleted: (client) => {
      for (const queryKey of [journalKeys.list(monthId), habitKeys.list(monthId)])
        void client.invalidateQueries({ queryKey, exact: true });
    },
    onSettled: () => invalidateMonthStats(queryClient, monthId),
  });
}
