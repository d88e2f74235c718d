// Reads and bumps a user's data version: the counter that tells a cached answer from a stale one.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.js';
import { runCompiled } from './compiled.js';

/**
 * The user's current version, or undefined for a user who has never written (no row yet): such a
 * user's answers are not cached, since nothing would tell them apart from data written otherwise.
 */
export async function readDataVersion(db: Kysely<DB>, userId: number): Promise<number | undefined> {
  const rows = await runCompiled(
    db,
    'dataVersions.get',
    () => db.selectFrom('data_versions').select('version').where('user_id', '=', userId),
    [userId],
  );
  return rows[0]?.version;
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
