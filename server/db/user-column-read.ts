// One column of a per-user row, read on (nearly) every request: a statement prepared once, shared by concurrent requests.
import { CompiledQuery } from 'kysely';
import { coalescedLookup } from './coalesced-reads.js';
import type { Database } from './database.js';

/** The per-user tables read this way, and the column each is read for. */
type UserColumn =
  | { table: 'data_versions'; column: 'version' }
  | { table: 'billing_accounts'; column: 'has_paid' };

/**
 * Reads `column` of the user's row in `table`, or undefined without a row: a statement prepared
 * once, for many users at once, which concurrent requests share (coalesced-reads.ts). On
 * PostgreSQL the reads that arrive while one is out go together in the next, so a busy server
 * sends one query per round trip rather than one per request; on SQLite the requests read from
 * the sockets in one event-loop turn share one read. Each answer is still read after its request
 * arrived. `name` identifies the prepared statement.
 */
export function userColumnRead(
  database: Database,
  name: string,
  { table, column }: UserColumn,
): (userId: number) => Promise<number | undefined> {
  const postgres = database.dialect === 'postgres';
  const readMany = database.prepareRead<{ user_id: number; value: number }>(
    name,
    CompiledQuery.raw(
      postgres
        ? `select user_id, ${column} as value from ${table} where user_id = any($1::int[])`
        : `select user_id, ${column} as value from ${table} where user_id in (select value from json_each(?))`,
    ),
  );
  return coalescedLookup(
    async (userIds: number[]) => {
      const rows = await readMany([postgres ? userIds : JSON.stringify(userIds)]);
      return new Map(rows.map((row) => [row.user_id, row.value]));
    },
    { gatherOneTurn: !postgres },
  );
}
