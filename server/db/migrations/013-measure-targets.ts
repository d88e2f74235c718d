// A measure's optional unit ("kg", "h") and daily target with its direction.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * All three are nullable, so every existing measure (and every client that never sends them)
 * keeps the spec's shape. `target_direction` is 'at_least' or 'at_most' exactly when `target` is
 * set; the API enforces that pairing, so no CHECK constraint (SQLite cannot add one to a table).
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('measures').addColumn('unit', 'varchar(16)').execute();
  await db.schema.alterTable('measures').addColumn('target', 'double precision').execute();
  await db.schema.alterTable('measures').addColumn('target_direction', 'varchar(8)').execute();
}
