// Marking a month at a glance stale after a write: apart from its read (stats.ts), which may compute a private month's figures from the very lists these writes change.
import type { QueryClient } from '@tanstack/react-query';
import { statsKeys } from './keys';

/**
 * Called by every mutation of the month's journals, daily habits, daily measures and goals.
 * Not awaited by them: the stats refetch in the background, so no modal or toast waits for it.
 * Only a stats query in use refetches; one not on screen is just marked stale.
 */
export function invalidateMonthStats(queryClient: QueryClient, monthId: number): void {
  void queryClient.invalidateQueries({ queryKey: statsKeys.month(monthId), exact: true });
}
