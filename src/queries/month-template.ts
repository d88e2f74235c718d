// Starting a new month from another one: that month's measures and habits, read when asked.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Habit, Measure } from '../../contract/entities';
import { habitsQueryOptions } from './habits';
import { measuresQueryOptions } from './measures';

export interface MonthTemplate {
  /** The month's measures, in order, with their units and targets. */
  measures: Measure[];
  /** Its habits, in order, with their schedules. */
  habits: Habit[];
}

/**
 * Reads the month's habits and measures through their usual queries (so from the cache when
 * fresh, and cached for its journals page after). A mutation only in form: it runs when the user
 * asks, not when the modal opens, and gives the button its pending and error states.
 */
export function useMonthTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (monthId: number): Promise<MonthTemplate> => {
      const [habits, measures] = await Promise.all([
        queryClient.fetchQuery(habitsQueryOptions(monthId)),
        queryClient.fetchQuery(measuresQueryOptions(monthId)),
      ]);
      return { measures, habits };
    },
  });
}
