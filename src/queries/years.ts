// The year view: one read per year. Writes on a month's page do not touch it, so it asks
// again whenever it shows (in the background once it has an answer).
import { queryOptions } from '@tanstack/react-query';
import { getYear } from '../api/years';

export const yearKeys = {
  all: ['years'] as const,
  year: (year: number) => [...yearKeys.all, year] as const,
};

export function yearQueryOptions(year: number) {
  return queryOptions({
    queryKey: yearKeys.year(year),
    queryFn: async ({ client }) => {
      const view = await getYear(year);
      // Private months are listed nameless and counted in no figure: both are done here, with
      // code loaded only then (the year route's definition is in every page's first load). Not
      // saved on the device: the years live outside the month data.
      if (!view.months.some((month) => month.private)) return view;
      return (await import('./year-private')).withPrivateMonths(client, view);
    },
    refetchOnMount: 'always',
  });
}
