// The 'Registers' column (spec §2): journal cards, 'Add New Journal +' and the create/edit modals.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useMemo, useState } from 'react';
import type { DailyHabit, DailyMeasure, Habit, Journal } from '../../../contract/entities';
import { useCreateJournal, useDeleteJournal, useUpdateJournal } from '../../queries/journals';
import { TEXTS, TOASTS } from '../../texts';
import { JournalFormModal, loadJournalFormModal } from '../lazy-modals';
import { notifyFailure, notifySuccess, notifyWarning } from '../toast';
import { useMountedOnce } from '../use-mounted-once';
import { JournalCard } from './journal-card';
import type { JournalFormValues } from './journal-form-modal';

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

const ticks = (habits: Habit[], practiced: Record<string, boolean>) =>
  habits.map((habit) => ({ habitId: habit.id, isPracticed: practiced[habit.id] === true }));

export function RegistersColumn(props: RegistersColumnProps) {
  const { monthId, journals, habits, measureName, dailyHabits, dailyMeasures } = props;
  const createJournal = useCreateJournal(monthId);
  const updateJournal = useUpdateJournal(monthId);
  const deleteJournal = useDeleteJournal(monthId);
  const [creating, { open: openCreate, close: closeCreate }] = useDisclosure(false);
  const [editing, setEditing] = useState<Journal | null>(null);
  const createMounted = useMountedOnce(creating);
  const editMounted = useMountedOnce(editing !== null);

  const habitsByJournal = useMemo(() => groupByJournal(dailyHabits), [dailyHabits]);
  const measuresByJournal = useMemo(() => groupByJournal(dailyMeasures), [dailyMeasures]);
  // Newest first: today's entry is the one people come back for.
  const sorted = useMemo(
    () => [...journals].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id),
    [journals],
  );

  const emptyValues: JournalFormValues = {
    highlight: '',
    metric: '',
    practiced: Object.fromEntries(habits.map((habit) => [habit.id, false])),
  };
  const editValues = (journal: Journal): JournalFormValues => ({
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
      notifyWarning(TOASTS.monthNotSelected);
      return;
    }
    try {
      await createJournal.mutateAsync({
        highlight: values.highlight.trim(),
        metric: Number(values.metric.trim()),
        habits: ticks(habits, values.practiced),
      });
      notifySuccess(TOASTS.journalCreated);
      closeCreate();
    } catch (error) {
      notifyFailure(TOASTS.journalCreateFailed, error);
    }
  };

  const update = async (values: JournalFormValues) => {
    if (!editing) return;
    try {
      await updateJournal.mutateAsync({
        journalId: editing.id,
        highlight: values.highlight.trim(),
        metric: Number(values.metric.trim()),
        habits: ticks(habits, values.practiced),
      });
      notifySuccess(TOASTS.journalUpdated);
      setEditing(null);
    } catch (error) {
      notifyFailure(TOASTS.journalUpdateFailed, error);
    }
  };

  const remove = (journal: Journal) => {
    deleteJournal.mutate(journal.id, {
      onSuccess: () => notifySuccess(TOASTS.journalDeleted),
      onError: (error) => notifyFailure(TOASTS.journalDeleteFailed, error),
    });
  };

  return (
    <section aria-labelledby="registers-title">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={2} size="h3" id="registers-title">
          {TEXTS.registers}
        </Title>
        <Button
          size="sm"
          onClick={openCreate}
          onPointerEnter={loadJournalFormModal}
          onFocus={loadJournalFormModal}
        >
          {TEXTS.addJournal}
        </Button>
      </Group>
      {sorted.length === 0 ? (
        <Text>No entries yet. Add today’s highlight to start the month.</Text>
      ) : (
        <Stack gap="md">
          {sorted.map((journal) => (
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
            title={TEXTS.createRegister}
            measureName={measureName}
            habits={habits}
            initialValues={emptyValues}
            submitting={createJournal.isPending}
            onSubmit={create}
            onClose={closeCreate}
          />
        )}
        {editMounted && (
          <JournalFormModal
            opened={editing !== null}
            title="Edit Register"
            measureName={measureName}
            habits={habits}
            initialValues={editing ? editValues(editing) : emptyValues}
            submitting={updateJournal.isPending}
            onSubmit={update}
            onClose={() => setEditing(null)}
          />
        )}
      </Suspense>
    </section>
  );
}
