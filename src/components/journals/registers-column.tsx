// The 'Registers' column (spec §2): journal cards, 'Add New Journal +' and the create/edit modals.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useElementScrollRestoration } from '@tanstack/react-router';
import { Suspense, startTransition, useEffect, useMemo, useState } from 'react';
import type { DailyHabit, DailyMeasure, Habit, Journal } from '../../../contract/entities';
import { journals as journalWords } from '../../i18n/en/journals';
import { toasts } from '../../i18n/en/toasts';
import { useLocale, useTexts } from '../../i18n/store';
import { isDeletedElsewhere } from '../../queries/deleted-elsewhere';
import { compareJournals } from '../../queries/journal-list';
import { useCreateJournal, useDeleteJournal, useUpdateJournal } from '../../queries/journals';
import { rendersWholePage } from '../../server-html';
import { focusAfterRemoval } from '../focus-after-removal';
import { JournalFormModal, loadJournalFormModal } from '../lazy-modals';
import { notifyFailure, notifySuccess, notifyWarning } from '../toast';
import { useUndoDeleteToast } from '../undo-delete';
import { useMountedOnce } from '../use-mounted-once';
import { formatJournalDate } from './format-date';
import { JournalCard } from './journal-card';
import type { JournalFormValues } from './journal-form-modal';
import { localToday } from './local-date';

interface RegistersColumnProps {
  monthId: number;
  journals: Journal[];
  habits: Habit[];
  measureName: string;
  dailyHabits: DailyHabit[];
  dailyMeasures: DailyMeasure[];
}

function groupByJournal<T extends { journal_id: number }>(items: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items)
    groups.set(item.journal_id, [...(groups.get(item.journal_id) ?? []), item]);
  return groups;
}

/** More entries than this make a long month: a jump-to-day control and, on phones, compact cards. */
const LONG_MONTH = 7;

/** About a screenful: rendered with the page; the rest of the month's cards follow. */
const FIRST_CARDS = 4;

const ticks = (habits: Habit[], practiced: Record<string, boolean>) =>
  habits.map((habit) => ({ habitId: habit.id, isPracticed: practiced[habit.id] === true }));

