// The bin's size per user: each binned item's bytes, and an index that counts a user's bin without reading its snapshots.
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * `payload_bytes`: the snapshot's size in UTF-8 bytes, written as the item is binned, so that
 * summing a bin reads numbers, not snapshots (each up to megabytes). The index holds it with
 * the user and the id: the sum, the oldest items to purge and the newest-first pages of
 * `GET /api/trash/` all read the index alone.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('trash').addColumn('payload_bytes', 'integer').execute();
  // A BLOB's length in SQLite is its bytes (a TEXT's is its characters).
  await sql`update trash set payload_bytes = ${
    dialect === 'postgres' ? sql`octet_length(payload)` : sql`length(cast(payload as blob))`
  }`.execute(db);
  await db.schema
    .createIndex('trash_author_size_idx')
    .on('trash')
    .columns(['author_id', 'id', 'payload_bytes'])
    .execute();
}
