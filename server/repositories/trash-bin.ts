// Putting items into the Recently deleted bin, and keeping it within its days, items and bytes.
import type { Kysely } from 'kysely';
import {
  type RowTrashKind,
  TRASH_DAYS,
  TRASH_MAX_BYTES,
  TRASH_MAX_ITEMS,
  type TrashKind,
} from '../../contract/trash-rules.js';
import type { DB } from '../db/schema.js';
import { yieldingQueries } from '../db/yielding-queries.js';
import { deleteInBatches } from './row-batches.js';
import { deleteAtVersion, type ExpectedVersions } from './row-versions.js';
import { MONTH_PARTS, readSnapshot, type Snapshot } from './trash-snapshot.js';

const ROOT_TABLE = { month: 'months', journal: 'journals', goal: 'goals' } as const;

/** The oldest deletion time the bin still keeps: anything deleted before it is past its days. */
export function binCutoff(now = Date.now()): string {
  return new Date(now - TRASH_DAYS * 86_400_000).toISOString();
}

/** Whether the user's item of that kind is in the bin, within its days there. */
export async function inBin(
  db: Kysely<DB>,
  userId: number,
  kind: TrashKind,
  itemId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('trash')
    .select('id')
    .where('author_id', '=', userId)
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .where('deleted_at', '>=', binCutoff())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Writes one item's snapshot into the bin, with its size (migration 020) and, for a month, its
 * card counts (migration 016). The caller deletes the rows, then calls `purgeExpired` and
 * `makeRoom`, in the same transaction.
 */
export async function putInBin(
  db: Kysely<DB>,
  userId: number,
  item: {
    kind: TrashKind;
    id: number;
    monthId: number | null;
    label: string;
    date: string | null;
    rows: Snapshot;
    now: Date;
  },
): Promise<void> {
  const { kind, rows } = item;
  const payload = JSON.stringify(rows);
  await db
    .insertInto('trash')
    .values({
      ...(kind === 'month'
        ? {
            journal_count: rows.journals?.length ?? 0,
            goal_count: rows.goals?.length ?? 0,
            goals_done_count:
              rows.goals?.filter((goal) => Number(goal.is_completed) === 1).length ?? 0,
          }
        : {}),
      author_id: userId,
      kind,
      item_id: item.id,
      month_id: item.monthId,
      label: item.label,
      item_date: item.date,
      deleted_at: item.now.toISOString(),
      payload,
      payload_bytes: Buffer.byteLength(payload),
    })
    .execute();
}

/**
 * Deletes one of the user's months, journal entries or goals into the bin: called by the
 * repositories' `remove`, inside the write's transaction, so the snapshot and the delete are one.
 * False when the user has no such item. With `expected` (If-Match), only from one of those
 * versions: otherwise VersionMismatch, which rolls the transaction back (row-versions.ts).
 */
export async function discard(
  trx: Kysely<DB>,
  userId: number,
  kind: RowTrashKind,
  id: number,
  expected?: ExpectedVersions,
  now = new Date(),
): Promise<boolean> {
  // Still one transaction (the caller's), but the event loop runs between its statements.
  const db = yieldingQueries(trx);
  const rows = await readSnapshot(db, userId, kind, id);
  const root = rows[ROOT_TABLE[kind]]?.[0] as
    | { name?: string; highlight?: string; month_id?: number; created_at?: string }
    | undefined;
  if (!root) return false;
  await putInBin(db, userId, {
    kind,
    id,
    monthId: root.month_id ?? null,
    label: root.name ?? root.highlight ?? '',
    date: root.created_at ?? null,
    rows,
    now,
  });
  // A month's rows go in batches first, so that no one statement moves them all; a stale version
  // below rolls these back with the rest of the transaction.
  if (kind === 'month')
    for (const table of MONTH_PARTS)
      await deleteInBatches(
        db,
        userId,
        table,
        (rows[table] ?? []).map((row) => row.id),
      );
  // One statement: the rest of the item's rows cascade with it, atomically. Conditional on the
  // version itself, so an update committed since the snapshot was read makes it stale; the
  // snapshot is what shows the row was there.
  await deleteAtVersion(
    db,
    { table: ROOT_TABLE[kind], id, authorId: userId },
    expected,
    async () => root,
  );
  await purgeExpired(db, userId, now);
  await makeRoom(db, userId);
  return true;
}

/**
 * Keeps the user's bin within TRASH_MAX_ITEMS and TRASH_MAX_BYTES by purging its oldest items,
 * the newest always kept. Purged, not refused: a delete is how a user takes data out, and one
 * queued offline must still go through when it reaches the server, so it must never fail for
 * the bin's sake; the items dropped are those nearest their own purge. Reads the index of
 * migration 020 only (ids and sizes), never a snapshot.
 */
export async function makeRoom(db: Kysely<DB>, userId: number): Promise<number> {
  const total = await db
    .selectFrom('trash')
    .select((eb) => [
      eb.fn.countAll<number>().as('items'),
      eb.fn.sum<number>('payload_bytes').as('bytes'),
    ])
    .where('author_id', '=', userId)
    .executeTakeFirstOrThrow();
  if (Number(total.items) <= TRASH_MAX_ITEMS && Number(total.bytes ?? 0) <= TRASH_MAX_BYTES) {
    return 0;
  }
  const newest = await db
    .selectFrom('trash')
    .select(['id', 'payload_bytes'])
    .where('author_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(TRASH_MAX_ITEMS + 1)
    .execute();
  let bytes = 0;
  let oldestKept: number | undefined;
  for (const [index, row] of newest.entries()) {
    bytes += Number(row.payload_bytes ?? 0);
    if (index > 0 && (index >= TRASH_MAX_ITEMS || bytes > TRASH_MAX_BYTES)) break;
    oldestKept = row.id;
  }
  if (oldestKept === undefined) return 0;
  const result = await db
    .deleteFrom('trash')
    .where('author_id', '=', userId)
    .where('id', '<', oldestKept)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Drops bins past their 30 days: one user's (on their writes), or everyone's (the sweep). */
export async function purgeExpired(
  db: Kysely<DB>,
  userId?: number,
  now = new Date(),
): Promise<number> {
  let query = db.deleteFrom('trash').where('deleted_at', '<', binCutoff(now.getTime()));
  if (userId !== undefined) query = query.where('author_id', '=', userId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
