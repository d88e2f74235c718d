// A counter per user, bumped by every write of the user's journal data, that validates cached answers.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * No row is written for existing users: a user without a row is answered uncached until their
 * first write creates it, so data written before this migration is never behind a cached answer.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('data_versions')
    .addColumn('user_id', 'integer', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('version', 'bigint', (col) => col.notNull())
    .execute();
}
