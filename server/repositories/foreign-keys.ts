// Recognises foreign-key violations, which mean a referenced row vanished between check and insert.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.js';

export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * Runs an insert whose parents were checked; a parent deleted meanwhile becomes `onMissing()`.
 * Inside a transaction (writes run in one, see repositories/index.ts) PostgreSQL refuses every
 * statement after an error, and `onMissing` queries: a savepoint undoes just the failed insert.
 */
export async function insertChecked<T>(
  db: Kysely<DB>,
  insert: () => Promise<T>,
  onMissing: () => Error | Promise<Error>,
): Promise<T> {
  const savepoint = db.isTransaction;
  if (savepoint) await sql`savepoint insert_checked`.execute(db);
  try {
    return await insert();
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    if (savepoint) await sql`rollback to savepoint insert_checked`.execute(db);
    throw await onMissing();
  }
}

/** Today's date in UTC as `YYYY-MM-DD`, the journals' `created_at`. */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}
