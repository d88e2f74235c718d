// Reads and bumps a user's data version: the counter that tells a cached answer from a stale one.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { userColumnRead } from '../db/user-column-read.js';

/**
 * Reads the user's current version, or undefined for a user who has never written (no row yet):
 * such a user's answers are not cached, since nothing would tell them apart from data written
 * otherwise. Every cached read runs it first, so it is never a cached value (a write through
 * another server must show at once) but a prepared read that the requests arriving together share
 * (db/user-column-read.ts).
 */
export function dataVersionReader(
  database: Database,
): (userId: number) => Promise<number | undefined> {
  return userColumnRead(database, 'monthbook_data_version', {
    table: 'data_versions',
    column: 'version',
  });
}

/** Call after the write, inside its transaction; the first bump creates the row. */
export async function bumpDataVersion(db: Kysely<DB>, userId: number): Promise<void> {
  await db
    .insertInto('data_versions')
    .values({ user_id: userId, version: 1 })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ version: sql<number>`data_versions.version + 1` }),
    )
    .execute();
}
