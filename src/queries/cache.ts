// Small edits of cached lists, so a mutation changes exactly the rows it changed.
import type { dataTagSymbol, QueryClient, QueryKey } from '@tanstack/react-query';

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

/**
 * Applies `patch` to one cached row at once (a checkbox must move when clicked, not when the
 * server answers) and returns how to undo it if the server refuses.
 */
export async function patchRowOptimistically<T extends Row>(
  queryClient: QueryClient,
  key: QueryKey,
  id: number,
  patch: Partial<T>,
): Promise<() => void> {
  // A refetch landing mid-mutation would overwrite the optimistic row with the old one.
  await queryClient.cancelQueries({ queryKey: key, exact: true });
  const before = queryClient.getQueryData<T[]>(key)?.find((row) => row.id === id);
  queryClient.setQueryData<T[]>(key, (rows) =>
    rows?.map((row) => (row.id === id ? { ...row, ...patch } : row)),
  );
  return () => {
    if (before) replaceInList(queryClient, key, before);
  };
}

/**
 * The cached list, else read once (online); offline a list never read fails, as nothing is saved
 * to compare an edit with. Edits queue only what differs from it.
 */
export function cachedOrRead<T>(
  queryClient: QueryClient,
  options: { queryKey: QueryKey & { [dataTagSymbol]: T }; queryFn?: unknown },
): Promise<T> {
  const cached = queryClient.getQueryData(options.queryKey);
  if (cached !== undefined) return Promise.resolve(cached as T);
  return queryClient.ensureQueryData(options as never) as Promise<T>;
}
