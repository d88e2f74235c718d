// "Undo this import" under a real import's report: confirmed first, then everything it created goes to Recently deleted as one item.
import { Button } from '@mantine/core';
import { Suspense, useState } from 'react';
import type { ImportUndo } from '../../../contract/export';
import { settings } from '../../i18n/en/settings';
import { texts, translateMessage, useTexts } from '../../i18n/store';
import { conflictDetail } from '../../queries/errors';
import { useUndoImport } from '../../queries/import-undo';
import { ConfirmModal, loadConfirmModal } from '../lazy-modals';
import { notifyFailure } from '../toast';
import { useMountedOnce } from '../use-mounted-once';

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
