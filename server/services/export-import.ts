// Turns a user's rows into the versioned export file, with ids that only mean something inside the file.
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportFile,
  type ExportJournal,
  type ExportMonth,
} from '../../contract/export.js';
import type { AccountData } from '../repositories/account-data.js';

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
 * Habits and measures are numbered 1, 2, … in file order, and daily items point at those
 * numbers, so the file says nothing about database ids, and exporting an imported file gives
 * the same file back (apart from `exported_at`).
 */
export function buildExport(data: AccountData, now: Date = new Date()): ExportFile {
  const fileIds = { habits: new Map<number, number>(), measures: new Map<number, number>() };
  const number = (kind: 'habits' | 'measures', id: number) => {
    const fileId = fileIds[kind].size + 1;
    fileIds[kind].set(id, fileId);
    return fileId;
  };
  const habitsByMonth = groupBy(data.habits, (row) => row.month_id);
  const measuresByMonth = groupBy(data.measures, (row) => row.month_id);
  const goalsByMonth = groupBy(data.goals, (row) => row.month_id);
  const journalsByMonth = groupBy(data.journals, (row) => row.month_id);
  const dailyHabitsByJournal = groupBy(data.dailyHabits, (row) => row.journal_id);
  const dailyMeasuresByJournal = groupBy(data.dailyMeasures, (row) => row.journal_id);

  const months = data.months.map((month): ExportMonth => {
    const habits = (habitsByMonth.get(month.id) ?? []).map((habit) => ({
      id: number('habits', habit.id),
      name: habit.name,
    }));
    const measures = (measuresByMonth.get(month.id) ?? []).map((measure) => ({
      id: number('measures', measure.id),
      name: measure.name,
    }));
    const journals = (journalsByMonth.get(month.id) ?? []).map(
      (journal): ExportJournal => ({
        created_at: journal.created_at,
        highlight: journal.highlight,
        daily_habits: (dailyHabitsByJournal.get(journal.id) ?? []).map((daily) => ({
          habit: fileIds.habits.get(daily.habit_id) ?? 0,
          is_practiced: daily.is_practiced === 1,
        })),
        daily_measures: (dailyMeasuresByJournal.get(journal.id) ?? []).map((daily) => ({
          measure: fileIds.measures.get(daily.measure_id) ?? 0,
          metric: daily.metric,
        })),
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
    };
  });

  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: now.toISOString(),
    months,
  };
}
