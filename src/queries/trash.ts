// The Recently deleted bin: its list, and restoring or purging an item (restores refresh what they bring back).
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrashKind } from '../../contract/trash-rules';
import { listTrash, purgeTrashItem, restoreItem } from '../api/trash';
import { journalSearchKeys, monthKeys, trashKeys } from './keys';

export function trashQueryOptions() {
  return queryOptions({ queryKey: trashKeys.list(), queryFn: listTrash });
}

export interface TrashRef {
  kind: TrashKind;
  id: number;
  /** The month an entry or goal belongs to; null for a month. */
  month: number | null;
}

/**
 * A restore brings back rows of several lists at once (a month's entries, ticks and goals; an
 * entry's ticks), so the month's whole scope and the months list refetch rather than being
 * patched row by row.
 */
export async function refreshAfterRestore(queryClient: QueryClient, ref: TrashRef): Promise<void> {
  const month = ref.kind === 'month' ? ref.id : ref.month;
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: trashKeys.all }),
    queryClient.invalidateQueries({ queryKey: monthKeys.list() }),
    month === null
      ? undefined
      : queryClient.invalidateQueries({ queryKey: monthKeys.scope(month) }),
    ref.kind === 'goal'
      ? undefined
      : queryClient.invalidateQueries({ queryKey: journalSearchKeys.all }),
  ]);
}

/** Restores `ref` and refreshes what it brings back (the delete toast's Undo, outside React). */
export async function restoreAndRefresh(queryClient: QueryClient, ref: TrashRef): Promise<void> {
  await restoreItem(ref.kind, ref.id);
  await refreshAfterRestore(queryClient, ref);
}

export function useRestoreItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: TrashRef) => restoreItem(ref.kind, ref.id),
    onSuccess: (_item, ref) => refreshAfterRestore(queryClient, ref),
  });
}

export function usePurgeTrashItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: TrashRef) => purgeTrashItem(ref.kind, ref.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trashKeys.all }),
  });
}
