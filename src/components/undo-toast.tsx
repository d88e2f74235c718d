// The toast after a delete: the spec's text with an Undo button for its 3 s, restoring from the bin.
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { TOAST_DURATION_MS } from '../../contract/rules';
import { trash } from '../i18n/en/trash';
import { texts } from '../i18n/store';
import { type TrashRef, useRestoreItem } from '../queries/trash';
import { notifyFailure, notifySuccess } from './toast';

let counter = 0;

/**
 * Shows `message` (a success: a polite status message, like every success toast) with an Undo
 * button; clicking it closes the toast and calls `onUndo`. Mantine pauses the 3 s while the
 * pointer is over the toast, so the button can be reached.
 */
export function notifyWithUndo(message: string, onUndo: () => void): void {
  counter += 1;
  const id = `undo:${counter}`;
  const undo = texts('trash', trash).undo;
  notifications.show({
    id,
    autoClose: TOAST_DURATION_MS,
    withBorder: true,
    role: 'status',
    'aria-live': 'polite',
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            notifications.hide(id);
            onUndo();
          }}
        >
          {undo}
        </Button>
      </Group>
    ),
  });
}

/** `(message, item)`: the delete's toast, whose Undo restores `item` from the bin. */
export function useUndoDeleteToast(): (message: string, item: TrashRef) => void {
  const restore = useRestoreItem();
  const { mutate } = restore;
  return useCallback(
    (message: string, item: TrashRef) =>
      notifyWithUndo(message, () =>
        mutate(item, {
          onSuccess: () => notifySuccess(texts('trash', trash).restored),
          onError: (error) => notifyFailure(texts('trash', trash).restoreFailed, error),
        }),
      ),
    [mutate],
  );
}
