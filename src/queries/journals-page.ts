// The journals page's seven reads: one list for the route's loader and for its component.
import type { QueryClient } from '@tanstack/react-query';
import { readOrSavedCopy } from '../offline/query-persistence';
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
 * A month saved on this device opens from that copy when the network goes mid-read.
 */
export function ensureJournalsPage(queryClient: QueryClient, monthId: number, fresh = false) {
  const [month, journals, goals, habits, measures, dailyHabits, dailyMeasures] =
    journalsPageQueries(monthId);
  const read = fresh
    ? queryClient.fetchQuery.bind(queryClient)
    : queryClient.ensureQueryData.bind(queryClient);
  const readAll = () =>
    Promise.all([
      read(month),
      read(journals),
      read(goals),
      read(habits),
      read(measures),
      read(dailyHabits),
      read(dailyMeasures),
    ]);
  return fresh ? readAll() : readOrSavedCopy(queryClient, readAll);
}
