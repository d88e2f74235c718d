// Edit month: its name, its measures (renamed, added, removed, units and targets) and its habits, as queued writes.
import type { QueryClient } from '@tanstack/react-query';
import type { Habit, Measure, Month } from '../../contract/entities';
import { type HabitSchedule, sameSchedule } from '../../contract/habit-schedule';
import type { CreateMeasure, MeasureTarget } from '../../contract/measure-targets';
import { newIdempotencyKey } from '../api/idempotency';
import { type Enqueue, newTempId } from '../offline/sync';
import { cachedOrRead } from './cache';
import { habitCreate, habitDelete, habitsQueryOptions, habitUpdate } from './habits';
import { monthKeys } from './keys';
import { measureCreate, measureDelete, measuresQueryOptions, measureUpdate } from './measures';
import { monthUpdate, setTargetFields } from './months';
import { type SaveOptions, useSave } from './use-write';

export interface EditedItem {
  /** null: a new habit (or a month without a measure yet). */
  id: number | null;
  name: string;
}

export interface MonthEdit {
  monthId: number;
  name: string;
  /** The calendar month, `YYYY-MM` or null; absent: as it is. */
  period?: string | null;
  /** Whether entries ask for a mood; absent: as it is. */
  moodEnabled?: boolean;
  /** Absent: the measure stays as it is (the modal had not read it yet). */
  measure?: EditedItem;
  /** The habits kept and added, in order, each with its schedule; absent: they stay as they are. */
  habits?: (EditedItem & { schedule?: HabitSchedule })[];
  /** Habits to delete, with every tick of theirs (the server deletes their daily habits). */
  removed?: number[];
  /** The first measure's unit and target; absent: as they are. */
  measureTarget?: MeasureTarget;
  /** The measures after the first, kept and added, in order; absent: as they are. */
  moreMeasures?: (EditedItem & MeasureTarget)[];
  /** Measures to delete, with their values on every entry. */
  removedMeasures?: number[];
}

