// Which entry each imported key went into, so that a later export's new ticks and values for a day already imported join that day's entry.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * `import_keys.journal_id`: the entry the item was written as (an entry's key) or onto (a tick's
 * or value's key). No foreign key, as for `import_id`: the entry may be deleted and restored with
 * the same id, and the key must outlive it either way. Null for keys recorded before this
 * migration.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('import_keys').addColumn('journal_id', 'integer').execute();
}
