// What each import created, so that "Undo this import" can move exactly that into the bin.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn } from './001-initial.js';

/**
 * `created`: JSON of the ids the import inserted — the months it made, and the entries, habits,
 * measures and goals it added to months the account already had (what a new month holds goes
 * with it, and an entry's ticks and values with their entry, so those are not listed). Ids are
 * never reused, so the list still names the same rows however long after. `import_keys.import_id`:
 * the import that recorded each key, so an undo forgets exactly those and the file can be
 * imported again; null for keys recorded before this migration.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('author_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('source', 'varchar(32)', (column) => column.notNull())
    .addColumn('imported_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('created', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('imports_author_idx').on('imports').column('author_id').execute();
  await db.schema.alterTable('import_keys').addColumn('import_id', 'integer').execute();
  await db.schema
    .createIndex('import_keys_import_idx')
    .on('import_keys')
    .columns(['author_id', 'import_id'])
    .execute();
}
