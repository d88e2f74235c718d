// Whether a month is private as far as this page knows, from the month as cached.
import type { QueryClient } from '@tanstack/react-query';
import type { Month } from '../../contract/entities';
import { monthKeys } from './keys';

/** The month as this page has it cached (its detail, else the list's copy), locked or opened. */
export function cachedMonth(queryClient: QueryClient, monthId: number): Month | undefined {
  return (
    queryClient.getQueryData<Month>(monthKeys.detail(monthId)) ??
    queryClient.getQueryData<Month[]>(monthKeys.list())?.find((month) => month.id === monthId)
  );
}

/** Whether the month is private as far as this page knows: its wrapped key is set. */
export const isPrivateMonth = (queryClient: QueryClient, monthId: number): boolean =>
  cachedMonth(queryClient, monthId)?.month_key != null;
