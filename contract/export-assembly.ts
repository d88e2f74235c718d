// An account's rows as export months: the server's export (server/services/export-import.ts reads the rows), which the browser runs too for private months, whose rows only it can open.
import type { ExportJournal, ExportMonth } from './export.js';
import { scheduleFromColumns } from './habit-schedule.js';
import { formatPeriod } from './month-period.js';

/** A flag as the database stores it. */
type Flag = 0 | 1;

/**
 * What an export is made from: rows in the order the app lists them (months, items and daily
 * items by id, journals by date then id), columns as the database has them.
 */
export interface AccountData {
  months: {
    id: number;
    name: string;
    mood_enabled: Flag;
    period_year: number | null;
    period_month: number | null;
  }[];
  habits: {
    id: number;
    month_id: number;
    name: string;
    /** The schedule's columns (habit-schedule.ts scheduleFromColumns). */
    schedule_kind: string;
    schedule_days: number;
    schedule_times: number;
  }[];
  measures: {
    id: number;
    month_id: number;
    name: string;
    unit: string | null;
    target: number | null;
    target_direction: 'at_least' | 'at_most' | null;
  }[];
  goals: { month_id: number; name: string; is_completed: Flag }[];
  journals: {
    id: number;
    month_id: number;
    created_at: string;
    highlight: string;
    note: string;
    mood: number | null;
  }[];
  dailyHabits: { journal_id: number; habit_id: number; is_practiced: Flag; is_skipped: Flag }[];
  dailyMeasures: { journal_id: number; measure_id: number; metric: number }[];
}

function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/**
 * Turns pages of an account's rows into export months. Habits and measures are numbered 1, 2, …
 * in file order across the pages, and daily items point at those numbers, so the file says
 * nothing about database ids, and exporting an imported file gives the same file back (apart from
 * `exported_at`). Daily items point only at their own month's items, so only the counters, not
 * the id maps, outlive a page.
 */
export class ExportNumbering {
  #habits: number;
  #measures: number;

  /** `after`: the highest habit and measure numbers a file already holds, to number on from. */
  constructor(after: { habits: number; measures: number } = { habits: 0, measures: 0 }) {
    this.#habits = after.habits;
    this.#measures = after.measures;
  }

  months(data: AccountData): ExportMonth[] {
    const fileIds = { habits: new Map<number, number>(), measures: new Map<number, number>() };
    const number = (kind: 'habits' | 'measures', id: number) => {
      const fileId = kind === 'habits' ? ++this.#habits : ++this.#measures;
      fileIds[kind].set(id, fileId);
      return fileId;
    };
    const habitsByMonth = groupBy(data.habits, (row) => row.month_id);
    const measuresByMonth = groupBy(data.measures, (row) => row.month_id);
    const goalsByMonth = groupBy(data.goals, (row) => row.month_id);
    const journalsByMonth = groupBy(data.journals, (row) => row.month_id);
    const dailyHabitsByJournal = groupBy(data.dailyHabits, (row) => row.journal_id);
    const dailyMeasuresByJournal = groupBy(data.dailyMeasures, (row) => row.journal_id);

    return data.months.map((month): ExportMonth => {
      const habits = (habitsByMonth.get(month.id) ?? []).map((habit) => {
        const schedule = scheduleFromColumns(
          habit.schedule_kind,
          habit.schedule_days,
          habit.schedule_times,
        );
        return {
          id: number('habits', habit.id),
          name: habit.name,
          // Version 2 field, only when not daily.
          ...(schedule.kind === 'daily' ? {} : { schedule }),
        };
      });
      const measures = (measuresByMonth.get(month.id) ?? []).map((measure) => ({
        id: number('measures', measure.id),
        name: measure.name,
        // Version 2 fields, only when set.
        ...(measure.unit === null ? {} : { unit: measure.unit }),
        ...(measure.target === null || measure.target_direction === null
          ? {}
          : { target: Number(measure.target), target_direction: measure.target_direction }),
      }));
      const journals = (journalsByMonth.get(month.id) ?? []).map(
        (journal): ExportJournal => ({
          created_at: journal.created_at,
          highlight: journal.highlight,
          daily_habits: (dailyHabitsByJournal.get(journal.id) ?? []).map((daily) => ({
            habit: fileIds.habits.get(daily.habit_id) ?? 0,
            is_practiced: daily.is_practiced === 1,
            // Version 2 field, only when skipped.
            ...(daily.is_skipped === 1 ? { is_skipped: true } : {}),
          })),
          daily_measures: (dailyMeasuresByJournal.get(journal.id) ?? []).map((daily) => ({
            measure: fileIds.measures.get(daily.measure_id) ?? 0,
            metric: daily.metric,
          })),
          // Version 2 fields, each only when not at its default (contract/export.ts).
          ...(journal.note === '' ? {} : { note: journal.note }),
          ...(journal.mood === null ? {} : { mood: journal.mood }),
        }),
      );
      return {
        name: month.name,
        habits,
        measures,
        goals: (goalsByMonth.get(month.id) ?? []).map((goal) => ({
          name: goal.name,
          is_completed: goal.is_completed === 1,
        })),
        journals,
        // Version 2 fields, each only when not at its default (contract/export.ts).
        ...(month.mood_enabled === 0 ? { mood_enabled: false } : {}),
        ...(month.period_year !== null && month.period_month !== null
          ? { period: formatPeriod({ year: month.period_year, month: month.period_month }) }
          : {}),
      };
    });
  }
}
