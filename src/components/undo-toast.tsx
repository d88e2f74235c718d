// The toast after a delete: the spec's text with an Undo button, restoring from the bin.
// Loaded when a delete succeeds (undo-delete.ts), so the bin's code stays out of the screens' first load.
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { trash } from '../i18n/en/trash';
import { texts } from '../i18n/store';
import { restoreAndRefresh, type TrashRef } from '../queries/trash';
import { notifyFailure, notifySuccess } from './toast';

let counter = 0;

/**
 * How long the Undo toast stays. The spec's 3 s is for its own toasts, which only report; an
 * Undo has to be read, found and clicked (or reached by keyboard) before it goes, and 3 s was
 * too short for that. Mantine also pauses the count while the pointer is over the toast.
 */
export const UNDO_TOAST_DURATION_MS = 10_000;

/**
 * Shows `message` (a success: a polite status message, like every success toast) with an Undo
 * button; clicking it closes the toast and calls `onUndo`.
 */
export function notifyWithUndo(message: string, onUndo: () => void): void {
  counter += 1;
  const id = `undo:${counter}`;
  const undo = texts('trash', trash).undo;
  notifications.show({
    id,
    autoClose: UNDO_TOAST_DURATION_MS,
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

/** The delete's toast, whose Undo restores `item` from the bin. */
export function notifyDeleteWithUndo(
  queryClient: QueryClient,
  message: string,
  item: TrashRef,
): void {
  notifyWithUndo(message, () =>
    restoreAndRefresh(queryClient, item).then(
      () => notifySuccess(texts('trash', trash).restored),
      (error: unknown) => notifyFailure(texts('trash', trash).restoreFailed, error),
    ),
  );
}
