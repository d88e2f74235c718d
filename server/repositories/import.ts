// Writes a validated export file into one user's account: new rows only (every month, or only the months it lacks), all in one transaction.

import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Month } from '../../contract/entities.js';
import {
  type ExportDailyHabit,
  type ExportDailyMeasure,
  type ExportFile,
  type ExportMeasure,
  type ImportCounts,
  type ImportMode,
  monthsAlreadyPresent,
} from '../../contract/export.js';
import { scheduleColumns, scheduleOrDaily } from '../../contract/habit-schedule.js';
import { formatPeriod, periodParts } from '../../contract/month-period.js';
import { type ImportMonthCounts, importQuotaProblem } from '../../contract/quotas.js';
import type { DB, Flag } from '../db/schema.js';
import { recordImport } from './import-undo.js';
import { searchText } from './journal-search.js';
import { MonthRepository } from './months.js';
import { lockUser, quotaExceeded } from './quotas.js';

/**
 * Rows per INSERT. SQLite runs a statement synchronously, holding the event loop: an insert of a
 * thousand rows (with its returned ids) held it 20-40 ms, two hundred a few. A single import's
 * slowest other request, during ten years of Apple Health, went from 80-98 ms to 40-74 ms, with
 * the import 10-15% longer. (At most 7 columns, so parameters stay far below both databases' limits.)
 */
export const ROWS_PER_INSERT = 200;

type ParentTable = 'months' | 'habits' | 'measures' | 'journals';
type LeafTable = 'goals' | 'daily_habits' | 'daily_measures';

const flag = (value: boolean): Flag => (value ? 1 : 0);

/** The new id at `index`; validation guarantees it exists, a bug would abort the transaction. */
function idAt(ids: readonly number[] | ReadonlyMap<number, number> | undefined, index: number) {
  const id = ids instanceof Map ? ids.get(index) : (ids as readonly number[] | undefined)?.[index];
  if (id === undefined) throw new Error(`import: no new id for ${index}`);
  return id;
}

/**
 * Inserts `rows` in order and returns their new ids in the same order. Several rows per
 * statement; each statement's ids are handed out in the order of its VALUES (SQLite's
 * autoincrement and PostgreSQL's identity alike), so sorting them restores that order whatever
 * order RETURNING reports them in.
 */
export async function insertParents<T extends ParentTable>(
  trx: Transaction<DB>,
  table: T,
  rows: Insertable<DB[T]>[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + ROWS_PER_INSERT) as Insertable<DB['months']>[];
    const returned = await trx
      .insertInto(table as 'months')
      .values(chunk)
      .returning('id')
      .execute();
    ids.push(...returned.map((row) => row.id).sort((a, b) => a - b));
  }
  return ids;
}

export async function insertLeaves<T extends LeafTable>(
  trx: Transaction<DB>,
  table: T,
  rows: Insertable<DB[T]>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + ROWS_PER_INSERT) as Insertable<DB['goals']>[];
    await trx
      .insertInto(table as 'goals')
      .values(chunk)
      .execute();
  }
}

const most = (counts: number[]) => counts.reduce((max, count) => Math.max(max, count), 0);

/** What each month of the file would hold: every month of a file is a new month. */
function monthCounts(file: ExportFile): ImportMonthCounts[] {
  return file.months.map((month) => ({
    name: month.name,
    journals: month.journals.length,
    habits: month.habits.length,
    measures: month.measures.length,
    goals: month.goals.length,
    dailyHabitsPerJournal: most(month.journals.map((journal) => journal.daily_habits.length)),
    dailyMeasuresPerJournal: most(month.journals.map((journal) => journal.daily_measures.length)),
  }));
}

/**
 * Refuses the whole file (400 `quota_exceeded`, naming the first month that overflows) when it
 * would take a month or the account past a quota (contract/quotas.ts). Run in the import's
 * transaction: the user's row is locked on PostgreSQL, so a concurrent import or month create
 * waits for it rather than both fitting under the account's cap.
 */
async function ensureImportFits(trx: Transaction<DB>, userId: number, file: ExportFile) {
  await lockUser(trx, userId);
  const row = await trx
    .selectFrom('months')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('author_id', '=', userId)
    .executeTakeFirstOrThrow();
  const problem = importQuotaProblem(monthCounts(file), Number(row.count));
  if (problem) throw quotaExceeded('months', problem);
}

