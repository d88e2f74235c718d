// Loop Habit Tracker's CSV export (a zip): Habits.csv, and a folder per habit ("001 Name/") whose Checkmarks.csv holds its days.
import { parse } from 'csv-parse/sync';
import type { HabitSchedule } from '../../contract/habit-schedule.js';
import {
  calendarDate,
  emptyHistory,
  type History,
  type HistoryHabit,
  note,
  UnreadableImport,
} from './history.js';

/** Whether the zip's file names are Loop's: a Habits.csv beside numbered habit folders. */
export function isLoopExport(names: readonly string[]): boolean {
  return (
    names.some((name) => /(^|\/)Habits\.csv$/.test(name)) &&
    names.some((name) => /(^|\/)\d{3} [^/]*\/Checkmarks\.csv$/.test(name))
  );
}

/**
 * Loop's frequency, N times in M days, as a Monthbook schedule: every day, or N a week. Other
 * intervals (3 in 10 days) become the nearest number a week, and the report says so.
 */
function scheduleOf(times: number, days: number, history: History): HabitSchedule {
  if (!(times >= 1 && days >= 1)) return { kind: 'daily' };
  if (times >= days) return { kind: 'daily' };
  if (days !== 7) note(history, 'schedule_approximated');
  const perWeek = Math.min(7, Math.max(1, Math.round((times * 7) / days)));
  return perWeek === 7 ? { kind: 'daily' } : { kind: 'times_per_week', times: perWeek };
}

/**
 * Older exports write numbers (2 manual yes, 1 automatic yes, 0 no, 3 skip, -1 unknown); newer
 * ones the names. An automatic yes is a day Loop filled in because the week's target was met: it
 * was not done, so it is not recorded (Monthbook's N-a-week schedule counts the week the same way).
 */
const STATES: Record<string, 'done' | 'skipped' | 'not_done' | undefined> = {
  YES_MANUAL: 'done',
  '2': 'done',
  NO: 'not_done',
  '0': 'not_done',
  SKIP: 'skipped',
  '3': 'skipped',
  YES_AUTO: undefined,
  '1': undefined,
  UNKNOWN: undefined,
  '-1': undefined,
};

/** `files` maps each CSV's path in the zip to its text. */
export function readLoop(files: ReadonlyMap<string, string>): History {
  const history = emptyHistory('loop');
  const habitsPath = [...files.keys()].find((name) => /(^|\/)Habits\.csv$/.test(name));
  if (habitsPath === undefined) throw new UnreadableImport('loopNoHabits');
  const root = habitsPath.slice(0, habitsPath.length - 'Habits.csv'.length);
  let rows: Record<string, string>[];
  try {
    rows = parse(files.get(habitsPath) ?? '', { columns: true, bom: true, skip_empty_lines: true });
  } catch {
    throw new UnreadableImport('loopHabitsDamaged');
  }
  for (const row of rows) {
    const position = (row.Position ?? '').trim();
    const name = (row.Name ?? '').trim();
    if (!/^\d+$/.test(position) || name === '') {
      note(history, 'rows_unreadable');
      continue;
    }
    const folder = `${root}${position.padStart(3, '0')} `;
    const checksPath = [...files.keys()].find(
      (path) => path.startsWith(folder) && path.endsWith('/Checkmarks.csv'),
    );
    const lines = checksPath
      ? (parse(files.get(checksPath) ?? '', {
          bom: true,
          skip_empty_lines: true,
          relax_column_count: true,
        }) as string[][])
      : [];
    const records = lines.filter((line) => calendarDate((line[0] ?? '').trim()) !== null);
    const unit = (row.Unit ?? '').trim();
    const type = (row.Type ?? '').trim().toUpperCase();
    // A measurable habit's values are stored ×1000; only they go beyond the four states' codes.
    const numeric =
      type === '1' ||
      type === 'NUMERICAL' ||
      unit !== '' ||
      records.some((line) => {
        const value = Number(line[1]);
        return Number.isFinite(value) && (value > 3 || value < -1);
      });
    if (numeric) {
      const values = new Map<string, number>();
      for (const [date = '', value = ''] of records) {
        const number = Number(value);
        if (Number.isFinite(number) && number >= 0) values.set(date.trim(), number / 1000);
      }
      history.measures.push({ name, ...(unit ? { unit: unit.slice(0, 16) } : {}), values });
      continue;
    }
    const habit: HistoryHabit = {
      name,
      schedule: scheduleOf(Number(row.NumRepetitions), Number(row.Interval), history),
      days: new Map(),
    };
    for (const [date = '', value = '', notes = ''] of records) {
      const state = STATES[value.trim()];
      if (state) habit.days.set(date.trim(), state);
      if (notes.trim() !== '')
        history.entries.push({
          key: `${name} ${date.trim()}`,
          date: date.trim(),
          time: '',
          text: `${name}: ${notes.trim()}`,
        });
    }
    history.habits.push(habit);
  }
  return history;
}
