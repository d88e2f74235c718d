// How many rows one statement moves, so a big delete, restore or read never holds others up.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * Rows one statement of a delete or restore moves: a month at every quota holds some 14,000, and
 * SQLite runs a statement whole on the event loop (a trigger moving the data version per row), so
 * one statement for them all held every other request up for its whole length.
 */
export const BATCH_ROWS = 500;

/** The tables whose rows have an id and belong to one user. */
type OwnedTable = {
  [T in keyof DB]: DB[T] extends { id: unknown; author_id: unknown } ? T : never;
}[keyof DB];

/** Deletes the user's rows of `table` with these ids, a batch per statement (BATCH_ROWS says why). */
export async function deleteInBatches(
  db: Kysely<DB>,
  userId: number,
  table: OwnedTable,
  ids: readonly number[],
): Promise<void> {
  for (let first = 0; first < ids.length; first += BATCH_ROWS)
    await db
      .deleteFrom(table as 'goals')
      .where('author_id', '=', userId)
      .where('id', 'in', ids.slice(first, first + BATCH_ROWS))
      .execute();
}
