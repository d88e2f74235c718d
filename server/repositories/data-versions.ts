// Reads and bumps a user's data version: the counter that tells a cached answer from a stale one.
import { CompiledQuery, type Kysely, sql } from 'kysely';
import { coalescedLookup } from '../db/coalesced-reads.js';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';

/**
 * Reads the user's current version, or undefined for a user who has never written (no row yet):
 * such a user's answers are not cached, since nothing would tell them apart from data written
 * otherwise. Every cached read runs it first, so it is never a cached value (a write through
 * another server must show at once) but a statement prepared once: on SQLite a local read; on
 * PostgreSQL one round trip, shared by the reads that arrive while another is out
 * (db/coalesced-reads.ts), so a busy server sends one query per round trip, not per request.
 */
export function dataVersionReader(
  database: Database,
): (userId: number) => Promise<number | undefined> {
  if (database.dialect === 'postgres') {
    const readMany = database.prepareRead<{ user_id: number; version: number }>(
      'monthbook_data_versions',
      CompiledQuery.raw(
        'select user_id, version from data_versions where user_id = any($1::int[])',
      ),
    );
    return coalescedLookup(
      async (userIds: number[]) =>
        new Map((await readMany([userIds])).map((row) => [row.user_id, row.version])),
    );
  }
  const read = database.prepareRead(
    'monthbook_data_version',
    // The 0 is a placeholder: the statement's one parameter is bound on each call.
    database.db.selectFrom('data_versions').select('version').where('user_id', '=', 0).compile(),
  );
  return async (userId) => (await read([userId]))[0]?.version;
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
