// Habits: month items with a schedule (migration 011), through the month-item repository.
import type { Habit } from '../../contract/entities.js';
import {
  parseSchedule,
  scheduleColumns,
  scheduleFromColumns,
} from '../../contract/habit-schedule.js';
import type { CreateHabit, UpdateHabit } from '../../contract/requests.js';
import { InvalidInput } from './errors.js';
import type { MonthItemKind } from './month-items.js';

/** The schedule's columns, or a field error naming `schedule` (checked before anything is written). */
function scheduleInput(value: unknown) {
  const parsed = parseSchedule(value);
  if (parsed.error !== undefined) throw InvalidInput.field('schedule', parsed.error);
  return scheduleColumns(parsed.schedule);
}

export const HABITS: MonthItemKind<Habit, CreateHabit, UpdateHabit> = {
  table: 'habits',
  columns: ['schedule_kind', 'schedule_days', 'schedule_times'],
  /** The wire habit of a row: its three schedule columns become `schedule`. */
  toEntity(row) {
    const { schedule_kind, schedule_days, schedule_times, ...item } = row;
    return {
      ...(item as Omit<Habit, 'schedule'>),
      schedule: scheduleFromColumns(
        schedule_kind as string,
        schedule_days as number,
        schedule_times as number,
      ),
    };
  },
  createValues: (input) => (input.schedule === undefined ? {} : scheduleInput(input.schedule)),
  updateValues: (changes) =>
    changes.schedule === undefined ? {} : scheduleInput(changes.schedule),
};
