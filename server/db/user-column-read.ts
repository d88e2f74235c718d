// One column of a user's row in a per-user table, read on (nearly) every request: the data version before a cached read, the paid flag before a data request.
import DataLoader from 'dataloader';
import { sql } from 'kysely';
import type { Database } from './database.js';

/** The per-user tables read this way, and the column each is read for. */
type UserColumn =
  | { table: 'data_versions'; column: 'version' }
  | { table: 'billing_accounts'; column: 'has_paid' };

const noop = () => {};

type ReadMany = (userIds: readonly number[]) => Promise<Map<number, number>>;

/**
 * One query out at a time: the lookups made while it is out go together in the next one. A lookup
 * is only ever answered by a query sent after it was made (a query already on its way may have been
 * read before a write this lookup's client has seen acknowledged, by another server say). DataLoader
 * without its cache, its batches held back until the query out has answered.
 */
export function oneQueryAtATime(
  readMany: ReadMany,
): (userId: number) => Promise<number | undefined> {
  /** Settles once the query out has answered (or failed); null when none is out. */
  let out: Promise<void> | null = null;
  const loader = new DataLoader<number, number | undefined>(
    (userIds) => {
      const answer = readMany(userIds);
      const answered: Promise<void> = answer.then(noop, noop).then(() => {
        if (out === answered) out = null;
      });
      out = answered;
      return answer.then((values) => userIds.map((userId) => values.get(userId)));
    },
    {
      cache: false,
      batchScheduleFn: (dispatch) => {
        if (out) void out.then(dispatch);
        else queueMicrotask(dispatch);
      },
    },
  );
  return (userId) => loader.load(userId);
}

/**
 * Reads `column` of the user's row in `table`, or undefined without a row, outside any transaction:
 * on SQLite on the reader connection (committed data only), on PostgreSQL on a pooled connection,
 * so it sees every write committed before it.
 *
 * On PostgreSQL the reads share round trips (oneQueryAtATime): a journals page sends seven requests
 * at once, each reading the version first. Measured with the noisy-neighbour bench (20 light users,
 * three rounds each, docs/performance.md, 2026-11-27 night): light users' p99 with the heavy
 * account busy 55–69 ms without, 35–46 ms with; p50 idle 4.9–5.9 against 3.2–4.1 ms. On SQLite,
 * answered in-process, a query is never out long enough for others to join it.
 */
export function userColumnRead(
  database: Database,
  { table, column }: UserColumn,
): (userId: number) => Promise<number | undefined> {
  if (database.dialect === 'postgres') {
    return oneQueryAtATime(async (userIds) => {
      const { rows } = await sql<{ user_id: number; value: number }>`
        select user_id, ${sql.ref(column)} as value from ${sql.table(table)}
        where user_id = any(${[...new Set(userIds)]}::int[])
      `.execute(database.db);
      return new Map(rows.map((row) => [row.user_id, row.value]));
    });
  }
  return async (userId) => {
    const { rows } = await sql<{ value: number }>`
      select ${sql.ref(column)} as value from ${sql.table(table)} where user_id = ${userId}
    `.execute(database.db);
    return rows[0]?.value;
  };
}
