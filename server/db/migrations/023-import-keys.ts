// What was imported from another app, by its key there, so importing the same file (or a later export of the same app) again adds only what is new.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * `key_hash`: sha256 (hex) of the item's key in its app — Day One's uuid, jrnl's date, time and
 * title… — so the row has a fixed size however long the key. No link to the entry made: an
 * imported entry the user deleted stays imported, and is not brought back by the next import.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('import_keys')
    .addColumn('author_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('source', 'varchar(32)', (column) => column.notNull())
    .addColumn('key_hash', 'char(64)', (column) => column.notNull())
    .addPrimaryKeyConstraint('import_keys_pk', ['author_id', 'source', 'key_hash'])
    .execute();
}
