// "Undo this import" and the bin's Restore of an undone import: plain server mutations, online only (they move whole imports, which an offline copy could not show).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restoreImport, undoImport } from '../api/export';
import { journalSearchKeys, monthKeys, trashKeys } from './keys';
import { yearKeys } from './years';

/** Everything an import touches: any month, the year views, the search, and the bin. */
function refreshAfter(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: monthKeys.all }),
    queryClient.invalidateQueries({ queryKey: yearKeys.all }),
    queryClient.invalidateQueries({ queryKey: journalSearchKeys.all }),
    queryClient.invalidateQueries({ queryKey: trashKeys.all }),
  ]);
}

export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: number) => undoImport(importId),
    onSettled: () => refreshAfter(queryClient),
  });
}

export function useRestoreImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: number) => restoreImport(importId),
    onSettled: () => refreshAfter(queryClient),
  });
}
