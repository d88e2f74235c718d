// Small edits of cached lists, so a mutation changes exactly the rows it changed.
import type { QueryClient, QueryKey } from '@tanstack/react-query';

interface Row {
  id: number;
}

/** Replaces the row with the same id; a list not in cache stays absent. */
export function replaceInList<T extends Row>(
  queryClient: QueryClient,
  key: QueryKey,
  row: T,
): void {
  queryClient.setQueryData<T[]>(key, (rows) => rows?.map((r) => (r.id === row.id ? row : r)));
}

/** Appends a row to a cached list; a list not in cache stays absent (it will be fetched whole). */
export function appendToList<T extends Row>(queryClient: QueryClient, key: QueryKey, row: T): void {
  queryClient.setQueryData<T[]>(key, (rows) => rows && [...rows, row]);
}

export function removeFromList<T extends Row>(
  queryClient: QueryClient,
  key: QueryKey,
  remove: (row: T) => boolean,
): void {
  queryClient.setQueryData<T[]>(key, (rows) => rows?.filter((r) => !remove(r)));
}
