// Goals: the month's list, and creating, ticking and deleting one (each edits only its own row).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Goal } from '../../contract/entities';
import { createGoal, deleteGoal, listGoals, updateGoal } from '../api/goals';
import { useActionKeys } from './action-key';
import { appendToList, removeFromList } from './cache';
import { goneAnyway } from './deleted-elsewhere';
import { goalKeys } from './keys';
import { useRowToggle } from './row-toggle';
import { invalidateMonthStats } from './stats';

export function goalsQueryOptions(monthId: number) {
  return queryOptions({ queryKey: goalKeys.list(monthId), queryFn: () => listGoals(monthId) });
}

/** Saving the same name again after a failure (a retry) reuses the Idempotency-Key: one goal at most. */
export function useCreateGoal(monthId: number) {
  const queryClient = useQueryClient();
  const keys = useActionKeys();
  return useMutation({
    mutationFn: ({ name }: { name: string }) => {
      const body = { name, month_id: monthId };
      return createGoal(body, keys.keyFor(body));
    },
    onSuccess: (goal) => {
      keys.finish();
      appendToList<Goal>(queryClient, goalKeys.list(monthId), goal);
    },
    onSettled: () => invalidateMonthStats(queryClient, monthId),
  });
}

export interface ToggleGoal {
  goalId: number;
  isCompleted: boolean;
}

/**
 * The checkbox moves in the click's own task; the month's toggles reach the server one at a time in
 * click order, and an older answer never paints over a newer click. A goal deleted elsewhere (404)
 * leaves the list and the error says so.
 */
export function useToggleGoal(monthId: number) {
  const queryClient = useQueryClient();
  return useRowToggle<Goal, ToggleGoal>({
    listKey: goalKeys.list(monthId),
    scope: `goal-toggles-${monthId}`,
    kind: 'goal',
    rowId: ({ goalId }) => goalId,
    patch: ({ isCompleted }) => ({ is_completed: isCompleted }),
    write: ({ goalId, isCompleted }) => updateGoal(goalId, { is_completed: isCompleted }),
    onSettled: () => invalidateMonthStats(queryClient, monthId),
  });
}

export function useDeleteGoal(monthId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (goalId: number) => {
      // Already deleted elsewhere: the card goes all the same.
      await goneAnyway(() => deleteGoal(goalId));
      return goalId;
    },
    onSuccess: (goalId) =>
      removeFromList<Goal>(queryClient, goalKeys.list(monthId), (g) => g.id === goalId),
    onSettled: () => invalidateMonthStats(queryClient, monthId),
  });
}
