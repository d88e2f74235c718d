// Settings: the Recently deleted bin, each item with Restore and Delete forever.
import '@mantine/core/styles/Badge.css';
import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useRef, useState } from 'react';
import type { TrashItem } from '../../../contract/trash';
import { TRASH_DAYS } from '../../../contract/trash-rules';
import { trash as trashTexts } from '../../i18n/en/trash';
import { formatIsoDate } from '../../i18n/format';
import { texts, translateMessage, useLocale, useTexts } from '../../i18n/store';
import { conflictDetail } from '../../queries/errors';
import { useRestoreImport } from '../../queries/import-undo';
import {
  type TrashRef,
  trashQueryOptions,
  usePurgeTrashItem,
  useRestoreItem,
} from '../../queries/trash';
import { ConfirmModal, loadConfirmModal } from '../lazy-modals';
import { notifyFailure, notifySuccess } from '../toast';
import { useMountedOnce } from '../use-mounted-once';
import { SettingsSection } from './settings-section';

type RowItem = TrashItem & { kind: TrashRef['kind'] };
const refOf = (item: RowItem): TrashRef => ({ kind: item.kind, id: item.id, month: item.month });
const keyOf = (item: Pick<TrashItem, 'kind' | 'id'>) => `${item.kind}:${item.id}`;

export function TrashSection() {
  const t = useTexts('trash', trashTexts);
  const locale = useLocale();
  const items = useQuery(trashQueryOptions());
  // An undone import comes back online only, whole (queries/import-undo.ts).
  const restoreImport = useRestoreImport();
  const purge = usePurgeTrashItem();
  const [confirming, setConfirming] = useState<TrashItem | null>(null);
  const confirmMounted = useMountedOnce(confirming !== null);
  const contentRef = useRef<HTMLDivElement>(null);

  /**
   * The list loses a row: focus moves to the row now in its place (or the last one), else to the
   * section's heading — never to the page's body.
   */
  const focusAfter = (index: number) => {
    // After React has removed the row (the list refetches, so wait for the next frames).
    setTimeout(() => {
      const content = contentRef.current;
      if (!content) return;
      const restoreButtons = content.querySelectorAll<HTMLButtonElement>('[data-trash-restore]');
      const next = restoreButtons[Math.min(index, restoreButtons.length - 1)];
      if (next) {
        next.focus();
        return;
      }
      const heading = content.closest('section')?.querySelector<HTMLElement>('h2');
      if (heading) {
        heading.tabIndex = -1;
        heading.focus();
      }
    }, 50);
  };

  /** Where each restored row stood, for the focus once it has gone. */
  const restoredAt = useRef(new Map<string, number>());
  const restored = (ref: Pick<TrashItem, 'kind' | 'id'>) => {
    notifySuccess(texts('trash', trashTexts).restored);
    focusAfter(restoredAt.current.get(keyOf(ref)) ?? 0);
  };
  // A 409 says why (restore its month first…), in the user's language.
  const restoreFailed = async (error: unknown) => {
    const detail = await conflictDetail(error);
    if (detail) notifyFailure(translateMessage(detail), error);
    else notifyFailure(texts('trash', trashTexts).restoreFailed, error);
  };
  const restore = useRestoreItem({
    onSuccess: (_result, _write, ref) => restored(ref),
    onFailure: (error) => void restoreFailed(error),
  });

  const onRestore = (item: TrashItem, index: number) => {
    restoredAt.current.set(keyOf(item), index);
    if (item.kind === 'import')
      restoreImport.mutate(item.id, {
        onSuccess: () => restored(item),
        onError: (error) => void restoreFailed(error),
      });
    else restore.mutate(refOf(item as RowItem));
  };

  /** What the row is called: an import by its app ("Import from Day One"). */
  const labelOf = (item: TrashItem) =>
    item.kind === 'import' ? t.importLabel(item.label) : item.label;

  const onPurge = () => {
    const item = confirming;
    if (!item) return;
    const index = items.data?.findIndex((other) => keyOf(other) === keyOf(item)) ?? 0;
    purge.mutate(
      { kind: item.kind, id: item.id },
      {
        onSuccess: () => {
          notifySuccess(texts('trash', trashTexts).purged);
          setConfirming(null);
          focusAfter(index);
        },
        onError: (error) => notifyFailure(texts('trash', trashTexts).purgeFailed, error),
      },
    );
  };

  const date = (iso: string) => formatIsoDate(iso.slice(0, 10), locale, { dateStyle: 'medium' });

  return (
    <SettingsSection title={t.title} description={t.description(TRASH_DAYS)}>
      <div ref={contentRef}>
        {items.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">{t.loading}</Text>
          </Group>
        ) : items.isError && !items.data ? (
          <Alert color="yellow" title={t.loadFailed}>
            <Button size="xs" variant="light" onClick={() => items.refetch()}>
              {t.tryAgain}
            </Button>
          </Alert>
        ) : items.data.length === 0 ? (
          <Text size="sm">{t.empty}</Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {items.data.map((item, index) => {
              const label = labelOf(item);
              const restoring =
                item.kind === 'import'
                  ? restoreImport.isPending && restoreImport.variables === item.id
                  : restore.isPending &&
                    !restore.isPaused &&
                    restore.variables?.ref.id === item.id &&
                    restore.variables.ref.kind === item.kind;
              return (
                <Group
                  component="li"
                  key={keyOf(item)}
                  justify="space-between"
                  wrap="wrap"
                  gap="xs"
                  data-testid="trash-item"
                >
                  <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
                    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                      <Badge variant="light" flex="none">
                        {t.kinds[item.kind]}
                      </Badge>
                      <Text size="sm" fw={600} truncate="end">
                        {label}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {[
                        item.date ? date(item.date) : null,
                        item.month_name ? t.inMonth(item.month_name) : null,
                        `${t.deletedOn(date(item.deleted_at))}, ${t.keptUntil(date(item.purge_at))}`,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Stack>
                  <Group gap="xs" flex="none">
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={t.restoreLabel(label)}
                      data-trash-restore
                      loading={restoring}
                      onClick={() => onRestore(item, index)}
                    >
                      {t.restore}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={t.deleteForeverLabel(label)}
                      onPointerEnter={loadConfirmModal}
                      onFocus={loadConfirmModal}
                      onClick={() => setConfirming(item)}
                    >
                      {t.deleteForever}
                    </Button>
                  </Group>
                </Group>
              );
            })}
          </Stack>
        )}
      </div>
      <Suspense fallback={null}>
        {confirmMounted && (
          <ConfirmModal
            opened={confirming !== null}
            title={t.confirmTitle}
            message={confirming ? t.confirmBody(labelOf(confirming)) : ''}
            confirmLabel={t.deleteForever}
            loading={purge.isPending}
            onConfirm={onPurge}
            onClose={() => setConfirming(null)}
          />
        )}
      </Suspense>
    </SettingsSection>
  );
}
