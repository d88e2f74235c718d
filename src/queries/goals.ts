// Goals: the month's list, and creating, ticking and deleting one, as queued writes (each edits only its own row).
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { Goal } from '../../contract/entities';
import { listGoals } from '../api/goals';
import { newIdempotencyKey } from '../api/idempotency';
import { enqueueWrite, installSync, newTempId, writeHandle } from '../offline/sync';
import { goalKeys } from './keys';
import { notifyingNow } from './row-toggle';
import { goalCreate, goalDelete, goalUpdate } from './writes';

export function goalsQueryOptions(monthId: number) {
  return queryOptions({ queryKey: goalKeys.list(monthId), queryFn: () => listGoals(monthId) });
}

/** Shown at once (offline too); its Idempotency-Key is saved with it, so a resend makes one goal. */
export function useCreateGoal(monthId: number) {
  const queryClient = useQueryClient();
  installSync(queryClient);
  return writeHandle(async ({ name }: { name: string }) => {
    const tempId = newTempId();
    const done = enqueueWrite(queryClient, goalCreate, {
      monthId,
      tempId,
      body: { name, month_id: monthId },
      key: newIdempotencyKey(),
    });
    const shown = queryClient
      .getQueryData<Goal[]>(goalKeys.list(monthId))
      ?.find((g) => g.id === tempId);
    return { shown, done };
  });
}

export interface ToggleGoal {
  goalId: number;
  isCompleted: boolean;
}

/**
 * The checkbox moves in the click's own task; the ticks reach the server one at a time in click
 * order, and an older answer never paints over a newer click. A goal deleted elsewhere (404)
 * leaves the list and the error says so.
 */
export function useToggleGoal(monthId: number) {
  const queryClient = useQueryClient();
  installSync(queryClient);
  return writeHandle(async ({ goalId, isCompleted }: ToggleGoal) => {
    void queryClient.cancelQueries({ queryKey: goalKeys.list(monthId), exact: true });
    const base = queryClient
      .getQueryData<Goal[]>(goalKeys.list(monthId))
      ?.find((goal) => goal.id === goalId);
    const done = notifyingNow(() =>
      enqueueWrite(queryClient, goalUpdate, { monthId, goalId, isCompleted, base }),
    );
    return { shown: undefined, done };
  });
}

export function useDeleteGoal(monthId: number) {
  const queryClient = useQueryClient();
  installSync(queryClient);
  return writeHandle(async (goalId: number) => ({
    shown: goalId,
    done: enqueueWrite(queryClient, goalDelete, { monthId, goalId }),
  }));
}
