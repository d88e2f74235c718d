// "Undo this import": what an import created is recorded as it runs, and moved into the bin as one item on request.
import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  type ImportCounts,
  type ImportOrigin,
  type ImportUndo,
  importOriginName,
} from '../../contract/export.js';
import type { DB } from '../db/schema.js';
import { yieldingQueries } from '../db/yielding-queries.js';
import { lockUser } from './quotas.js';
import { BATCH_ROWS, deleteInBatches } from './row-batches.js';
import { inBin, makeRoom, purgeExpired, putInBin } from './trash-bin.js';
import { MONTH_PARTS, type Snapshot } from './trash-snapshot.js';

/**
 * The ids an import inserted (migration 024): the months it made, and what it added to months
 * the account already had. What a new month holds is taken with the month, and an entry's ticks
 * and values with their entry, so neither is listed; only ticks and values it put on entries
 * the account already had are (absent from records made before it could).
 */
export interface ImportCreated {
  months: number[];
  habits: number[];
  measures: number[];
  goals: number[];
  journals: number[];
  daily_habits?: number[];
  daily_measures?: number[];
}

type ItemTable = 'months' | 'habits' | 'measures' | 'goals' | 'journals';
type Row<T extends keyof DB> = Selectable<DB[T]>;

/**
 * Records an import inside its transaction, so the record and the rows commit together. No
 * record (undefined) when it created nothing: there is nothing to undo.
 */
