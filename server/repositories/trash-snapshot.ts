// What a binned item's snapshot holds, and reading one: every row of the item and of what hangs from it.
import type { Kysely, Selectable } from 'kysely';
import { DAILY_HABITS_PER_JOURNAL } from '../../contract/quotas.js';
import type { RowTrashKind } from '../../contract/trash-rules.js';
import type { DB } from '../db/schema.js';
import { BATCH_ROWS } from './row-batches.js';

type Row<T extends keyof DB> = Selectable<DB[T]>;

/**
 * The tables a snapshot can hold, in the order a restore inserts them (parents first). Only an
 * undone import holds the last two: its own record, and the keys it recorded (import-undo.ts).
 */
export const SNAPSHOT_TABLES = [
  'months',
  'habits',
  'measures',
  'goals',
  'journals',
  'daily_habits',
  'daily_measures',
  'imports',
  'import_keys',
] as const;
type SnapshotTable = (typeof SNAPSHOT_TABLES)[number];
export type Snapshot = Partial<{ [T in SnapshotTable]: Row<T>[] }>;

/** What hangs from a month, deleted children first, before the month itself. */
export const MONTH_PARTS = [
  'daily_habits',
  'daily_measures',
  'journals',
  'goals',
  'habits',
  'measures',
] as const;

/** Every row of the item and of what hangs from it, read inside the deleting transaction. */
export async function readSnapshot(
  db: Kysely<DB>,
  userId: number,
  kind: RowTrashKind,
  id: number,
): Promise<Snapshot> {
  const rows = <T extends SnapshotTable>(table: T, column: string, value: number) =>
    db
      .selectFrom(table as SnapshotTable)
      .selectAll()
      .where('author_id', '=', userId)
      .where(column as 'id', '=', value)
      .orderBy('id')
      .execute() as Promise<Row<T>[]>;
  if (kind === 'goal') return { goals: await rows('goals', 'id', id) };
  if (kind === 'journal') {
    return {
      journals: await rows('journals', 'id', id),
      daily_habits: await rows('daily_habits', 'journal_id', id),
      daily_measures: await rows('daily_measures', 'journal_id', id),
    };
  }
  const journals = await rows('journals', 'month_id', id);
  // Read a few entries' worth at a time (BATCH_ROWS says why); in id order, as one read would be.
  const daily = async <T extends 'daily_habits' | 'daily_measures'>(table: T) => {
    const found: Row<'daily_habits' | 'daily_measures'>[] = [];
    // Each entry holds at most its quota of daily items.
    const perBatch = Math.max(1, Math.floor(BATCH_ROWS / DAILY_HABITS_PER_JOURNAL));
    for (let first = 0; first < journals.length; first += perBatch) {
      const ids = journals.slice(first, first + perBatch).map((journal) => journal.id);
      found.push(
        ...((await db
          .selectFrom(table as 'daily_habits')
          .selectAll()
          .where('author_id', '=', userId)
          .where('journal_id', 'in', ids)
          .execute()) as Row<'daily_habits' | 'daily_measures'>[]),
      );
    }
    return found.sort((a, b) => a.id - b.id) as Row<T>[];
  };
  return {
    months: await rows('months', 'id', id),
    habits: await rows('habits', 'month_id', id),
    measures: await rows('measures', 'month_id', id),
    goals: await rows('goals', 'month_id', id),
    journals,
    daily_habits: await daily('daily_habits'),
    daily_measures: await daily('daily_measures'),
  };
}
