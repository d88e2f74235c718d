// The toast after a delete: the spec's text with an Undo button for its 3 s, restoring from the bin.
// Loaded when a delete succeeds (undo-delete.ts), so the bin's code stays out of the screens' first load.
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { TOAST_DURATION_MS } from '../../contract/rules';
import { trash } from '../i18n/en/trash';
import { texts } from '../i18n/store';
import { restoreAndRefresh, type TrashRef } from '../queries/trash';
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
