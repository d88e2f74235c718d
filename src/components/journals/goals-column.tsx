// The 'Goals' column (docs/product-rules.md section 2): a checkbox and a delete control per goal,
// and 'Add New Goal +'.
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useState } from 'react';
import type { Goal } from '../../../contract/entities';
import { journals } from '../../i18n/en/journals';
import { toasts } from '../../i18n/en/toasts';
import { useTexts } from '../../i18n/store';
import { useDeleteGoal, useToggleGoal } from '../../queries/goals';
import { focusAfterRemoval } from '../focus-after-removal';
import { ChevronIcon, TrashIcon } from '../icons';
import { CreateGoalModal, loadCreateGoalModal } from '../lazy-modals';
import { SyncMarker } from '../sync/sync-marker';
import { notifyFailure, notifySuccess } from '../toast';
import { useUndoDeleteToast } from '../undo-delete';
import { useMountedOnce } from '../use-mounted-once';
import { shownText } from './shown-text';

export function GoalsColumn({ monthId, goals }: { monthId: number; goals: Goal[] }) {
  const t = useTexts('journals', journals);
  const toast = useTexts('toasts', toasts);
  const undoableDelete = useUndoDeleteToast();
  const toggleGoal = useToggleGoal(monthId, {
    onSuccess: () => notifySuccess(toast.goalUpdated),
    onFailure: (error) => notifyFailure(toast.goalUpdateFailed, error),
  });
  const deleteGoal = useDeleteGoal(monthId, {
    onSuccess: (_id, { goalId }) =>
      undoableDelete(toast.goalDeleted, { kind: 'goal', id: goalId, month: monthId }),
    onFailure: (error) => notifyFailure(toast.goalDeleteFailed, error),
  });
  const [creating, { open, close }] = useDisclosure(false);
  const [collapsed, setCollapsed] = useState(false);
  const mounted = useMountedOnce(creating);

  // Being sent now (not waiting for the network: a queued write never holds a button).
  const deleting = (goal: Goal) =>
    deleteGoal.isPending && !deleteGoal.isPaused && deleteGoal.variables?.goalId === goal.id;

  const toggle = (goal: Goal, isCompleted: boolean) => {
    toggleGoal.mutate({ goalId: goal.id, isCompleted });
  };

  const remove = (goal: Goal, row: Element | null) => {
    if (deleteGoal.isPending && deleteGoal.variables?.goalId === goal.id) return;
    // The queued delete takes the row away at once: its neighbours are read now, while it
    // is still in the list, and focus moves as soon as it has left.
    focusAfterRemoval(
      row,
      (next) => next.querySelector('input'),
      () => document.getElementById('goals-title'),
    );
    deleteGoal.mutate(goal.id);
  };

  return (
    <section
      aria-labelledby="goals-title"
      className="mb-goals"
      data-collapsed={collapsed || undefined}
    >
      <Group justify="space-between" mb="md" gap="xs">
        <Group gap={4} wrap="nowrap">
          {/* Below 900 px the goals come before the entries; they fold away to reach them sooner. */}
          <UnstyledButton
            className="mb-stats-toggle mb-narrow-only"
            aria-label={t.goals}
            aria-expanded={!collapsed}
            aria-controls="goals-body"
            onClick={() => setCollapsed((value) => !value)}
          >
            <ChevronIcon size={20} className="mb-stats-chevron" />
          </UnstyledButton>
          <Title order={2} size="h3" id="goals-title">
            {t.goals}
          </Title>
          <Text component="span" size="sm" c="dimmed" className="mb-narrow-only" ml={6}>
            {goals.filter((goal) => goal.is_completed).length}/{goals.length}
          </Text>
        </Group>
        <Button
          size="sm"
          onClick={open}
          onPointerEnter={loadCreateGoalModal}
          onFocus={loadCreateGoalModal}
        >
          {t.addGoal}
        </Button>
      </Group>
      <Paper withBorder radius="lg" p="md" id="goals-body" className="mb-goals-body">
        {goals.length === 0 ? (
          <Text size="sm">{t.noGoals}</Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {goals.map((goal) => (
              <Group key={goal.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Checkbox
                  label={shownText(goal, goal.name, t)}
                  checked={goal.is_completed}
                  onChange={(event) => toggle(goal, event.currentTarget.checked)}
                  styles={{ label: { overflowWrap: 'anywhere' } }}
                />
                <SyncMarker kind="goal" id={goal.id} />
                {/* No `loading`: it disables the button, and a disabled button drops keyboard focus. */}
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t.deleteGoalNamed(shownText(goal, goal.name, t))}
                  aria-busy={deleting(goal) || undefined}
                  aria-disabled={deleting(goal) || undefined}
                  onClick={(event) => remove(goal, event.currentTarget.closest('li'))}
                >
                  {deleting(goal) ? <Loader size={16} color="red" /> : <TrashIcon />}
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
      </Paper>
      <Suspense fallback={null}>
        {mounted && <CreateGoalModal monthId={monthId} opened={creating} onClose={close} />}
      </Suspense>
    </section>
  );
}
