// One month as CSV: a row per journal entry with its date, highlight, measure values and a yes/no per habit.
import type { AccountData } from '../repositories/account-data.js';

/**
 * A spreadsheet runs a cell starting with one of these as a formula (CSV injection); a leading
 * apostrophe makes it text. Only for the user's text: our own numbers may start with '-'.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function textCell(value: string): string {
  return csvCell(FORMULA_START.test(value) ? `'${value}` : value);
}

/** RFC 4180: quoted when it holds a quote, a comma or a line break; quotes doubled. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * Columns: date, highlight, one per measure (its value that day), one per habit (yes, no, or
 * empty when the entry has no answer for it). Rows by date, then by the order they were
 * written. CRLF line ends and a byte order mark, so spreadsheet apps read accents right.
 */
export function monthCsv(data: AccountData): string {
  const { habits, measures } = data;
  const header = [
    'date',
    'highlight',
    ...measures.map((m) => m.name),
    ...habits.map((h) => h.name),
  ];
  const lines = [header.map(textCell).join(',')];
  // journal → measure or habit → the first answer written for it.
  const metrics = new Map<number, Map<number, number>>();
  for (const daily of data.dailyMeasures) {
    const byMeasure = metrics.get(daily.journal_id) ?? new Map<number, number>();
    if (!byMeasure.has(daily.measure_id)) byMeasure.set(daily.measure_id, daily.metric);
    metrics.set(daily.journal_id, byMeasure);
  }
  const practiced = new Map<number, Map<number, boolean>>();
  for (const daily of data.dailyHabits) {
    const byHabit = practiced.get(daily.journal_id) ?? new Map<number, boolean>();
    if (!byHabit.has(daily.habit_id)) byHabit.set(daily.habit_id, daily.is_practiced === 1);
    practiced.set(daily.journal_id, byHabit);
  }
  for (const journal of data.journals) {
    const cells = [
      journal.created_at,
      textCell(journal.highlight),
      ...measures.map((measure) => {
        const metric = metrics.get(journal.id)?.get(measure.id);
        return metric === undefined ? '' : String(metric);
      }),
      ...habits.map((habit) => {
        const value = practiced.get(journal.id)?.get(habit.id);
        return value === undefined ? '' : value ? 'yes' : 'no';
      }),
    ];
    lines.push(cells.join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
