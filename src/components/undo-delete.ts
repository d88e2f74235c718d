// The screens' delete toasts with Undo: the toast and the restore load when a delete succeeds (undo-toast.tsx).
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { TrashRef } from '../queries/trash';

/** `(message, item)`: the delete's toast, whose Undo restores `item` from the bin. */
export function useUndoDeleteToast(): (message: string, item: TrashRef) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (message: string, item: TrashRef) =>
      void import('./undo-toast').then((m) => m.notifyDeleteWithUndo(queryClient, message, item)),
    [queryClient],
  );
}
