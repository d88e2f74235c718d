// Months: the list, one month, and creating (with its habits and measure), renaming, deleting.
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Month } from '../../contract/entities';
import { createHabit } from '../api/habits';
import { createMeasure } from '../api/measures';
import { createMonth, deleteMonth, getMonth, listMonths, updateMonth } from '../api/months';
import { monthKeys } from './keys';
import { rollBack } from './rollback';

export function monthsQueryOptions() {
  return queryOptions({ queryKey: monthKeys.list(), queryFn: listMonths });
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

/** Spec §4: month, then each habit in order, then the measure; the month goes if any step fails. */
async function createMonthWithItems({ name, measure, habits }: NewMonth): Promise<Month> {
  const month = await createMonth({ name });
  try {
    for (const habit of habits) await createHabit({ name: habit, month_id: month.id });
    await createMeasure({ name: measure, month_id: month.id });
  } catch (error) {
    return rollBack('the new month', () => deleteMonth(month.id), error);
  }
  return month;
}

export function useCreateMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMonthWithItems,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: monthKeys.list(), exact: true }),
  });
}

export function useUpdateMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => updateMonth(id, { name }),
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
      await deleteMonth(monthId);
      return monthId;
    },
    onSuccess: (monthId) => {
      queryClient.setQueryData(monthKeys.list(), (months: Month[] | undefined) =>
        months?.filter((m) => m.id !== monthId),
      );
      // The server deletes everything of the month with it.
      queryClient.removeQueries({ queryKey: monthKeys.scope(monthId) });
    },
  });
}
