// Quota checks for creates: the holder's row locked, then its items counted, inside the create's transaction.
import { type Kysely, PostgresAdapter } from 'kysely';
import { QUOTA_MESSAGES, type QuotaKind, quotaOf } from '../../contract/quotas.js';
import type { DB } from '../db/schema.js';
import { QuotaExceeded } from './errors.js';

/** What a create beyond a quota throws. */
export function quotaExceeded(kind: QuotaKind, detail = QUOTA_MESSAGES[kind]): QuotaExceeded {
  return new QuotaExceeded(detail);
}

function isPostgres(db: Kysely<DB>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Locks the selected row until the transaction ends, on PostgreSQL, so that two creates counting
 * the same holder's items queue instead of both seeing room for one more. `NO KEY UPDATE` still
 * lets other transactions insert rows referencing it (their foreign-key check takes KEY SHARE).
 * SQLite needs no lock: a write transaction holds its only connection, and a transaction of
 * another process that read before this one committed cannot commit a write after it (WAL).
 */
export function locked<Q extends { forNoKeyUpdate(): Q }>(db: Kysely<DB>, query: Q): Q {
  return isPostgres(db) ? query.forNoKeyUpdate() : query;
}

/** Locks the user's row (the holder of their months); run before counting them. */
export async function lockUser(db: Kysely<DB>, userId: number): Promise<void> {
  await locked(db, db.selectFrom('users').select('id').where('id', '=', userId)).execute();
}

type CountedTable = 'months' | 'journals' | 'habits' | 'measures' | 'goals';
type DailyTable = 'daily_habits' | 'daily_measures';

/**
 * Throws the quota's 400 when `table` already holds its quota of rows with `column = value`. Call
 * in the create's transaction, after locking the holder's row.
 */
export async function ensureRoom(
  db: Kysely<DB>,
  kind: QuotaKind,
  table: CountedTable | DailyTable,
  column: 'author_id' | 'month_id' | 'journal_id',
  value: number,
): Promise<void> {
  const row = await db
    .selectFrom(table as 'journals')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(column as 'month_id', '=', value)
    .executeTakeFirstOrThrow();
  if (Number(row.count) >= quotaOf(kind)) throw quotaExceeded(kind);
}
