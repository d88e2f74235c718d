// Starting a new month from another one: that month's measure and habit names, read when asked.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { habitsQueryOptions } from './habits';
import { measuresQueryOptions } from './measures';

export interface MonthTemplate {
  /** The month's (first) measure's name; '' when it has none. */
  measure: string;
  /** Its habits' names, in order. */
  habits: string[];
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
      return { measure: measures[0]?.name ?? '', habits: habits.map((habit) => habit.name) };
    },
  });
}
