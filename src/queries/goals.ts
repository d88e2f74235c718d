// Goals: the month's list, and creating, ticking and deleting one (each edits only its own row).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Goal } from '../../contract/entities';
import { createGoal, deleteGoal, listGoals, updateGoal } from '../api/goals';
import { appendToList, patchRowOptimistically, removeFromList, replaceInList } from './cache';
import { goalKeys } from './keys';
import { invalidateMonthStats } from './stats';

export function goalsQueryOptions(monthId: number) {
  return queryOptions({ queryKey: goalKeys.list(monthId), queryFn: () => listGoals(monthId) });
}

export function useCreateGoal(monthId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name }: { name: string }) => createGoal({ name, month_id: monthId }),
    onSuccess: (goal) => appendToList<Goal>(queryClient, goalKeys.list(monthId), goal),
    onSettled: () => invalidateMonthStats(queryClient, monthId),
  });
}

export interface ToggleGoal {
  goalId: number;
  isCompleted: boolean;
}

export function useToggleGoal(monthId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ goalId, isCompleted }: ToggleGoal) =>
      updateGoal(goalId, { is_completed: isCompleted }),
    onMutate: ({ goalId, isCompleted }) =>
      patchRowOptimistically<Goal>(queryClient, goalKeys.list(monthId), goalId, {
        is_completed: isCompleted,
      }),
    onError: (_error, _variables, undo) => undo?.(),
    onSuccess: (goal) => replaceInList<Goal>(queryClient, goalKeys.list(monthId), goal),
    onSettled: () => invalidateMonthStats(queryClient, monthId),
  });
}

export function useDeleteGoal(monthId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (goalId: number) => {
      await deleteGoal(goalId);
      return goalId;
    },
    onSuccess: (goalId) =>
      removeFromList<Goal>(queryClient, goalKeys.list(monthId), (g) => g.id === goalId),
    onSettled: () => invalidateMonthStats(queryClient, monthId),
  });
}
