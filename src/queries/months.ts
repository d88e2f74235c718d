// Months: the list, one month, and creating (with its habits and measure), renaming, deleting.
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Month } from '../../contract/entities';
import { createHabit } from '../api/habits';
import { createMeasure } from '../api/measures';
import {
  createMonth,
  deleteMonth,
  getMonth,
  listMonthSummaries,
  listMonths,
  updateMonth,
} from '../api/months';
import { type ActionKeys, useActionKeys } from './action-key';
import { goneAnyway, orDeletedElsewhere } from './deleted-elsewhere';
import { monthKeys } from './keys';
import { rollBack } from './rollback';

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

export function monthQueryOptions(monthId: number) {
  return queryOptions({ queryKey: monthKeys.detail(monthId), queryFn: () => getMonth(monthId) });
}

/**
 * The month the Journals navbar entry opens: the last item of the months list (spec §4), or null
 * when there is none or the lookup fails — both send the user to /months (spec §8).
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

export interface NewMonth {
  name: string;
  /** The measure's name. */
  measure: string;
  /** Habit names, created in this order. */
  habits: string[];
}

/**
 * Spec §4: month, then each habit in order, then the measure; the month goes if any step fails.
 * Each request's Idempotency-Key comes from the action's, so a retry makes no row twice.
 */
async function createMonthWithItems(input: NewMonth, keys: ActionKeys): Promise<Month> {
  const { name, measure, habits } = input;
  const key = keys.keyFor(input);
  const month = await createMonth({ name }, `${key}.month`);
  try {
    for (const [index, habit] of habits.entries()) {
      await createHabit({ name: habit, month_id: month.id }, `${key}.habit-${index}`);
    }
    await createMeasure({ name: measure, month_id: month.id }, `${key}.measure`);
  } catch (error) {
    keys.finish();
    return rollBack('the new month', () => deleteMonth(month.id), error);
  }
  keys.finish();
  return month;
}

export function useCreateMonth() {
  const queryClient = useQueryClient();
  const keys = useActionKeys();
  return useMutation({
    mutationFn: (input: NewMonth) => createMonthWithItems(input, keys),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: monthKeys.list(), exact: true }),
  });
}

/** Drops a month deleted elsewhere from the list and forgets everything cached under it. */
function forgetMonth(queryClient: QueryClient, monthId: number): void {
  queryClient.setQueryData(monthKeys.list(), (months: Month[] | undefined) =>
    months?.filter((m) => m.id !== monthId),
  );
  queryClient.removeQueries({ queryKey: monthKeys.scope(monthId) });
}

export function useUpdateMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      orDeletedElsewhere(
        'month',
        () => updateMonth(id, { name }),
        () => forgetMonth(queryClient, id),
      ),
    onSuccess: (month) => {
      queryClient.setQueryData(monthKeys.detail(month.id), month);
      queryClient.setQueryData(monthKeys.list(), (months: Month[] | undefined) =>
        months?.map((m) => (m.id === month.id ? month : m)),
      );
    },
  });
}

export function useDeleteMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (monthId: number) => {
      // Already deleted elsewhere: the card goes all the same.
      await goneAnyway(() => deleteMonth(monthId));
      return monthId;
    },
    // The server deletes everything of the month with it.
    onSuccess: (monthId) => forgetMonth(queryClient, monthId),
  });
}
