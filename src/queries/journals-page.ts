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

/**
 * The loader's work: every read through ensureQueryData, in parallel. `fresh`: through
 * fetchQuery, so what is stale is read again (an export must not write a list saved days ago).
 */
export function ensureJournalsPage(queryClient: QueryClient, monthId: number, fresh = false) {
  const [month, journals, goals, habits, measures, dailyHabits, dailyMeasures] =
    journalsPageQueries(monthId);
  const read = fresh
    ? queryClient.fetchQuery.bind(queryClient)
    : queryClient.ensureQueryData.bind(queryClient);
  return Promise.all([
    read(month),
    read(journals),
    read(goals),
    read(habits),
    read(measures),
    read(dailyHabits),
    read(dailyMeasures),
  ]);
}
