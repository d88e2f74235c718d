// The account key of private months, stored only as its two wraps: under the password and under the recovery key.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * `account_keys`: one row per user who made an account key (no row: no private month yet). The
 * server never holds the account key itself, only what the browser sealed:
 *
 * - `by_password`: JSON `{kdf: {name, salt, memoryKiB, passes, parallelism}, key: {v, nonce, ct}}`,
 *   the account key under the key Argon2id makes from the password with that salt and those costs;
 * - `by_recovery_key`: JSON `{v, nonce, ct}`, the account key under the recovery key.
 *
 * Text, not a JSON column type: the server stores and returns them as the browser sent them and
 * never queries inside, and text reads the same on SQLite and PostgreSQL. About 300 and 120
 * characters. `version` moves on every replace of either wrap (the repository sets it: this table
 * has one writer, and a value it sets is one SQLite's RETURNING sees). Times are ISO 8601 in UTC.
 * The row goes with its user (ON DELETE CASCADE), like every row of the account.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('account_keys')
    .addColumn('user_id', 'integer', (col) =>
      col.primaryKey().notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('by_password', 'text', (col) => col.notNull())
    .addColumn('by_recovery_key', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}
