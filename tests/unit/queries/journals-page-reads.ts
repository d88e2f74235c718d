// The journals page's seven reads, as its route loader makes them (src/routes/_auth/months/$monthId/journals.tsx).
import type { QueryClient } from '@tanstack/react-query';
import { dailyHabitsQueryOptions, dailyMeasuresQueryOptions } from '../../../src/queries/daily';
import { goalsQueryOptions } from '../../../src/queries/goals';
import { habitsQueryOptions } from '../../../src/queries/habits';
import { journalsQueryOptions } from '../../../src/queries/journals';
import { measuresQueryOptions } from '../../../src/queries/measures';
import { monthQueryOptions } from '../../../src/queries/months';

export function pageQueries(monthId: number) {
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

/** What the route's loader does: every read through ensureQueryData, in parallel. */
export function loadPage(queryClient: QueryClient, id: number) {
  return Promise.all([
    queryClient.ensureQueryData(monthQueryOptions(id)),
    queryClient.ensureQueryData(journalsQueryOptions(id)),
    queryClient.ensureQueryData(goalsQueryOptions(id)),
    queryClient.ensureQueryData(habitsQueryOptions(id)),
    queryClient.ensureQueryData(measuresQueryOptions(id)),
    queryClient.ensureQueryData(dailyHabitsQueryOptions(id)),
    queryClient.ensureQueryData(dailyMeasuresQueryOptions(id)),
  ]);
}
