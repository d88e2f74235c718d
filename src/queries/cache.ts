// Small edits of cached lists, so a write changes exactly the rows it changed, and a list read once.
import type { dataTagSymbol, QueryClient, QueryKey } from '@tanstack/react-query';

interface Row {
  id: number;
}

/** Puts `row` in the cached list (replacing the one with its id); a list not in cache stays absent. */
export function upsert<T extends Row>(
  queryClient: QueryClient,
  key: readonly unknown[],
  row: T,
  order?: (a: T, b: T) => number,
): void {
  queryClient.setQueryData<T[]>(key, (rows) => {
    if (rows === undefined) return rows;
    const next = rows.some((r) => r.id === row.id)
      ? rows.map((r) => (r.id === row.id ? row : r))
      : [...rows, row];
    return order ? next.sort(order) : next;
  });
}

/**
 * Adds `row` unless the list holds a row with its id already. A queued create is shown again over
 * every list that arrives (src/offline/sync.ts), and a list from another tab of the device may
 * hold the created row with that tab's later changes (an edit, a tick): the create's first values
 * must not undo them. A list from the server never holds a temporary id, so it gets the row.
 */
export function addMissing<T extends Row>(
  queryClient: QueryClient,
  key: readonly unknown[],
  row: T,
  order?: (a: T, b: T) => number,
): void {
  queryClient.setQueryData<T[]>(key, (rows) => {
    if (rows === undefined || rows.some((r) => r.id === row.id)) return rows;
    const next = [...rows, row];
    return order ? next.sort(order) : next;
  });
}

export function patchRow<T extends Row>(
  queryClient: QueryClient,
  key: readonly unknown[],
  id: number,
  patch: Partial<T>,
  order?: (a: T, b: T) => number,
): void {
  queryClient.setQueryData<T[]>(key, (rows) => {
    if (rows === undefined || !rows.some((r) => r.id === id)) return rows;
    const next = rows.map((r) => (r.id === id ? { ...r, ...patch } : r));
    return order ? next.sort(order) : next;
  });
}

export function dropRows<T>(
  queryClient: QueryClient,
  key: readonly unknown[],
  drop: (row: T) => boolean,
) {
  queryClient.setQueryData<T[]>(key, (rows) =>
    rows?.some(drop) ? rows.filter((row) => !drop(row)) : rows,
  );
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