export async function recordImport(
  trx: Transaction<DB>,
  userId: number,
  origin: ImportOrigin,
  created: ImportCreated,
  hasKeys: boolean,
): Promise<number | undefined> {
  const empty = Object.values(created).every((ids: number[]) => ids.length === 0);
  if (empty && !hasKeys) return undefined;
  const row = await trx
    .insertInto('imports')
    .values({
      author_id: userId,
      source: origin,
      imported_at: new Date().toISOString(),
      created: JSON.stringify(created),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** How many rows of each kind a snapshot holds (what an undo took, or a restore brought back). */
export function countsOf(rows: Snapshot): ImportCounts {
  return {
    months: rows.months?.length ?? 0,
    habits: rows.habits?.length ?? 0,
    measures: rows.measures?.length ?? 0,
    goals: rows.goals?.length ?? 0,
    journals: rows.journals?.length ?? 0,
    daily_habits: rows.daily_habits?.length ?? 0,
    daily_measures: rows.daily_measures?.length ?? 0,
  };
}

/** The undo's answer, from the import's record and what was moved. */
export function undoSummary(record: Row<'imports'>, rows: Snapshot): ImportUndo {
  return {
    id: record.id,
    source: record.source as ImportOrigin,
    imported_at: record.imported_at,
    counts: countsOf(rows),
  };
}

/** The user's rows of `table` whose `column` is one of `values`, a batch at a time (BATCH_ROWS). */
async function rowsWhere<T extends ItemTable | 'daily_habits' | 'daily_measures'>(
  db: Kysely<DB>,
  userId: number,
  table: T,
  column: string,
  values: readonly number[],
): Promise<Row<T>[]> {
  const found: Row<T>[] = [];
  for (let first = 0; first < values.length; first += BATCH_ROWS) {
    found.push(
      ...((await db
        .selectFrom(table as 'goals')
        .selectAll()
        .where('author_id', '=', userId)
        .where(column as 'id', 'in', values.slice(first, first + BATCH_ROWS))
        .execute()) as Row<T>[]),
    );
  }
  return found;
}

/** Rows of both lists once each, in id order (as a restore inserts them). */
function union<T>(...lists: T[][]): T[] {
  const idOf = (row: T) => (row as { id: number }).id;
  const byId = new Map<number, T>();
  for (const row of lists.flat()) byId.set(idOf(row), row);
  return [...byId.values()].sort((a, b) => idOf(a) - idOf(b));
}

/**
 * Everything the import created that is still there, as it is now (edits since included): its
 * months with all they hold, the items it added to other months, every tick and value of its
 * entries and of its habits and measures (a tick of an imported habit on an older entry goes
 * with the habit, as a delete of the habit would take it), the ticks and values it put on older
 * entries, its keys and its record.
 */
async function snapshotImport(
  db: Kysely<DB>,
  userId: number,
  record: Row<'imports'>,
): Promise<Snapshot> {
  const created = JSON.parse(record.created) as ImportCreated;
  const months = await rowsWhere(db, userId, 'months', 'id', created.months);
  const monthIds = months.map((month) => month.id);
  const inMonthsOrListed = async <T extends 'habits' | 'measures' | 'goals' | 'journals'>(
    table: T,
  ) =>
    union(
      await rowsWhere(db, userId, table, 'month_id', monthIds),
      await rowsWhere(db, userId, table, 'id', created[table]),
    );
  const habits = await inMonthsOrListed('habits');
  const measures = await inMonthsOrListed('measures');
  const goals = await inMonthsOrListed('goals');
  const journals = await inMonthsOrListed('journals');
  const journalIds = journals.map((journal) => journal.id);
  const daily = async <T extends 'daily_habits' | 'daily_measures'>(
    table: T,
    itemColumn: string,
    itemIds: number[],
  ) =>
    union(
      await rowsWhere(db, userId, table, 'journal_id', journalIds),
      await rowsWhere(db, userId, table, itemColumn, itemIds),
      await rowsWhere(db, userId, table, 'id', created[table] ?? []),
    );
  const importKeys = await db
    .selectFrom('import_keys')
    .selectAll()
    .where('author_id', '=', userId)
    .where('import_id', '=', record.id)
    .execute();
  return {
    months,
    habits,
    measures,
    goals,
    journals,
    daily_habits: await daily(
      'daily_habits',
      'habit_id',
      habits.map((habit) => habit.id),
    ),
    daily_measures: await daily(
      'daily_measures',
      'measure_id',
      measures.map((measure) => measure.id),
    ),
    imports: [record],
    import_keys: importKeys,
  };
}

/** Deleted children first, a batch per statement (BATCH_ROWS says why), the months last. */
const DELETE_ORDER = [...MONTH_PARTS, 'months'] as const;

export type UndoOutcome =
  | { undone: ImportUndo }
  /** In the bin already: undone before. */
  | { inBin: true }
  | null;

/**
 * Moves what the import created into the bin as one item of kind `import`, labelled with its
 * app and dated with its day, and forgets its keys, so the same file imports again. One
 * transaction (the event loop runs between its statements); the database moves the user's data
 * version with the rows (migration 015), so cached months answer afresh. Null when the user has
 * no such import.
 */
export async function undoImport(
  database: Kysely<DB>,
  userId: number,
  importId: number,
  now = new Date(),
): Promise<UndoOutcome> {
  return yieldingQueries(database)
    .transaction()
    .execute(async (trx) => {
      // The user's writes run one at a time (repositories/index.ts says why).
      await lockUser(trx, userId);
      // Claimed by deleting it: of two undos at once, the second finds nothing.
      const record = await trx
        .deleteFrom('imports')
        .where('author_id', '=', userId)
        .where('id', '=', importId)
        .returningAll()
        .executeTakeFirst();
      if (!record) return (await inBin(trx, userId, 'import', importId)) ? { inBin: true } : null;
      const rows = await snapshotImport(trx, userId, record);
      await putInBin(trx, userId, {
        kind: 'import',
        id: record.id,
        monthId: null,
        label: importOriginName(record.source as ImportOrigin),
        date: record.imported_at.slice(0, 10),
        rows,
        now,
      });
      for (const table of DELETE_ORDER)
        await deleteInBatches(
          trx,
          userId,
          table,
          (rows[table] ?? []).map((row) => row.id),
        );
      await trx
        .deleteFrom('import_keys')
        .where('author_id', '=', userId)
        .where('import_id', '=', record.id)
        .execute();
      await purgeExpired(trx, userId, now);
      await makeRoom(trx, userId);
      return { undone: undoSummary(record, rows) };
    });
}
