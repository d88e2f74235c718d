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
    queryFn: () => getYear(year),
    refetchOnMount: 'always',
  });
}
