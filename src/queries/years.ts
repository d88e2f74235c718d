// The year view: one read per year. Writes on a month's page do not touch it, so it asks
// again whenever it shows (in the background once it has an answer).
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { YearView } from '../../contract/year';
import { getYear } from '../api/years';

export const yearKeys = {
  all: ['years'] as const,
  year: (year: number) => [...yearKeys.all, year] as const,
};

/**
 * A private month's name is sealed ('' here): the month list, opened in the browser, has it (or
 * says why not). Not saved on the device: the years live outside the month data.
 */
async function withOpenedNames(queryClient: QueryClient, view: YearView): Promise<YearView> {
  if (!view.months.some((month) => month.private)) return view;
  // Loaded only then: the year route's definition is in every page's first load.
  const { monthsQueryOptions } = await import('./months');
  const months = new Map(
    (await queryClient.ensureQueryData(monthsQueryOptions())).map((month) => [month.id, month]),
  );
  return {
    ...view,
    months: view.months.map((month) => {
      const opened = month.private ? months.get(month.id) : undefined;
      if (!opened) return month;
      // The name, and why it cannot be shown if so (src/queries/private-rows.ts): nothing else.
      const { name, unreadable } = opened as typeof opened & { unreadable?: unknown };
      return { ...month, name, ...(unreadable ? { unreadable } : {}) };
    }),
  };
}

export function yearQueryOptions(year: number) {
  return queryOptions({
    queryKey: yearKeys.year(year),
    queryFn: async ({ client }) => withOpenedNames(client, await getYear(year)),
    refetchOnMount: 'always',
  });
}
