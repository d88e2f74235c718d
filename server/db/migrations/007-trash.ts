// The Recently deleted bin: a deleted month, journal entry or goal, kept whole for 30 days so it can be restored.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { idColumn } from './001-initial.js';

/**
 * A deleted item leaves its tables (so every list, detail, search, stats, export and quota
 * forgets it without a filter of its own) and its rows, children included, are kept here as one
 * JSON snapshot that a restore puts back with the same ids. Ids are never reused (AUTOINCREMENT,
 * identity columns), so they are still free when it comes back.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('trash')
    .addColumn('id', 'integer', idColumn(dialect))
    .addColumn('author_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('item_id', 'integer', (col) => col.notNull())
    .addColumn('month_id', 'integer')
    .addColumn('label', 'text', (col) => col.notNull())
    .addColumn('item_date', 'varchar(10)')
    .addColumn('deleted_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addUniqueConstraint('trash_item_unique', ['author_id', 'kind', 'item_id'])
    .execute();
  await db.schema.createIndex('trash_deleted_idx').on('trash').column('deleted_at').execute();
}
