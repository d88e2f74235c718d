// Months (/months, docs/product-rules.md section 2): a grid of month cards; users who never paid, or a failed payment check, go to /subscribe.
import { Button, Group, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import type { Month } from '../../../../contract/entities';
import { focusAfterRemoval } from '../../../components/focus-after-removal';
import {
  ConfirmModal,
  CreateMonthModal,
  EditMonthModal,
  loadCreateMonthModal,
} from '../../../components/lazy-modals';
import { MonthList } from '../../../components/months/month-list';
import { shownMonthName } from '../../../components/months/month-name';
import { usePageTitle } from '../../../components/page-title';
import { notifyFailure } from '../../../components/toast';
import { useUndoDeleteToast } from '../../../components/undo-delete';
import { useMountedOnce } from '../../../components/use-mounted-once';
import { YearLinks } from '../../../components/years/year-links';
import { app } from '../../../i18n/en/app';
import { monthCard } from '../../../i18n/en/month-card';
import { toasts } from '../../../i18n/en/toasts';
import { texts, useTexts } from '../../../i18n/store';
import { isOfflineError } from '../../../offline-error';
import { monthsQueryOptions, useDeleteMonth } from '../../../queries/months';

export const Route = createFileRoute('/_auth/months/')({
  loader: async ({ context: { queryClient } }) => {
    // Dynamic imports keep the data layer out of the bundle every page (the landing too) loads.
    const [months, billing] = await Promise.all([
      import('../../../queries/months'),
      import('../../../queries/billing'),
    ]);
    const [status, list] = await Promise.allSettled([
      queryClient.ensureQueryData(billing.paymentStatusQueryOptions()),
      months.ensureMonthsList(queryClient),
    ]);
    // Offline the check cannot run: the saved months show, and it runs on reconnect.
    const unchecked = status.status === 'rejected' && isOfflineError(status.reason);
    // Someone whose subscription ended stays: their months are readable, and a notice offers Renew.
    if (!unchecked && (status.status === 'rejected' || !billing.readsMonths(status.value)))
      throw redirect({ to: '/subscribe' });
    if (list.status === 'rejected') throw list.reason;
  },
  component: MonthsPage,
});

function MonthsPage() {
  const { data: months } = useSuspenseQuery(monthsQueryOptions());
  const t = useTexts('app', app);
  const monthWords = useTexts('monthCard', monthCard);
  usePageTitle(t.months);
  const deleteMonth = useDeleteMonth({
    onFailure: (error) => notifyFailure(texts('toasts', toasts).monthDeleteFailed, error),
  });
  const undoableDelete = useUndoDeleteToast();
  const [creating, { open: openCreate, close: closeCreate }] = useDisclosure(false);
  const [editing, setEditing] = useState<Month | null>(null);
  const [deleting, setDeleting] = useState<Month | null>(null);
  // The last month asked about, kept while the dialog fades out so its text does not change.
  const [lastAsked, setLastAsked] = useState<Month | null>(null);
  const askDelete = (month: Month) => {
    setLastAsked(month);
    setDeleting(month);
  };
  const createMounted = useMountedOnce(creating);
  const renameMounted = useMountedOnce(editing !== null);
  const confirmMounted = useMountedOnce(deleting !== null);

  // The delete is queued and shown at once (offline too): the dialog closes and Undo is offered
  // then, not when the server answers, so a second press cannot queue a second delete.
  const confirmDelete = () => {
    if (!deleting) return;
    const card = document.querySelector(`[data-month-card="${deleting.id}"]`);
    const deleted = deleting;
    setDeleting(null);
    // The Delete button that opened the dialog goes with its card: focus the next month's name.
    // Asked before the card leaves, while its neighbours are known; it waits for the removal.
    focusAfterRemoval(
      card,
      (next) => next.querySelector('a'),
      () => document.querySelector<HTMLElement>('#main-content h1'),
    );
    deleteMonth.mutate(deleted.id);
    undoableDelete(texts('toasts', toasts).monthDeleted, {
      kind: 'month',
      id: deleted.id,
      month: null,
    });
  };

  return (
    <>
      <Group justify="space-between" mb="lg" gap="sm">
        <Title order={1}>{t.months}</Title>
        <Button
          onClick={openCreate}
          onPointerEnter={loadCreateMonthModal}
          onFocus={loadCreateMonthModal}
        >
          {t.addMonth}
        </Button>
      </Group>
      <YearLinks months={months} />
      {months.length === 0 ? (
        <Text>{t.noMonths}</Text>
      ) : (
        <MonthList months={months} onEdit={setEditing} onDelete={askDelete} />
      )}
      <Suspense fallback={null}>
        {createMounted && <CreateMonthModal opened={creating} onClose={closeCreate} />}
        {renameMounted && <EditMonthModal month={editing} onClose={() => setEditing(null)} />}
        {confirmMounted && (
          <ConfirmModal
            opened={deleting !== null}
            title={t.deleteMonth}
            message={t.deleteMonthQuestion(
              lastAsked ? shownMonthName(lastAsked, monthWords) : t.thisMonth,
            )}
            confirmLabel={t.delete}
            onConfirm={confirmDelete}
            onClose={() => setDeleting(null)}
          />
        )}
      </Suspense>
    </>
  );
}