/** The PATCH a stored measure needs to become `wanted` (name, unit, target), or null. */
function measureChanges(
  current: Measure | undefined,
  name: string,
  wanted: MeasureTarget | undefined,
): Partial<MeasureTarget & { name: string }> | null {
  const changes: Partial<MeasureTarget & { name: string }> = {};
  if (current?.name !== name) changes.name = name;
  if (wanted) {
    if ((current?.unit ?? null) !== wanted.unit) changes.unit = wanted.unit;
    if (
      (current?.target ?? null) !== wanted.target ||
      (current?.target_direction ?? null) !== wanted.target_direction
    ) {
      changes.target = wanted.target;
      if (wanted.target !== null) changes.target_direction = wanted.target_direction;
    }
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/**
 * Only what changed is queued, compared with the cache (which shows earlier queued changes):
 * the month's PATCH (with If-Match), renames as PATCHes, new habits and measures as POSTs (each
 * with its own Idempotency-Key), removals as DELETEs. Each shows at once and goes in order.
 */
async function queueEditMonth(
  write: Enqueue,
  queryClient: QueryClient,
  edit: MonthEdit,
): Promise<{ done: Promise<unknown> }> {
  const { monthId } = edit;
  // Only the lists this edit changes: a name-only edit (all the modal can offer offline for a
  // month never opened on this device) must queue without reading them.
  const touchesMeasures =
    edit.measure !== undefined ||
    edit.moreMeasures !== undefined ||
    (edit.removedMeasures?.length ?? 0) > 0;
  const touchesHabits = edit.habits !== undefined || (edit.removed?.length ?? 0) > 0;
  const [habits, measures] = await Promise.all([
    touchesHabits ? cachedOrRead<Habit[]>(queryClient, habitsQueryOptions(monthId)) : [],
    touchesMeasures ? cachedOrRead<Measure[]>(queryClient, measuresQueryOptions(monthId)) : [],
  ]);
  const key = newIdempotencyKey();
  const current =
    queryClient.getQueryData<Month>(monthKeys.detail(monthId)) ??
    queryClient.getQueryData<Month[]>(monthKeys.list())?.find((month) => month.id === monthId);
  const steps: Promise<unknown>[] = [];
  const periodChanged = edit.period !== undefined && (current?.period ?? null) !== edit.period;
  const moodChanged =
    edit.moodEnabled !== undefined && (current?.mood_enabled ?? true) !== edit.moodEnabled;
  if (current?.name !== edit.name || periodChanged || moodChanged) {
    steps.push(
      write(queryClient, monthUpdate, {
        monthId,
        changes: {
          name: edit.name,
          ...(periodChanged ? { period: edit.period } : {}),
          ...(moodChanged ? { mood_enabled: edit.moodEnabled } : {}),
        },
        base: current,
      }),
    );
  }
  const createMeasureStep = (
    { name, ...target }: Omit<CreateMeasure, 'month_id'>,
    stepKey: string,
  ) =>
    write(queryClient, measureCreate, {
      monthId,
      tempId: newTempId(),
      body: { name, month_id: monthId, ...target },
      key: stepKey,
    });
  const updateMeasureStep = (measureId: number, name: string, target?: MeasureTarget) => {
    const changes = measureChanges(
      measures.find((m) => m.id === measureId),
      name,
      target,
    );
    if (changes) steps.push(write(queryClient, measureUpdate, { monthId, measureId, changes }));
  };
  const { measure } = edit;
  if (!measure) {
    // The name alone.
  } else if (measure.id === null) {
    if (measure.name !== '')
      steps.push(
        createMeasureStep(
          { name: measure.name, ...setTargetFields(edit.measureTarget) },
          `${key}.measure`,
        ),
      );
  } else {
    updateMeasureStep(measure.id, measure.name, edit.measureTarget);
  }
  for (const measureId of edit.removedMeasures ?? [])
    steps.push(write(queryClient, measureDelete, { monthId, measureId }));
  for (const [index, more] of (edit.moreMeasures ?? []).entries()) {
    const { id, name, ...target } = more;
    if (id === null)
      steps.push(
        createMeasureStep({ name, ...setTargetFields(target) }, `${key}.more-measure-${index}`),
      );
    else updateMeasureStep(id, name, target);
  }
  for (const habitId of edit.removed ?? [])
    steps.push(write(queryClient, habitDelete, { monthId, habitId }));
  for (const [index, habit] of (edit.habits ?? []).entries()) {
    const { schedule } = habit;
    if (habit.id === null) {
      steps.push(
        write(queryClient, habitCreate, {
          monthId,
          tempId: newTempId(),
          body: {
            name: habit.name,
            month_id: monthId,
            ...(schedule && schedule.kind !== 'daily' ? { schedule } : {}),
          },
          key: `${key}.habit-${index}`,
        }),
      );
      continue;
    }
    const existing = habits.find((h) => h.id === habit.id);
    const changes = {
      ...(existing?.name === habit.name ? {} : { name: habit.name }),
      // Only a schedule that changed is sent.
      ...(schedule === undefined || sameSchedule(existing?.schedule, schedule) ? {} : { schedule }),
    };
    if (Object.keys(changes).length > 0)
      steps.push(write(queryClient, habitUpdate, { monthId, habitId: habit.id, changes }));
  }
  return { done: Promise.all(steps) };
}

/**
 * Each changed part is its own queued write, shown at once (offline too). Once every part is
 * answered, the month's page reads its lists again (habits, measures, ticks, the glance): a
 * removal on the server took rows with it that the cache may still hold.
 */
export function useEditMonth(options?: SaveOptions<MonthEdit, unknown>) {
  return useSave(async (edit: MonthEdit, write, queryClient) => {
    const { done } = await queueEditMonth(write, queryClient, edit);
    const refresh = () =>
      void queryClient.invalidateQueries({
        queryKey: monthKeys.scope(edit.monthId),
        predicate: (query) => query.queryKey[2] !== 'detail',
      });
    return { shown: undefined, done: done.finally(refresh) };
  }, options);
}
