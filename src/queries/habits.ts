// A month's habits: their read, and creating, renaming and deleting one, as queued writes (the month's create and its Edit dialog make them).
import { queryOptions } from '@tanstack/react-query';
import type { DailyHabit, Habit } from '../../contract/entities';
import type { CreateHabit, UpdateHabit } from '../../contract/requests';
import { createHabit, deleteHabit, listHabits, updateHabit } from '../api/habits';

import { dropRows, patchRow, upsert } from './cache';
import { goneAnyway } from './deleted-elsewhere';
import { dailyHabitKeys, habitKeys } from './keys';
import { openMonthRows } from './private-rows';
import {
  defineCreate,
  defineWrite,
  deleteSaved,
  editInMonth,
  inMonth,
  requireSaved,
  stepOfMonth,
} from './write-kinds';

export function habitsQueryOptions(monthId: number) {
  return queryOptions({
    queryKey: habitKeys.list(monthId),
    queryFn: async ({ client }) =>
      openMonthRows(client, monthId, 'habit', await listHabits(monthId)),
  });
}

// --- Writes, found by their names (saved with queued writes on devices) ----------------------

export const habitCreate = defineCreate<CreateHabit, Habit>({
  name: 'habit.create',
  subject: stepOfMonth,
  list: habitKeys.list,
  refersTo: (body) => [body.month_id],
  create: createHabit,
  sealedAs: 'habit',
  update: updateHabit,
  shown: (_queryClient, { tempId, body }) => ({
    ...inMonth(tempId, body.month_id),
    name: body.name,
    ...(body.schedule ? { schedule: body.schedule as Habit['schedule'] } : {}),
  }),
});

export interface HabitUpdateWrite {
  monthId: number;
  habitId: number;
  changes: UpdateHabit;
}

export const habitUpdate = defineWrite<HabitUpdateWrite, Habit | null>({
  name: 'habit.update',
  subject: stepOfMonth,
  run: async ({ monthId, habitId, changes }, queryClient) => {
    requireSaved(habitId);
    // Gone elsewhere: nothing left to rename (the month's lists are read again after).
    let updated: Habit | null = null;
    await goneAnyway(async () => {
      updated = await editInMonth(
        queryClient,
        { monthId, kind: 'habit', id: habitId },
        habitKeys.list(monthId),
        changes,
        (body) => updateHabit(habitId, body),
      );
    });
    return updated;
  },
  optimistic: (queryClient, { monthId, habitId, changes }) =>
    patchRow<Habit>(queryClient, habitKeys.list(monthId), habitId, changes as Partial<Habit>),
  landed: (queryClient, { monthId }, habit) => {
    if (habit) upsert(queryClient, habitKeys.list(monthId), habit);
    else void queryClient.invalidateQueries({ queryKey: habitKeys.list(monthId), exact: true });
  },
});

export interface HabitDeleteWrite {
  monthId: number;
  habitId: number;
}

export const habitDelete = defineWrite<HabitDeleteWrite, number>({
  name: 'habit.delete',
  subject: stepOfMonth,
  run: ({ habitId }) => deleteSaved(habitId, deleteHabit),
  // Its ticks go with it (the server deletes them too).
  optimistic: (queryClient, { monthId, habitId }) => {
    dropRows<Habit>(queryClient, habitKeys.list(monthId), (h) => h.id === habitId);
    dropRows<DailyHabit>(queryClient, dailyHabitKeys.list(monthId), (d) => d.habit_id === habitId);
  },
});
