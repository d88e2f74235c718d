// The Recently deleted bin: its list, and restoring (a queued write, offline too) or purging an item.
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Goal, Journal, Month } from '../../contract/entities';
import type { MonthSummary } from '../../contract/stats';
import type { TrashItem } from '../../contract/trash';
import type { RowTrashKind, TrashKind } from '../../contract/trash-rules';
import { listGoals } from '../api/goals';
import { listJournals } from '../api/journals';
import { getMonth } from '../api/months';
import { listTrash, purgeTrashItem, restoreItem } from '../api/trash';
import { enqueueWrite, queuedWrites } from '../offline/sync';
import { dropRows, upsert } from './cache';
import { errorStatus } from './errors';
import { compareJournals } from './journal-list';
import { goalKeys, journalKeys, monthKeys, trashKeys } from './keys';
import {
  byId,
  forgetBinnedCounts,
  type KnownCounts,
  knownCounts,
  type MonthDeleteWrite,
  refetchMonths,
} from './months';
import { useWrite, type WriteOptionsOf } from './use-write';
import { defineWrite, inMonth, requireSaved } from './write-kinds';

// --- Writes, found by their names (saved with queued writes on devices) ----------------------

/** A deleted row in the bin (an undone import is restored online only: queries/import-undo.ts). */
export interface TrashRef {
  kind: RowTrashKind;
  id: number;
  /** The month an entry or goal belongs to; null for a month. */
  month: number | null;
}

export interface TrashRestoreWrite {
  ref: TrashRef;
  /** What the bin listed (or the month as it was deleted): shown again before the server answers. */
  item?: Pick<TrashItem, 'label' | 'date'>;
  month?: Month;
  /** A month's card counts as this device last knew them: shown until the server's summary. */
  counts?: KnownCounts;
}

/** What a restore shows at once: the row back in its list, as much of it as the bin knew. */
function showRestored(
  queryClient: QueryClient,
  { ref, item, month, counts }: TrashRestoreWrite,
): void {
  dropRows<TrashItem>(
    queryClient,
    trashKeys.list(),
    (row) => row.kind === ref.kind && row.id === ref.id,
  );
  if (ref.kind === 'month') {
    const row = month ?? (item ? { id: ref.id, name: item.label, author: 0 } : undefined);
    if (row) upsert(queryClient, monthKeys.list(), row, byId);
    if (counts)
      queryClient.setQueryData<MonthSummary[]>(monthKeys.summaries(), (rows = []) =>
        rows.some((summary) => summary.month === ref.id)
          ? rows
          : [...rows, { month: ref.id, ...counts }],
      );
    return;
  }
  if (ref.month === null || !item) return;
  const row = inMonth(ref.id, ref.month);
  if (ref.kind === 'journal' && item.date)
    upsert<Journal>(
      queryClient,
      journalKeys.list(ref.month),
      { ...row, highlight: item.label, created_at: item.date },
      compareJournals,
    );
  if (ref.kind === 'goal')
    upsert<Goal>(queryClient, goalKeys.list(ref.month), {
      ...row,
      name: item.label,
      is_completed: false,
    });
}

/**
 * A restore brings back rows of several lists at once (a month's entries, ticks and goals; an
 * entry's ticks), so once it lands the month's whole scope and the months list are read again.
 */
function refreshRestored(queryClient: QueryClient, ref: TrashRef): void {
  const month = ref.kind === 'month' ? ref.id : ref.month;
  if (ref.kind === 'month') forgetBinnedCounts(queryClient, ref.id);
  void queryClient.invalidateQueries({ queryKey: trashKeys.all });
  void queryClient.invalidateQueries({ queryKey: monthKeys.list() });
  void queryClient.invalidateQueries({ queryKey: monthKeys.summaries() });
  if (month !== null) void queryClient.invalidateQueries({ queryKey: monthKeys.scope(month) });
  if (ref.kind !== 'goal') void queryClient.invalidateQueries({ queryKey: ['journal-search'] });
}

/** Whether the item is out of the bin and live (a 404 reading it: no). */
async function isLive(ref: TrashRef): Promise<boolean> {
  try {
    if (ref.kind === 'month') return (await getMonth(ref.id)).id === ref.id;
    if (ref.month === null) return false;
    const rows = await (ref.kind === 'journal' ? listJournals(ref.month) : listGoals(ref.month));
    return rows.some((row) => row.id === ref.id);
  } catch (error) {
    if (errorStatus(error) === 404) return false;
    throw error;
  }
}

export const trashRestore = defineWrite<TrashRestoreWrite, unknown>({
  name: 'trash.restore',
  subject: ({ ref }) =>
    ref.kind === 'month'
      ? { kind: 'month', id: ref.id, monthId: ref.id }
      : { kind: ref.kind, id: ref.id, ...(ref.month === null ? {} : { monthId: ref.month }) },
  run: async ({ ref }) => {
    requireSaved(ref.id);
    try {
      return await restoreItem(ref.kind, ref.id);
    } catch (error) {
      // 404: not in the bin. A restore sent again because its answer was lost (the connection
      // dropped, or its tab closed first) finds the item restored already, which is all it wanted;
      // so does one restored elsewhere meanwhile. Only an item gone for good is a refusal.
      if (errorStatus(error) === 404 && (await isLive(ref))) return null;
      throw error;
    }
  },
  optimistic: showRestored,
  landed: (queryClient, { ref }) => refreshRestored(queryClient, ref),
  discarded: (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: trashKeys.all });
    refetchMonths(queryClient);
  },
});

// --- Hooks ---------------------------------------------------------------------------------

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

/**
 * Restores `ref` (the delete toast's Undo, outside React), after any write still queued (its
 * delete): shown at once; settles when the server answers.
 */
export async function restoreAndRefresh(queryClient: QueryClient, ref: TrashRef): Promise<void> {
  await enqueueWrite(queryClient, trashRestore, restoreWrite(queryClient, ref));
}

export function useRestoreItem(options?: WriteOptionsOf<typeof trashRestore, TrashRef>) {
  return useWrite(
    trashRestore,
    (ref: TrashRef, queryClient) => restoreWrite(queryClient, ref),
    options,
  );
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
