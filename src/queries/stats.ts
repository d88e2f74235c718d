// A month at a glance: one read under the month's keys, refreshed by every write that changes it (stats-invalidation.ts); a private month's computed in the browser.
import { queryOptions } from '@tanstack/react-query';
import { PRIVATE_MONTH } from '../../contract/sealed-rules';
import { errorBody, errorStatus } from '../api/http-error';
import { getMonthStats } from '../api/stats';
import { statsKeys } from './keys';

export function monthStatsQueryOptions(monthId: number) {
  return queryOptions({
    queryKey: statsKeys.month(monthId),
    queryFn: async ({ client }) => {
      try {
        return await getMonthStats(monthId);
      } catch (error) {
        // A private month: only this browser can read it, so the figures are computed here.
        if (errorStatus(error) !== 409 || (await errorBody(error))?.code !== PRIVATE_MONTH)
          throw error;
        return (await import('./month-stats-local')).localMonthStats(client, monthId);
      }
    },
  });
}
