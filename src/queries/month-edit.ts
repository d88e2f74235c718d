// Edit month: its name, its measure's name, and its habits (renamed, added, removed) through the detail routes.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Month } from '../../contract/entities';
import { createHabit, deleteHabit, updateHabit } from '../api/habits';
import { createMeasure, updateMeasure } from '../api/measures';
import { updateMonth } from '../api/months';
import { useActionKeys } from './action-key';
import { DeletedElsewhereError } from './deleted-elsewhere';
import { errorStatus } from './errors';
import { habitsQueryOptions } from './habits';
import { monthKeys } from './keys';
import { measuresQueryOptions } from './measures';

export interface EditedItem {
  /** null: a new habit (or a month without a measure yet). */
  id: number | null;
  name: string;
}

export interface MonthEdit {
  monthId: number;
  name: string;
  /** Absent: the measure stays as it is (the modal had not read it yet). */
  measure?: EditedItem;
  /** The habits kept and added, in order; absent: the habits stay as they are. */
  habits?: EditedItem[];
  /** Habits to delete, with every tick of theirs (the server deletes their daily habits). */
  removed?: number[];
}

/** A 404 on the month's own PATCH: the month went elsewhere. A habit already gone is fine to remove. */
async function notFoundAs<T>(write: () => Promise<T>, onNotFound: () => T | Promise<T>) {
  try {
    return await write();
  } catch (error) {
    if (errorStatus(error) === 404) return onNotFound();
    throw error;
  }
}

/**
 * Only what changed is sent: renames as PATCHes, new habits as POSTs (with Idempotency-Keys from
 * the action's, so saving again after a failure makes no habit twice), removals as DELETEs.
 */
export function useEditMonth() {
  const queryClient = useQueryClient();
  const keys = useActionKeys();
  return useMutation({
    mutationFn: async (edit: MonthEdit): Promise<Month | null> => {
      const { monthId } = edit;
      const [habits, measures] = await Promise.all([
        queryClient.ensureQueryData(habitsQueryOptions(monthId)),
        queryClient.ensureQueryData(measuresQueryOptions(monthId)),
      ]);
      const key = keys.keyFor(edit);
      const months = queryClient.getQueryData<Month[]>(monthKeys.list());
      const current =
        queryClient.getQueryData<Month>(monthKeys.detail(monthId)) ??
        months?.find((month) => month.id === monthId);
      let month: Month | null = null;
      if (current?.name !== edit.name) {
        month = await notFoundAs(
          () => updateMonth(monthId, { name: edit.name }),
          () => {
            queryClient.setQueryData<Month[]>(monthKeys.list(), (list) =>
              list?.filter((m) => m.id !== monthId),
            );
            queryClient.removeQueries({ queryKey: monthKeys.scope(monthId) });
            throw new DeletedElsewhereError('month', null);
          },
        );
      }
      const { measure } = edit;
      if (!measure) {
        // The name alone.
      } else if (measure.id === null) {
        if (measure.name !== '')
          await createMeasure({ name: measure.name, month_id: monthId }, `${key}.measure`);
      } else if (measures.find((m) => m.id === measure.id)?.name !== measure.name) {
        await updateMeasure(measure.id, { name: measure.name });
      }
      for (const id of edit.removed ?? [])
        await notFoundAs(
          () => deleteHabit(id),
          () => undefined,
        );
      for (const [index, habit] of (edit.habits ?? []).entries()) {
        if (habit.id === null) {
          await createHabit({ name: habit.name, month_id: monthId }, `${key}.habit-${index}`);
        } else if (habits.find((h) => h.id === habit.id)?.name !== habit.name) {
          const { id } = habit;
          await notFoundAs(
            () => updateHabit(id, { name: habit.name }),
            () => {
              throw new DeletedElsewhereError('habit', null);
            },
          );
        }
      }
      keys.finish();
      return month;
    },
    onSuccess: (month) => {
      if (!month) return;
      queryClient.setQueryData(monthKeys.detail(month.id), month);
      queryClient.setQueryData<Month[]>(monthKeys.list(), (list) =>
        list?.map((m) => (m.id === month.id ? month : m)),
      );
    },
    // Succeeded or not, part of it may have been written: the month's page reads it all again
    // (habits, measure, ticks, the glance), not the months list.
    onSettled: (_month, _error, { monthId }) =>
      queryClient.invalidateQueries({
        queryKey: monthKeys.scope(monthId),
        predicate: (query) => query.queryKey[2] !== 'detail',
      }),
  });
}
