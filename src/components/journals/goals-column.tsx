// The 'Goals' column (spec §2): a checkbox and a delete control per goal, and 'Add New Goal +'.
import { ActionIcon, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import type { Goal } from '../../../contract/entities';
import { journals } from '../../i18n/en/journals';
import { toasts } from '../../i18n/en/toasts';
import { useTexts } from '../../i18n/store';
import { useDeleteGoal, useToggleGoal } from '../../queries/goals';
import { TrashIcon } from '../icons';
import { CreateGoalModal, loadCreateGoalModal } from '../lazy-modals';
import { notifyFailure, notifySuccess } from '../toast';
import { useMountedOnce } from '../use-mounted-once';

export function GoalsColumn({ monthId, goals }: { monthId: number; goals: Goal[] }) {
  const t = useTexts('journals', journals);
  const toast = useTexts('toasts', toasts);
  const toggleGoal = useToggleGoal(monthId);
  const deleteGoal = useDeleteGoal(monthId);
  const [creating, { open, close }] = useDisclosure(false);
  const mounted = useMountedOnce(creating);

  const toggle = (goal: Goal, isCompleted: boolean) => {
    toggleGoal.mutate(
      { goalId: goal.id, isCompleted },
      {
        onSuccess: () => notifySuccess(toast.goalUpdated),
        onError: (error) => notifyFailure(toast.goalUpdateFailed, error),
      },
    );
  };

  const remove = (goal: Goal) => {
    deleteGoal.mutate(goal.id, {
      onSuccess: () => notifySuccess(toast.goalDeleted),
      onError: (error) => notifyFailure(toast.goalDeleteFailed, error),
    });
  };

  return (
    <section aria-labelledby="goals-title">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={2} size="h3" id="goals-title">
          {t.goals}
        </Title>
        <Button
          size="sm"
          onClick={open}
          onPointerEnter={loadCreateGoalModal}
          onFocus={loadCreateGoalModal}
        >
          {t.addGoal}
        </Button>
      </Group>
      <Paper withBorder radius="lg" p="md">
        {goals.length === 0 ? (
          <Text size="sm">{t.noGoals}</Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {goals.map((goal) => (
              <Group key={goal.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Checkbox
                  label={goal.name}
                  checked={goal.is_completed}
                  onChange={(event) => toggle(goal, event.currentTarget.checked)}
                  styles={{ label: { overflowWrap: 'anywhere' } }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t.deleteGoalNamed(goal.name)}
                  loading={deleteGoal.isPending && deleteGoal.variables === goal.id}
                  onClick={() => remove(goal)}
                >
                  <TrashIcon />
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
