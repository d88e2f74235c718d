// A private month's rows opened as they arrive: the server answers its content sealed, the page shows it opened, and a row that cannot be opened here says why. The opening itself loads only with the first sealed row (private-rows-open.ts).
import type { QueryClient } from '@tanstack/react-query';
import type { Month } from '../../contract/entities';
import { getMonth } from '../api/months';
import type { ItemKind } from '../crypto/aead';
import { monthKeys } from './keys';

export { isSealed, type Unreadable, unreadable } from './sealed-marks';

import { cachedMonth } from './month-privacy';
import { isSealed } from './sealed-marks';

const loadOpening = () => import('./private-rows-open');

/** Months open their names with their own keys: the list, and one month's detail. */
export async function openMonths<T extends Month>(
  queryClient: QueryClient,
  months: readonly T[],
): Promise<T[]> {
  if (!months.some(isSealed)) return [...months];
  return (await loadOpening()).openMonthsNow(queryClient, months);
}

/** One of a month's lists: its sealed rows opened with the month's key. */
export async function openMonthRows<T extends { id: number }>(
  queryClient: QueryClient,
  monthId: number,
  kind: Exclude<ItemKind, 'month'>,
  rows: readonly T[],
): Promise<T[]> {
  if (!rows.some(isSealed)) return [...rows];
  // The month as this page knows it (its page reads it alongside), else its own read, joined if
  // under way.
  const month =
    cachedMonth(queryClient, monthId) ??
    (await queryClient.ensureQueryData({
      queryKey: monthKeys.detail(monthId),
      queryFn: readMonth(monthId),
    }));
  return (await loadOpening()).openMonthRowsNow(queryClient, month, kind, rows);
}

/** A month's read, its name opened when private: the query function of its detail. */
export const readMonth =
  (monthId: number) =>
  async ({ client }: { client: QueryClient }): Promise<Month> =>
    (await openMonths(client, [await getMonth(monthId)]))[0] as Month;