/** The new months as GET /api/months/ shows them (every field, whatever the file's version). */
export async function importedMonths(
  trx: Transaction<DB>,
  userId: number,
  monthIds: number[],
): Promise<Month[]> {
  if (monthIds.length === 0) return [];
  const byId = new Map(
    (await new MonthRepository(trx, userId).list()).map((month) => [month.id, month]),
  );
  return monthIds.map((id) => {
    const month = byId.get(id);
    if (!month) throw new Error(`import: month ${id} not read back`);
    return month;
  });
}

/**
 * A measure's version 2 fields: absent (and every version 1 file) → none. Every row names
 * every column (Kysely's SQLite dialect writes NULL for one a row of a batch leaves out).
 */
function measureColumns(item: ExportMeasure) {
  return {
    unit: item.unit ?? null,
    target: item.target ?? null,
    target_direction: item.target === undefined ? null : (item.target_direction ?? null),
  };
}

/**
 * A habit's version 2 field: its schedule, absent (and every version 1 file) → daily.
 * Checked by export-validation.ts, so it reads as given.
 */
function habitColumns(item: object) {
  return scheduleColumns(scheduleOrDaily((item as { schedule?: unknown }).schedule));
}

export interface ImportResult {
  counts: ImportCounts;
  months: Month[];
  /** The names of the file's months left out as already present (mode `new`), in file order. */
  skipped: string[];
  /** The import's record, for its undo (import-undo.ts); none when it created nothing. */
  importId?: number;
}

/**
 * An entry has one row per habit and per measure (a unique index, migration 021); files written
 * before that may hold two. Merged as the migration merged them: done over skipped over neither,
 * and the last value of a measure.
 */
function oneDailyHabitEach(rows: readonly ExportDailyHabit[]): ExportDailyHabit[] {
  const rank = (row: ExportDailyHabit) => (row.is_practiced ? 2 : row.is_skipped ? 1 : 0);
  const kept = new Map<number, ExportDailyHabit>();
  for (const row of rows) {
    const other = kept.get(row.habit);
    if (!other || rank(row) >= rank(other)) kept.set(row.habit, row);
  }
  return kept.size === rows.length ? [...rows] : rows.filter((row) => kept.get(row.habit) === row);
}

function oneDailyMeasureEach(rows: readonly ExportDailyMeasure[]): ExportDailyMeasure[] {
  const kept = new Map<number, ExportDailyMeasure>();
  for (const row of rows) kept.set(row.measure, row);
  return kept.size === rows.length
    ? [...rows]
    : rows.filter((row) => kept.get(row.measure) === row);
}

/** The file's months the account does not have yet (contract monthsAlreadyPresent), read in `trx`. */
async function newMonthsOnly(trx: Transaction<DB>, userId: number, file: ExportFile) {
  const rows = await trx
    .selectFrom('months')
    .select(['name', 'period_year', 'period_month'])
    .where('author_id', '=', userId)
    .execute();
  const account = rows.map((row) => ({
    name: row.name,
    period:
      row.period_year === null || row.period_month === null
        ? null
        : formatPeriod({ year: row.period_year, month: row.period_month }),
  }));
  const present = new Set(monthsAlreadyPresent(file.months, account));
  return {
    file: { ...file, months: file.months.filter((_, index) => !present.has(index)) },
    skipped: file.months.filter((_, index) => present.has(index)).map((month) => month.name),
  };
}

/**
 * `file` must have passed validateExport (references resolve within their month). Kind by
 * kind, parents before children, each kind in file order, so a later export lists everything
 * in the same order. Nothing of the account is changed: the file only adds rows. With mode
 * `new`, the months the account already has (same name and period) are left out, and named.
 * The database moves the data version with the rows (migration 015). A file that
 * would pass a quota is refused whole before anything is written (ensureImportFits).
 */
export async function importFile(
  db: Kysely<DB>,
  userId: number,
  whole: ExportFile,
  mode: ImportMode = 'all',
  dryRun = false,
): Promise<ImportResult> {
  return writeOrRollBack(db, dryRun, (trx) => writeFile(trx, userId, whole, mode));
}

class RolledBack extends Error {}

/**
 * Runs `work` in one transaction. A dry run is the work done, then rolled back: the result it
 * reports is exactly what the import would do.
 */
