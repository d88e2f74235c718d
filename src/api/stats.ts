// The month-at-a-glance endpoint: GET /api/months/{id}/stats/.
import type { MonthStats } from '../../contract/stats';
import { client } from './client';

export function getMonthStats(monthId: number): Promise<MonthStats> {
  return client.get(`api/months/${monthId}/stats/`).json<MonthStats>();
}
