// The account's private months added to the export file, opened here: the server leaves them out (it cannot read them), so the browser writes them in the same format with the server's own assembly (contract/export-assembly.ts).
import type { QueryClient } from '@tanstack/react-query';
import type { Month } from '../../contract/entities';
import type { ExportFile } from '../../contract/export';
import { type AccountData, ExportNumbering } from '../../contract/export-assembly';
import { DAILY, type HabitSchedule, scheduleColumns } from '../../contract/habit-schedule';
import { periodParts } from '../../contract/month-period';
import { accountKeyForReading } from './account-key-session';
import { compareJournals } from './journal-list';
import { ensureJournalsPage } from './journals-page';
import { unreadable } from './sealed-marks';

/** What the file holds of the account's private months. */
export interface PrivateExport {
  /** The private months written into the file, opened. */
  added: number;
  /** None was: the account key is not open on this device. */
  locked: boolean;
  /** Months and items that could not be opened here, left out rather than written blank. */
  leftOut: number;
}

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
const flag = (value: boolean | undefined) => (value ? 1 : 0);

/**
 * One private month's opened rows as the server's export reads a plain month's, or null when the
 * month itself could not be opened. What could not be opened is left out, never written as if it
 * were empty, and a tick or value goes with its entry, habit or measure.
 */
async function privateMonthData(
  client: QueryClient,
  monthId: number,
): Promise<{ data: AccountData; leftOut: number } | null> {
  const [month, ...lists] = await ensureJournalsPage(client, monthId, true);
  if (unreadable(month)) return null;
  const leftOut = lists.reduce(
    (sum, list) => sum + list.filter((row) => unreadable(row)).length,
    0,
  );
  const readable = <T extends object>(list: T[]) => list.filter((row) => !unreadable(row));
  const [journals, goals, habits, measures, dailyHabits, dailyMeasures] = [
    readable(lists[0]),
    readable(lists[1]),
    readable(lists[2]),
    readable(lists[3]),
    readable(lists[4]),
    readable(lists[5]),
  ];
  const journalIds = new Set(journals.map((entry) => entry.id));
  const habitIds = new Set(habits.map((habit) => habit.id));
  const measureIds = new Set(measures.map((measure) => measure.id));
  const period = periodParts(month.period);
  return {
    leftOut,
    data: {
      months: [
        {
          id: month.id,
          name: month.name,
          mood_enabled: month.mood_enabled === false ? 0 : 1,
          period_year: period?.year ?? null,
          period_month: period?.month ?? null,
        },
      ],
      habits: [...habits].sort(byId).map((habit) => ({
        id: habit.id,
        month_id: monthId,
        name: habit.name,
        ...scheduleColumns((habit.schedule as HabitSchedule | undefined) ?? DAILY),
      })),
      measures: [...measures].sort(byId).map((measure) => ({
        id: measure.id,
        month_id: monthId,
        name: measure.name,
        unit: measure.unit ?? null,
        target: measure.target ?? null,
        target_direction: measure.target_direction ?? null,
      })),
      goals: [...goals].sort(byId).map((goal) => ({
        month_id: monthId,
        name: goal.name,
        is_completed: flag(goal.is_completed),
      })),
      journals: [...journals].sort(compareJournals).map((entry) => ({
        id: entry.id,
        month_id: monthId,
        created_at: entry.created_at,
        highlight: entry.highlight,
        note: entry.note ?? '',
        mood: entry.mood ?? null,
      })),
      dailyHabits: [...dailyHabits]
        .sort(byId)
        .filter((tick) => journalIds.has(tick.journal_id) && habitIds.has(tick.habit_id))
        .map((tick) => ({
          journal_id: tick.journal_id,
          habit_id: tick.habit_id,
          is_practiced: flag(tick.is_practiced),
          is_skipped: flag(tick.is_skipped),
        })),
      dailyMeasures: [...dailyMeasures]
        .sort(byId)
        .filter((value) => journalIds.has(value.journal_id) && measureIds.has(value.measure_id))
        .map((value) => ({
          journal_id: value.journal_id,
          measure_id: value.measure_id,
          metric: value.metric,
        })),
    },
  };
}

/** The highest habit and measure numbers in the server's file, to number the added months on. */
function lastNumbers(file: ExportFile) {
  const last = (ids: number[]) => ids.reduce((max, id) => Math.max(max, id), 0);
  return {
    habits: last(file.months.flatMap((month) => month.habits.map((habit) => habit.id))),
    measures: last(file.months.flatMap((month) => month.measures.map((measure) => measure.id))),
  };
}

/**
 * Adds `months` (the account's private ones) to the server's `file`, opened, after its plain
 * months; while the account key is not open here, none is added and the file stays as it is.
 */
export async function addPrivateMonths(
  client: QueryClient,
  file: ExportFile,
  months: Month[],
): Promise<PrivateExport> {
  if (!(await accountKeyForReading())) return { added: 0, locked: true, leftOut: 0 };
  const numbering = new ExportNumbering(lastNumbers(file));
  let added = 0;
  let leftOut = 0;
  for (const month of months) {
    const opened = await privateMonthData(client, month.id);
    if (!opened) {
      leftOut += 1;
      continue;
    }
    leftOut += opened.leftOut;
    file.months.push(...numbering.months(opened.data));
    added += 1;
  }
  return { added, locked: false, leftOut };
}