export async function writeOrRollBack<T>(
  db: Kysely<DB>,
  dryRun: boolean,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  let result: T | undefined;
  try {
    await db.transaction().execute(async (trx) => {
      result = await work(trx);
      if (dryRun) throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  return result as T;
}

async function writeFile(
  trx: Transaction<DB>,
  userId: number,
  whole: ExportFile,
  mode: ImportMode,
): Promise<ImportResult> {
  const author_id = userId;
  // The user's row is locked first (ensureImportFits): two imports of one file cannot both
  // find its months missing.
  await lockUser(trx, userId);
  const { file, skipped } =
    mode === 'new' ? await newMonthsOnly(trx, userId, whole) : { file: whole, skipped: [] };
  await ensureImportFits(trx, userId, file);
  const monthIds = await insertParents(
    trx,
    'months',
    file.months.map((month) => ({
      author_id,
      name: month.name,
      // Version 2 fields: absent (and every version 1 file) → the default. Every row names
      // every column: Kysely's SQLite dialect writes NULL for one a row of a batch leaves out.
      mood_enabled: month.mood_enabled === false ? (0 as const) : (1 as const),
      period_year: periodParts(month.period)?.year ?? null,
      period_month: periodParts(month.period)?.month ?? null,
    })),
  );

  // File id of a habit or measure → its new id, per month (ids resolve within their month).
  const newItemIds = async (kind: 'habits' | 'measures') => {
    const rows = file.months.flatMap((month, m) =>
      month[kind].map((item) => ({
        author_id,
        month_id: idAt(monthIds, m),
        name: item.name,
        ...(kind === 'measures' ? measureColumns(item) : habitColumns(item)),
      })),
    );
    const ids = await insertParents(trx, kind, rows);
    let next = 0;
    return file.months.map((month) => {
      const byFileId = new Map<number, number>();
      for (const item of month[kind]) byFileId.set(item.id, idAt(ids, next++));
      return byFileId;
    });
  };
  const habitIds = await newItemIds('habits');
  const measureIds = await newItemIds('measures');

  await insertLeaves(
    trx,
    'goals',
    file.months.flatMap((month, m) =>
      month.goals.map((goal) => ({
        author_id,
        month_id: idAt(monthIds, m),
        name: goal.name,
        is_completed: flag(goal.is_completed),
      })),
    ),
  );

  const journals = file.months.flatMap((month, m) =>
    month.journals.map((journal) => ({ journal, m })),
  );
  const journalIds = await insertParents(
    trx,
    'journals',
    journals.map(({ journal, m }) => ({
      author_id,
      month_id: idAt(monthIds, m),
      created_at: journal.created_at,
      highlight: journal.highlight,
      note: journal.note ?? '',
      mood: journal.mood ?? null,
      highlight_search: searchText(journal.highlight, journal.note),
    })),
  );

  const dailyHabits = journals.flatMap(({ journal, m }, j) =>
    oneDailyHabitEach(journal.daily_habits).map((daily) => ({
      author_id,
      journal_id: idAt(journalIds, j),
      habit_id: idAt(habitIds[m], daily.habit),
      is_practiced: flag(daily.is_practiced),
      // Version 2: absent → not skipped; never with is_practiced (export-validation.ts).
      is_skipped: flag(daily.is_skipped === true && !daily.is_practiced),
    })),
  );
  await insertLeaves(trx, 'daily_habits', dailyHabits);
  const dailyMeasures = journals.flatMap(({ journal, m }, j) =>
    oneDailyMeasureEach(journal.daily_measures).map((daily) => ({
      author_id,
      journal_id: idAt(journalIds, j),
      measure_id: idAt(measureIds[m], daily.measure),
      metric: daily.metric,
    })),
  );
  await insertLeaves(trx, 'daily_measures', dailyMeasures);

  const count = (list: { length: number }[]) => list.reduce((sum, l) => sum + l.length, 0);
  const result: ImportResult = {
    counts: {
      months: monthIds.length,
      habits: count(file.months.map((month) => month.habits)),
      measures: count(file.months.map((month) => month.measures)),
      goals: count(file.months.map((month) => month.goals)),
      journals: journalIds.length,
      daily_habits: dailyHabits.length,
      daily_measures: dailyMeasures.length,
    },
    months: await importedMonths(trx, userId, monthIds),
    skipped,
  };
  // Everything else it made is in its new months.
  const importId = await recordImport(
    trx,
    userId,
    'monthbook',
    { months: monthIds, habits: [], measures: [], goals: [], journals: [] },
    false,
  );
  return importId === undefined ? result : { ...result, importId };
}
