// One column of a per-user row, read on (nearly) every request: a statement prepared once, its round trips shared on PostgreSQL.
import { CompiledQuery } from 'kysely';
import { coalescedLookup } from './coalesced-reads.js';
import type { Database } from './database.js';

/** The per-user tables read this way, and the column each is read for. */
type UserColumn =
  | { table: 'data_versions'; column: 'version' }
  | { table: 'billing_accounts'; column: 'has_paid' };

/**
 * Reads `column` of the user's row in `table`, or undefined without a row. On SQLite a local
 * prepared read; on PostgreSQL a named statement for many users at once, which the reads that
 * arrive while another is out share (coalesced-reads.ts): a busy server sends one query per round
 * trip rather than one per request, and each answer is still read after its request arrived.
 * `name` identifies the prepared statement.
 */
export function userColumnRead(
  database: Database,
  name: string,
  { table, column }: UserColumn,
): (userId: number) => Promise<number | undefined> {
  if (database.dialect === 'postgres') {
    const readMany = database.prepareRead<{ user_id: number; value: number }>(
      name,
      CompiledQuery.raw(
        `select user_id, ${column} as value from ${table} where user_id = any($1::int[])`,
      ),
    );
    return coalescedLookup(
      async (userIds: number[]) =>
        new Map((await readMany([userIds])).map((row) => [row.user_id, row.value])),
    );
  }
  const read = database.prepareRead<{ value: number }>(
    name,
    CompiledQuery.raw(`select ${column} as value from ${table} where user_id = ?`),
  );
  return async (userId) => (await read([userId]))[0]?.value;
}
