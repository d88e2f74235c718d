// A month at a glance: one read under the month's keys, refreshed by every write that changes it.
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { getMonthStats } from '../api/stats';
import { statsKeys } from './keys';

export function monthStatsQueryOptions(monthId: number) {
  return queryOptions({
    queryKey: statsKeys.month(monthId),
    queryFn: () => getMonthStats(monthId),
  });
}

/**
 * Called by every mutation of the month's journals, daily habits, daily measures and goals.
 * Not awaited by them: the stats refetch in the background, so no modal or toast waits for it.
 * Only a stats query in use refetches; one not on screen is just marked stale.
 */
export function invalidateMonthStats(queryClient: QueryClient, monthId: number): void {
  void queryClient.invalidateQueries({ queryKey: statsKeys.month(monthId), exact: true });
}
