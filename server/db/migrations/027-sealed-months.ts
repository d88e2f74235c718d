// Private months: each month's wrapped key, and every row's content sealed in the browser as one opaque envelope.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/** The tables whose rows may hold sealed content (a daily item's value, a month's name, …). */
const SEALED_TABLES = [
  'months',
  'journals',
  'goals',
  'habits',
  'measures',
  'daily_measures',
  'daily_habits',
] as const;

/**
 * `months.month_key`: JSON `{v, nonce, ct}`, the month's key wrapped by the account key; a month
 * is private exactly when it is set. `sealed` on each table: JSON `{v, nonce, ct}`, the row's
 * private fields encrypted under its month's key, or null while the row is plain (a month being
 * made private is converted item by item, so both kinds meet in one month).
 *
 * Text, not a JSON column type, as in `account_keys`: the server stores and returns what the
 * browser sent, never looks inside, and text reads the same on SQLite and PostgreSQL. Nullable
 * with no default, so every existing row stays plain and no table is rewritten.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('months').addColumn('month_key', 'text').execute();
  for (const table of SEALED_TABLES) {
    await db.schema.alterTable(table).addColumn('sealed', 'text').execute();
  }
}
