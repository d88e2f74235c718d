// Goals: the month's list, and creating, ticking and deleting one, as queued writes (each edits only its own row).
import { queryOptions } from '@tanstack/react-query';
import type { Goal } from '../../contract/entities';
import type { CreateGoal } from '../../contract/requests';
import { createGoal, deleteGoal, listGoals, updateGoal } from '../api/goals';
import { newIdempotencyKey } from '../api/idempotency';
import { newTempId } from '../offline/sync';
import { dropRows, patchRow, upsert } from './cache';
import { withConflictResolution } from './conflicts';
import { orDeletedElsewhere } from './deleted-elsewhere';
import { goalKeys } from './keys';
import { openMonthRows } from './private-rows';
import { notifyingNow } from './row-toggle';
import { invalidateMonthStats } from './stats-invalidation';
import { useWrite, type WriteOptionsOf } from './use-write';
import {
  defineCreate,
  defineWrite,
  deleteSaved,
  inMonth,
  newerQueued,
  requireSaved,
} from './write-kinds';

export function goalsQueryOptions(monthId: number) {
  return queryOptions({
    queryKey: goalKeys.list(monthId),
    queryFn: async ({ client }) => openMonthRows(client, monthId, 'goal', await listGoals(monthId)),
  });
}

// --- Writes, found by their names (saved with queued writes on devices) ----------------------

export const goalCreate = defineCreate<CreateGoal, Goal>({
  name: 'goal.create',
  subject: (v) => ({ kind: 'goal', id: v.tempId, monthId: v.monthId }),
  list: goalKeys.list,
  refersTo: (body) => [body.month_id],
  create: createGoal,
  sealedAs: 'goal',
  update: (id, body) => updateGoal(id, body),
  shown: (_queryClient, { tempId, body }) => ({
    ...inMonth(tempId, body.month_id),
    name: body.name,
    is_completed: body.is_completed ?? false,
  }),
  settled: (queryClient, { monthId }) => invalidateMonthStats(queryClient, monthId),
});

export interface GoalUpdateWrite {
  monthId: number;
  goalId: number;
  isCompleted: boolean;
  /** The goal as the tick saw it: If-Match and merge base (src/queries/conflicts.ts). */
  base?: Goal;
}

export const goalUpdate = defineWrite<GoalUpdateWrite, Goal>({
  name: 'goal.update',
  subject: (v) => ({ kind: 'goal', id: v.goalId, monthId: v.monthId }),
  run: ({ monthId, goalId, isCompleted, base }, queryClient) => {
    requireSaved(goalId);
    return orDeletedElsewhere(
      'goal',
      () =>
        withConflictResolution({
          base,
          changes: { is_completed: isCompleted },
          send: (body, ifMatch) => updateGoal(goalId, body, ifMatch),
          restore: () => import('../api/trash').then((m) => m.restoreItem('goal', goalId)),
          subject: { kind: 'goal', name: base?.name },
          privateRow: { queryClient, monthId, kind: 'goal', id: goalId },
        }),
      () => dropRows<Goal>(queryClient, goalKeys.list(monthId), (g) => g.id === goalId),
    );
  },
  optimistic: (queryClient, { monthId, goalId, isCompleted }) =>
    patchRow<Goal>(queryClient, goalKeys.list(monthId), goalId, { is_completed: isCompleted }),
  landed: (queryClient, variables, goal) => {
    if (!newerQueued(queryClient, variables, (other) => other.goalId === goal.id))
      upsert(queryClient, goalKeys.list(variables.monthId), goal);
  },
  settled: (queryClient, { monthId }) => invalidateMonthStats(queryClient, monthId),
});

export interface GoalDeleteWrite {
  monthId: number;
  goalId: number;
}

export const goalDelete = defineWrite<GoalDeleteWrite, number>({
  name: 'goal.delete',
  subject: (v) => ({ kind: 'goal', id: v.goalId, monthId: v.monthId }),
  run: ({ goalId }) => deleteSaved(goalId, deleteGoal),
  optimistic: (queryClient, { monthId, goalId }) =>
    dropRows<Goal>(queryClient, goalKeys.list(monthId), (g) => g.id === goalId),
  settled: (queryClient, { monthId }) => invalidateMonthStats(queryClient, monthId),
});

// --- Hooks ---------------------------------------------------------------------------------

/** Shown at once (offline too); its Idempotency-Key is saved with it, so a resend makes one goal. */
export function useCreateGoal(
  monthId: number,
  options?: WriteOptionsOf<typeof goalCreate, { name: string }>,
) {
  return useWrite(
    goalCreate,
    ({ name }: { name: string }) => ({
      monthId,
      tempId: newTempId(),
      body: { name, month_id: monthId },
      key: newIdempotencyKey(),
    }),
    options,
  );
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
export function useToggleGoal(
  monthId: number,
  options?: WriteOptionsOf<typeof goalUpdate, ToggleGoal>,
) {
  const write = useWrite(
    goalUpdate,
    ({ goalId, isCompleted }: ToggleGoal, queryClient) => {
      // A refetch landing meanwhile would paint the old row back.
      void queryClient.cancelQueries({ queryKey: goalKeys.list(monthId), exact: true });
      const base = queryClient
        .getQueryData<Goal[]>(goalKeys.list(monthId))
        ?.find((goal) => goal.id === goalId);
      return { monthId, goalId, isCompleted, base };
    },
    options,
  );
  return { ...write, mutate: (input: ToggleGoal) => notifyingNow(() => write.mutate(input)) };
}

export function useDeleteGoal(
  monthId: number,
  options?: WriteOptionsOf<typeof goalDelete, number>,
) {
  return useWrite(goalDelete, (goalId: number) => ({ monthId, goalId }), options);
}
