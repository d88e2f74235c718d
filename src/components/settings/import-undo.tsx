// "Undo this import" under a real import's report: confirmed first, then everything it created goes to Recently deleted as one item.
import { Button } from '@mantine/core';
import { Suspense, useState } from 'react';
import {
  IMPORT_KINDS,
  type ImportCounts,
  type ImportKind,
  type ImportUndo,
} from '../../../contract/export';
import type { Messages } from '../../i18n/en';
import { settings } from '../../i18n/en/settings';
import { texts, translateMessage, useTexts } from '../../i18n/store';
import { conflictDetail } from '../../queries/errors';
import { useUndoImport } from '../../queries/import-undo';
import { ConfirmModal, loadConfirmModal } from '../lazy-modals';
import { notifyFailure } from '../toast';
import { useMountedOnce } from '../use-mounted-once';

/** What an import puts in its months, in the order its summaries list them. */
export const IMPORTED_PARTS = IMPORT_KINDS.filter(
  (kind): kind is Exclude<ImportKind, 'months'> => kind !== 'months',
);

/**
 * `1 month with 3 journal entries and 2 habit ticks.`: what an undo moved, in the given words.
 * An import from another app never has goals, and often no new month: a list of zeros would
 * hide the few kinds it did move, so they are left out.
 */
export function undoneSummary(
  counts: ImportCounts,
  words: Messages['settings'] = settings,
): string {
  const items = IMPORTED_PARTS.filter((kind) => counts[kind] > 0).map((kind) =>
    words.counts[kind](counts[kind]),
  );
  const last = items.at(-1) ?? '';
  const list = items.length > 1 ? words.listOf(items.slice(0, -1).join(', '), last) : last;
  return words.undoneSummary(counts.months > 0 ? words.counts.months(counts.months) : '', list);
}

export function UndoImportButton({
  importId,
  onUndone,
}: {
  importId: number;
  onUndone: (undone: ImportUndo) => void;
}) {
  const t = useTexts('settings', settings);
  const undo = useUndoImport();
  const [confirming, setConfirming] = useState(false);
  const confirmMounted = useMountedOnce(confirming);

  const onConfirm = () =>
    undo.mutate(importId, {
      onSuccess: (undone) => {
        setConfirming(false);
        onUndone(undone);
      },
      onError: async (error) => {
        setConfirming(false);
        // A 409 says why (undone already, e.g. from another tab), in the user's language.
        const detail = await conflictDetail(error);
        const words = texts('settings', settings);
        notifyFailure(detail ? translateMessage(detail) : words.undoImportFailed, error);
      },
    });

  return (
    <>
      <Button
        mt="sm"
        size="xs"
        variant="light"
        color="red"
        onPointerEnter={loadConfirmModal}
        onFocus={loadConfirmModal}
        onClick={() => setConfirming(true)}
      >
        {t.undoImport}
      </Button>
      <Suspense fallback={null}>
        {confirmMounted && (
          <ConfirmModal
            opened={confirming}
            title={t.undoImportTitle}
            message={t.undoImportBody}
            confirmLabel={t.undoImport}
            loading={undo.isPending}
            onConfirm={onConfirm}
            onClose={() => setConfirming(false)}
          />
        )}
      </Suspense>
    </>
  );
}
