// The year view's endpoint: GET /api/years/{year}/.
import type { YearView } from '../../contract/year';
import { client } from './client';

export function getYear(year: number): Promise<YearView> {
  return client.get(`api/years/${year}/`).json<YearView>();
}
