// Writes a validated export file into one user's account: new rows only, all in one transaction with the version bump.
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Month } from '../../contract/entities.js';
import type { ExportFile, ImportCounts } from '../../contract/export.js';
import { type ImportMonthCounts, importQuotaProblem } from '../../contract/quotas.js';
import type { DB, Flag } from '../db/schema.js';
import { bumpDataVersion } from './data-versions.js';
import { searchText } from './journal-search.js';
import { lockUser, quotaExceeded } from './quotas.js';

/** Rows per INSERT: at most 5 columns, so far below SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 1000;

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
async function insertParents<T extends ParentTable>(
  trx: Transaction<DB>,
  table: T,
  rows: Insertable<DB[T]>[],
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK) as Insertable<DB['months']>[];
    const returned = await trx
      .insertInto(table as 'months')
      .values(chunk)
      .returning('id')
      .execute();
    ids.push(...returned.map((row) => row.id).sort((a, b) => a - b));
  }
  return ids;
}

async function insertLeaves<T extends LeafTable>(
  trx: Transaction<DB>,
  table: T,
  rows: Insertable<DB[T]>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK) as Insertable<DB['goals']>[];
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

export interface ImportResult {
  counts: ImportCounts;
  months: Month[];
}

/**
 * `file` must have passed validateExport (references resolve within their month). Kind by
 * kind, parents before children, each kind in file order, so a later export lists everything
 * in the same order. Nothing of the account is read or changed: the file only adds rows.
 * The data version is bumped last, in the same transaction, as every write does. A file that
 * would pass a quota is refused whole before anything is written (ensureImportFits).
 */
export function importFile(
  db: Kysely<DB>,
  userId: number,
  file: ExportFile,
): Promise<ImportResult> {
  const author_id = userId;
  return db.transaction().execute(async (trx) => {
    await ensureImportFits(trx, userId, file);
    const monthIds = await insertParents(
      trx,
      'months',
      file.months.map((month) => ({ author_id, name: month.name })),
    );

    // File id of a habit or measure → its new id, per month (ids resolve within their month).
    const newItemIds = async (kind: 'habits' | 'measures') => {
      const rows = file.months.flatMap((month, m) =>
        month[kind].map((item) => ({ author_id, month_id: idAt(monthIds, m), name: item.name })),
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
        highlight_search: searchText(journal.highlight),
      })),
    );

    const dailyHabits = journals.flatMap(({ journal, m }, j) =>
      journal.daily_habits.map((daily) => ({
        author_id,
        journal_id: idAt(journalIds, j),
        habit_id: idAt(habitIds[m], daily.habit),
        is_practiced: flag(daily.is_practiced),
      })),
    );
    await insertLeaves(trx, 'daily_habits', dailyHabits);
    const dailyMeasures = journals.flatMap(({ journal, m }, j) =>
      journal.daily_measures.map((daily) => ({
        author_id,
        journal_id: idAt(journalIds, j),
        measure_id: idAt(measureIds[m], daily.measure),
        metric: daily.metric,
      })),
    );
    await insertLeaves(trx, 'daily_measures', dailyMeasures);

    if (monthIds.length > 0) await bumpDataVersion(trx, userId);
    const count = (list: { length: number }[]) => list.reduce((sum, l) => sum + l.length, 0);
    return {
      counts: {
        months: monthIds.length,
        habits: count(file.months.map((month) => month.habits)),
        measures: count(file.months.map((month) => month.measures)),
        goals: count(file.months.map((month) => month.goals)),
        journals: journalIds.length,
        daily_habits: dailyHabits.length,
        daily_measures: dailyMeasures.length,
      },
      months: file.months.map((month, m) => ({
        id: idAt(monthIds, m),
        name: month.name,
        author: userId,
      })),
    };
  });
}
