// One month as CSV: a row per journal entry with its date, highlight, measure values and a yes/no per habit.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { type AccountData, readJournalPage, readMonthItems } from '../repositories/account-data.js';

type Columns = Pick<AccountData, 'habits' | 'measures'>;
type Rows = Pick<AccountData, 'journals' | 'dailyHabits' | 'dailyMeasures'>;

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

function headerLine({ habits, measures }: Columns): string {
  const header = [
    'date',
    'highlight',
    // The unit in the header ("Sleep (h)"), so the values stay plain numbers.
    ...measures.map((m) => (m.unit ? `${m.name} (${m.unit})` : m.name)),
    ...habits.map((h) => h.name),
    // Last, so the columns before keep their places.
    'mood',
    'note',
  ];
  return header.map(textCell).join(',');
}

/** A line per journal of `rows`, its daily items all in `rows` too. */
function rowLines({ habits, measures }: Columns, rows: Rows): string[] {
  // journal → measure or habit → the first answer written for it.
  const metrics = new Map<number, Map<number, number>>();
  for (const daily of rows.dailyMeasures) {
    const byMeasure = metrics.get(daily.journal_id) ?? new Map<number, number>();
    if (!byMeasure.has(daily.measure_id)) byMeasure.set(daily.measure_id, daily.metric);
    metrics.set(daily.journal_id, byMeasure);
  }
  // 'skipped' for a planned rest day, beside yes and no.
  const practiced = new Map<number, Map<number, 'yes' | 'no' | 'skipped'>>();
  for (const daily of rows.dailyHabits) {
    const byHabit = practiced.get(daily.journal_id) ?? new Map<number, 'yes' | 'no' | 'skipped'>();
    const state = daily.is_practiced === 1 ? 'yes' : daily.is_skipped === 1 ? 'skipped' : 'no';
    if (!byHabit.has(daily.habit_id)) byHabit.set(daily.habit_id, state);
    practiced.set(daily.journal_id, byHabit);
  }
  return rows.journals.map((journal) =>
    [
      journal.created_at,
      textCell(journal.highlight),
      ...measures.map((measure) => {
        const metric = metrics.get(journal.id)?.get(measure.id);
        return metric === undefined ? '' : String(metric);
      }),
      ...habits.map((habit) => {
        const value = practiced.get(journal.id)?.get(habit.id);
        return value ?? '';
      }),
      journal.mood === null ? '' : String(journal.mood),
      textCell(journal.note),
    ].join(','),
  );
}

/**
 * Columns: date, highlight, one per measure (its value that day), one per habit (yes, no, skipped,
 * or empty when the entry has no answer for it), then mood (1–5 or empty) and the Markdown note.
 * Rows by date, then by the order they were written. CRLF line ends and a byte order mark, so
 * spreadsheet apps read accents right.
 */
export function monthCsv(data: AccountData): string {
  const lines = [headerLine(data), ...rowLines(data, data)];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Journals per page of the streamed CSV. */
const JOURNALS_PER_PAGE = 500;

/**
 * monthCsv's bytes for one of the user's months, a page of journals at a time. Run it inside one
 * transaction, for one snapshot of the month.
 */
export async function* monthCsvChunks(
  db: Kysely<DB>,
  userId: number,
  monthId: number,
): AsyncGenerator<string> {
  const columns = await readMonthItems(db, userId, monthId);
  yield `\uFEFF${headerLine(columns)}\r\n`;
  let after: { created_at: string; id: number } | null = null;
  for (;;) {
    const rows = await readJournalPage(db, userId, monthId, after, JOURNALS_PER_PAGE);
    const last = rows.journals[rows.journals.length - 1];
    if (!last) return;
    yield `${rowLines(columns, rows).join('\r\n')}\r\n`;
    after = { created_at: last.created_at, id: last.id };
  }
}
