// One column of a user's row in a per-user table, read on (nearly) every request: the data version before a cached read, the paid flag before a data request.
import { sql } from 'kysely';
import type { Database } from './database.js';

/** The per-user tables read this way, and the column each is read for. */
type UserColumn =
  | { table: 'data_versions'; column: 'version' }
  | { table: 'billing_accounts'; column: 'has_paid' };

/**
 * Reads `column` of the user's row in `table`, or undefined without a row. A plain query, outside
 * any transaction: on SQLite it runs on the reader connection (committed data only), on
 * PostgreSQL on a pooled connection, so it always sees every write committed before it.
 * Prepared statements shared by concurrent requests were measured against this and moved none
 * of the figures users feel (docs/performance.md, 2026-11-27).
 */
export function userColumnRead(
  database: Database,
  { table, column }: UserColumn,
): (userId: number) => Promise<number | undefined> {
  return async (userId) => {
    const { rows } = await sql<{ value: number }>`
      select ${sql.ref(column)} as value from ${sql.table(table)} where user_id = ${userId}
    `.execute(database.db);
    return rows[0]?.value;
  };
}
