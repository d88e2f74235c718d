// The journals page's seven reads: one list for the route's loader and for its component.
import type { QueryClient } from '@tanstack/react-query';
import { dailyHabitsQueryOptions, dailyMeasuresQueryOptions } from './daily';
import { goalsQueryOptions } from './goals';
import { habitsQueryOptions } from './habits';
import { journalsQueryOptions } from './journals';
import { measuresQueryOptions } from './measures';
import { monthQueryOptions } from './months';

/** Seven requests, whatever the month's size, so a long month opens as fast as a short one. */
export function journalsPageQueries(monthId: number) {
  return [
    monthQueryOptions(monthId),
    journalsQueryOptions(monthId),
    goalsQueryOptions(monthId),
    habitsQueryOptions(monthId),
    measuresQueryOptions(monthId),
    dailyHabitsQueryOptions(monthId),
    dailyMeasuresQueryOptions(monthId),
  ] as const;
}

/** The loader's work: every read through ensureQueryData, in parallel. */
export function ensureJournalsPage(queryClient: QueryClient, monthId: number) {
  const [month, journals, goals, habits, measures, dailyHabits, dailyMeasures] =
    journalsPageQueries(monthId);
  return Promise.all([
    queryClient.ensureQueryData(month),
    queryClient.ensureQueryData(journals),
    queryClient.ensureQueryData(goals),
    queryClient.ensureQueryData(habits),
    queryClient.ensureQueryData(measures),
    queryClient.ensureQueryData(dailyHabits),
    queryClient.ensureQueryData(dailyMeasures),
  ]);
}
