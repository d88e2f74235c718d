// Ticking a checkbox row (a goal, a habit on one entry): shown at once, sent in click order, the last click wins.
import {
  defaultScheduler,
  type MutateOptions,
  notifyManager,
  type QueryClient,
  type QueryKey,
  type UseMutationResult,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useState } from 'react';
import { replaceInList } from './cache';
import { type DeletedKind, orDeletedElsewhere } from './deleted-elsewhere';

interface Row {
  id: number;
}

/**
 * Runs `update` with the cache's listeners told at once instead of on the next task (Query's
 * default): a controlled checkbox then shows its new state when the click's event ends, before
 * React would put back the old one. Nothing else in the app changes Query's scheduler.
 */
function notifyingNow(update: () => void): void {
  notifyManager.setScheduler((callback) => callback());
  try {
    update();
  } finally {
    notifyManager.setScheduler(defaultScheduler);
  }
}

interface Sent<V> {
  input: V;
  /** Which click of the row this is: only the row's latest click may write the cache. */
  click: number;
}

export interface RowToggleOptions<T extends Row, V> {
  /** The cached list holding the row. */
  listKey: QueryKey;
  /** The list's writes go one at a time in click order (a mutation scope), so the server ends on the last click. */
  scope: string;
  kind: DeletedKind;
  rowId(input: V): number;
  patch(input: V): Partial<T>;
  write(input: V): Promise<T>;
  /** After a 404: what else to drop from the cache besides the row. */
  onDeleted?(queryClient: QueryClient, input: V): void;
  onSettled?(): void;
}

export type RowToggle<T, V> = Omit<
  UseMutationResult<T, Error, Sent<V>>,
  'mutate' | 'mutateAsync' | 'variables'
> & {
  mutate(input: V, options?: MutateOptions<T, Error, V>): void;
  mutateAsync(input: V): Promise<T>;
  variables: V | undefined;
};

/** Per-call callbacks keep their shape: they receive the caller's input, not the click counter. */
function unwrap<T, V>(options: MutateOptions<T, Error, V> | undefined) {
  if (!options) return undefined;
  const { onSuccess, onError, onSettled } = options;
  return {
    onSuccess:
      onSuccess && ((data: T, sent: Sent<V>) => onSuccess(data, sent.input, undefined, never())),
    onError:
      onError && ((error: Error, sent: Sent<V>) => onError(error, sent.input, undefined, never())),
    onSettled:
      onSettled &&
      ((data: T | undefined, error: Error | null, sent: Sent<V>) =>
        onSettled(data, error, sent.input, undefined, never())),
  };
}

// The screens' callbacks read neither the optimistic result nor the function context.
const never = () => undefined as never;

export function useRowToggle<T extends Row, V>(options: RowToggleOptions<T, V>): RowToggle<T, V> {
  const queryClient = useQueryClient();
  const { listKey, kind, rowId } = options;
  const [rows] = useState(() => ({
    clicks: 0,
    /** Row id → its latest click. */
    latest: new Map<number, number>(),
    /** Row id → the row as the server last had it, while clicks on it are unanswered. */
    confirmed: new Map<number, T>(),
    /** Row id → clicks still unanswered. */
    pending: new Map<number, number>(),
  }));

  const settle = (id: number) => {
    const left = (rows.pending.get(id) ?? 1) - 1;
    if (left > 0) rows.pending.set(id, left);
    else {
      rows.pending.delete(id);
      rows.confirmed.delete(id);
    }
  };

  const mutation = useMutation({
    scope: { id: options.scope },
    mutationFn: ({ input }: Sent<V>) =>
      orDeletedElsewhere(
        kind,
        () => options.write(input),
        () => {
          const id = rowId(input);
          rows.latest.delete(id);
          queryClient.setQueryData<T[]>(listKey, (list) => list?.filter((row) => row.id !== id));
          options.onDeleted?.(queryClient, input);
        },
      ),
    onSuccess: (row, { input, click }) => {
      const id = rowId(input);
      rows.confirmed.set(id, row);
      // An older answer never paints over a newer click.
      if (rows.latest.get(id) === click) replaceInList<T>(queryClient, listKey, row);
    },
    onError: (_error, { input, click }) => {
      const id = rowId(input);
      const before = rows.confirmed.get(id);
      if (rows.latest.get(id) === click && before) replaceInList<T>(queryClient, listKey, before);
    },
    onSettled: (_data, _error, { input }) => {
      settle(rowId(input));
      options.onSettled?.();
    },
  });

  const send = (input: V): Sent<V> => {
    const id = rowId(input);
    rows.clicks += 1;
    rows.latest.set(id, rows.clicks);
    const current = queryClient.getQueryData<T[]>(listKey)?.find((row) => row.id === id);
    if (!rows.pending.has(id) && current) rows.confirmed.set(id, current);
    rows.pending.set(id, (rows.pending.get(id) ?? 0) + 1);
    // A refetch landing meanwhile would paint the old row back.
    void queryClient.cancelQueries({ queryKey: listKey, exact: true });
    notifyingNow(() =>
      queryClient.setQueryData<T[]>(listKey, (list) =>
        list?.map((row) => (row.id === id ? { ...row, ...options.patch(input) } : row)),
      ),
    );
    return { input, click: rows.clicks };
  };

  return {
    ...mutation,
    variables: mutation.variables?.input,
    mutate: (input, callbacks) => mutation.mutate(send(input), unwrap(callbacks)),
    mutateAsync: (input) => mutation.mutateAsync(send(input)),
  };
}