export function RegistersColumn(props: RegistersColumnProps) {
  const { monthId, journals, habits, measureName, dailyHabits, dailyMeasures } = props;
  const t = useTexts('journals', journalWords);
  const toast = useTexts('toasts', toasts);
  const createJournal = useCreateJournal(monthId);
  const updateJournal = useUpdateJournal(monthId);
  const deleteJournal = useDeleteJournal(monthId);
  const undoableDelete = useUndoDeleteToast();
  const [creating, { open: openCreate, close: closeCreate }] = useDisclosure(false);
  const [editing, setEditing] = useState<Journal | null>(null);
  const createMounted = useMountedOnce(creating);
  const editMounted = useMountedOnce(editing !== null);

  const habitsByJournal = useMemo(() => groupByJournal(dailyHabits), [dailyHabits]);
  const measuresByJournal = useMemo(() => groupByJournal(dailyMeasures), [dailyMeasures]);
  // By the day each entry is about, newest first: today's entry is the one people come back for.
  const sorted = useMemo(() => [...journals].sort((a, b) => compareJournals(b, a)), [journals]);
  // The cards are the page's largest piece of rendering (a month has up to 31). When the page
  // opens, the first screenful renders with it and the rest just after, in a transition React
  // splits into short tasks, so the page paints and answers input at once instead of after one
  // long task. Later changes (a new, edited or deleted entry) show in the same render. Over the
  // server's HTML of the page every card renders at once: none may disappear meanwhile.
  // So is a page the user comes back to (Back): the router restores its scroll position as soon
  // as it renders, and a page holding only its first cards would be too short to scroll there.
  const returning = useElementScrollRestoration({ getElement: () => window }) !== undefined;
  const [opened, setOpened] = useState(() => rendersWholePage() || returning);
  useEffect(() => startTransition(() => setOpened(true)), []);
  const pending = !opened && sorted.length > FIRST_CARDS;
  const shown = pending ? sorted.slice(0, FIRST_CARDS) : sorted;

  // A long month gets a jump to any day, and on phones compact cards (journal-card.css).
  const long = sorted.length > LONG_MONTH;
  const locale = useLocale();
  const jumpTo = (journalId: string) => {
    const heading = document.getElementById(`journal-${journalId}`);
    if (!heading) return;
    // At once, not smoothly: cards scrolled past would lay out on the way (content-visibility)
    // and push the day further down; a frame later it is aligned again with the cards near it.
    heading.scrollIntoView({ block: 'start', behavior: 'instant' });
    heading.focus({ preventScroll: true });
    requestAnimationFrame(() => heading.scrollIntoView({ block: 'start', behavior: 'instant' }));
  };

  const emptyValues: JournalFormValues = {
    createdAt: localToday(),
    highlight: '',
    metric: '',
    practiced: Object.fromEntries(habits.map((habit) => [habit.id, false])),
  };
  const editValues = (journal: Journal): JournalFormValues => ({
    createdAt: journal.created_at,
    highlight: journal.highlight,
    metric: String(measuresByJournal.get(journal.id)?.[0]?.metric ?? ''),
    practiced: Object.fromEntries(
      habits.map((habit) => [
        habit.id,
        habitsByJournal.get(journal.id)?.find((d) => d.habit_id === habit.id)?.is_practiced ??
          false,
      ]),
    ),
  });

  const create = async (values: JournalFormValues) => {
    if (!monthId) {
      notifyWarning(toast.monthNotSelected);
      return;
    }
    try {
      await createJournal.mutateAsync({
        createdAt: values.createdAt,
        highlight: values.highlight.trim(),
        metric: Number(values.metric.trim()),
        habits: ticks(habits, values.practiced),
      });
      notifySuccess(toast.journalCreated);
      closeCreate();
    } catch (error) {
      notifyFailure(toast.journalCreateFailed, error);
    }
  };

  const update = async (values: JournalFormValues) => {
    if (!editing) return;
    try {
      await updateJournal.mutateAsync({
        journalId: editing.id,
        createdAt: values.createdAt,
        highlight: values.highlight.trim(),
        metric: Number(values.metric.trim()),
        habits: ticks(habits, values.practiced),
      });
      notifySuccess(toast.journalUpdated);
      setEditing(null);
    } catch (error) {
      notifyFailure(toast.journalUpdateFailed, error);
      // Deleted in another tab or device: its card is gone from the cache, so is its dialog.
      if (isDeletedElsewhere(error)) setEditing(null);
    }
  };

  const remove = (journal: Journal) => {
    const card = document.getElementById(`journal-${journal.id}`)?.closest('article');
    deleteJournal.mutate(journal.id, {
      onSuccess: () => {
        undoableDelete(toast.journalDeleted, { kind: 'journal', id: journal.id, month: monthId });
        focusAfterRemoval(
          card,
          (next) => next.querySelector('h3'),
          () => document.getElementById('registers-title'),
        );
      },
      onError: (error) => notifyFailure(toast.journalDeleteFailed, error),
    });
  };

  return (
    <section aria-labelledby="registers-title">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={2} size="h3" id="registers-title">
          {t.registers}
        </Title>
        <Button
          size="sm"
          onClick={openCreate}
          onPointerEnter={loadJournalFormModal}
          onFocus={loadJournalFormModal}
        >
          {t.addJournal}
        </Button>
      </Group>
      {long && (
        <label className="mb-jump-to-day">
          <span>{t.jumpToDay}</span>
          <select
            className="mb-language"
            value=""
            onChange={(event) => jumpTo(event.currentTarget.value)}
          >
            <option value="" disabled>
              {t.chooseDay}
            </option>
            {sorted.map((journal) => (
              <option key={journal.id} value={journal.id}>
                {formatJournalDate(journal.created_at, locale)}
              </option>
            ))}
          </select>
        </label>
      )}
      {sorted.length === 0 ? (
        <Text>{t.noEntries}</Text>
      ) : (
        <Stack
          gap="md"
          className="mb-journal-list"
          data-long={long || undefined}
          aria-busy={pending || undefined}
        >
          {shown.map((journal) => (
            <JournalCard
              key={journal.id}
              monthId={monthId}
              journal={journal}
              dailyHabits={habitsByJournal.get(journal.id) ?? []}
              dailyMeasures={measuresByJournal.get(journal.id) ?? []}
              onEdit={setEditing}
              onDelete={remove}
              deleting={deleteJournal.isPending && deleteJournal.variables === journal.id}
            />
          ))}
        </Stack>
      )}
      <Suspense fallback={null}>
        {createMounted && (
          <JournalFormModal
            opened={creating}
            title={t.createRegister}
            measureName={measureName}
            habits={habits}
            initialValues={emptyValues}
            submitting={createJournal.isPending}
            onSubmit={create}
            onClose={closeCreate}
            draftKey={`journal:${monthId}:new`}
          />
        )}
        {editMounted && (
          <JournalFormModal
            opened={editing !== null}
            title={t.editRegister}
            measureName={measureName}
            habits={habits}
            initialValues={editing ? editValues(editing) : emptyValues}
            submitting={updateJournal.isPending}
            onSubmit={update}
            onClose={() => setEditing(null)}
            draftKey={editing ? `journal:${monthId}:${editing.id}` : undefined}
          />
        )}
      </Suspense>
    </section>
  );
}
