// The Recently deleted bin: its list, and restoring (a queued write, offline too) or purging an item.
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Month } from '../../contract/entities';
import type { TrashItem } from '../../contract/trash';
import type { TrashKind } from '../../contract/trash-rules';
import { listTrash, purgeTrashItem } from '../api/trash';
import { enqueueWrite, installSync, queuedWrites, writeHandle } from '../offline/sync';
import { trashKeys } from './keys';
import {
  forgetBinnedCounts,
  knownCounts,
  type MonthDeleteWrite,
  type TrashRef,
  trashRestore,
} from './month-writes';

export type { TrashRef };

export function trashQueryOptions() {
  return queryOptions({ queryKey: trashKeys.list(), queryFn: listTrash });
}

/**
 * What the restore can show before the server answers: the bin's row (its label and day), or,
 * for the Undo of a month delete still queued, the month as it was.
 */
function restoreWrite(queryClient: QueryClient, ref: TrashRef) {
  const item = queryClient
    .getQueryData<TrashItem[]>(trashKeys.list())
    ?.find((row) => row.kind === ref.kind && row.id === ref.id);
  const deleted =
    ref.kind === 'month'
      ? queuedWrites(queryClient)
          .map((write) => write.state.variables as Partial<MonthDeleteWrite> | undefined)
          .find((variables) => variables?.monthId === ref.id && variables.month)
      : undefined;
  const month = deleted?.month;
  // Deleted here, known here, else as the bin kept them (a month deleted on another device).
  const counts =
    ref.kind === 'month'
      ? (deleted?.counts ?? knownCounts(queryClient, ref.id) ?? item?.counts)
      : undefined;
  return {
    ref,
    ...(item ? { item: { label: item.label, date: item.date } } : {}),
    ...(month ? { month: month as Month } : {}),
    ...(counts ? { counts } : {}),
  };
}

/** Queues the restore of `ref` (after any write still queued, e.g. its delete): shown at once. */
function queueRestore(queryClient: QueryClient, ref: TrashRef): Promise<unknown> {
  installSync(queryClient);
  return enqueueWrite(queryClient, trashRestore, restoreWrite(queryClient, ref));
}

/** Restores `ref` (the delete toast's Undo, outside React); settles when the server answers. */
export async function restoreAndRefresh(queryClient: QueryClient, ref: TrashRef): Promise<void> {
  await queueRestore(queryClient, ref);
}

export function useRestoreItem() {
  const queryClient = useQueryClient();
  installSync(queryClient);
  return writeHandle(async (ref: TrashRef) => ({
    shown: ref,
    done: queueRestore(queryClient, ref),
  }));
}

/** Any item of the bin, an undone import included. */
export interface BinRef {
  kind: TrashKind;
  id: number;
}

export function usePurgeTrashItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: BinRef) => purgeTrashItem(ref.kind, ref.id),
    onSuccess: (_result, ref) => {
      if (ref.kind === 'month') forgetBinnedCounts(queryClient, ref.id);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: trashKeys.all }),
  });
}
