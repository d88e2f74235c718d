// The Recently deleted bin: deleting moves an item's rows here whole; restoring puts them back with their ids.
import type { Kysely, Selectable, Transaction } from 'kysely';
import { quotaMessage } from '../../contract/quotas.js';
import type { TrashItem } from '../../contract/trash.js';
import { purgeAt, TRASH_DAYS, TRASH_MESSAGES, type TrashKind } from '../../contract/trash-rules.js';
import type { DB } from '../db/schema.js';
import { Conflict, QuotaExceeded } from './errors.js';
import { ensureRoom, locked, lockUser, quotaExceeded } from './quotas.js';
import { deleteAtVersion, type ExpectedVersions } from './row-versions.js';

type Row<T extends keyof DB> = Selectable<DB[T]>;

/** The tables a snapshot can hold, in the order a restore inserts them (parents first). */
const TABLES = [
  'months',
  'habits',
  'measures',
  'goals',
  'journals',
  'daily_habits',
  'daily_measures',
] as const;
type SnapshotTable = (typeof TABLES)[number];
type Snapshot = Partial<{ [T in SnapshotTable]: Row<T>[] }>;

const ROOT_TABLE = { month: 'months', journal: 'journals', goal: 'goals' } as const;

function cutoff(now = Date.now()): string {
  return new Date(now - TRASH_DAYS * 86_400_000).toISOString();
}

/** Every row of the item and of what hangs from it, read inside the deleting transaction. */
async function snapshot(
  db: Kysely<DB>,
  userId: number,
  kind: TrashKind,
  id: number,
): Promise<Snapshot> {
  const rows = <T extends SnapshotTable>(table: T, column: string, value: number) =>
    db
      .selectFrom(table as SnapshotTable)
      .selectAll()
      .where('author_id', '=', userId)
      .where(column as 'id', '=', value)
      .orderBy('id')
      .execute() as Promise<Row<T>[]>;
  if (kind === 'goal') return { goals: await rows('goals', 'id', id) };
  if (kind === 'journal') {
    return {
      journals: await rows('journals', 'id', id),
      daily_habits: await rows('daily_habits', 'journal_id', id),
      daily_measures: await rows('daily_measures', 'journal_id', id),
    };
  }
  const journalIds = db
    .selectFrom('journals')
    .select('id')
    .where('month_id', '=', id)
    .where('author_id', '=', userId);
  const daily = <T extends 'daily_habits' | 'daily_measures'>(table: T) =>
    db
      .selectFrom(table as 'daily_habits')
      .selectAll()
      .where('author_id', '=', userId)
      .where('journal_id', 'in', journalIds)
      .orderBy('id')
      .execute() as Promise<Row<T>[]>;
  return {
    months: await rows('months', 'id', id),
    habits: await rows('habits', 'month_id', id),
    measures: await rows('measures', 'month_id', id),
    goals: await rows('goals', 'month_id', id),
    journals: await rows('journals', 'month_id', id),
    daily_habits: await daily('daily_habits'),
    daily_measures: await daily('daily_measures'),
  };
}

/**
 * Deletes one of the user's months, journal entries or goals into the bin: called by the
 * repositories' `remove`, inside the write's transaction, so the snapshot and the delete are one.
 * False when the user has no such item. With `expected` (If-Match), only from one of those
 * versions: otherwise VersionMismatch, which rolls the transaction back (row-versions.ts).
 */
export async function discard(
  db: Kysely<DB>,
  userId: number,
  kind: TrashKind,
  id: number,
  expected?: ExpectedVersions,
  now = new Date(),
): Promise<boolean> {
  const rows = await snapshot(db, userId, kind, id);
  const root = rows[ROOT_TABLE[kind]]?.[0] as
    | { name?: string; highlight?: string; month_id?: number; created_at?: string }
    | undefined;
  if (!root) return false;
  const monthId = root.month_id ?? null;
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
      item_id: id,
      month_id: monthId,
      label: root.name ?? root.highlight ?? '',
      item_date: root.created_at ?? null,
      deleted_at: now.toISOString(),
      payload: JSON.stringify(rows),
    })
    .execute();
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
  return true;
}

/** Drops bins past their 30 days: one user's (on their writes), or everyone's (the sweep). */
export async function purgeExpired(
  db: Kysely<DB>,
  userId?: number,
  now = new Date(),
): Promise<number> {
  let query = db.deleteFrom('trash').where('deleted_at', '<', cutoff(now.getTime()));
  if (userId !== undefined) query = query.where('author_id', '=', userId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export class TrashRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly userId: number,
  ) {}

  /** What the user can still restore, most recently deleted first. */
  async list(): Promise<TrashItem[]> {
    const rows = await this.db
      .selectFrom('trash')
      .leftJoin('months', (join) =>
        join.onRef('months.id', '=', 'trash.month_id').on('months.author_id', '=', this.userId),
      )
      .select([
        'trash.kind',
        'trash.item_id',
        'trash.label',
        'trash.month_id',
        'trash.item_date',
        'trash.deleted_at',
        'trash.journal_count',
        'trash.goal_count',
        'trash.goals_done_count',
        'months.name as month_name',
      ])
      .where('trash.author_id', '=', this.userId)
      .where('trash.deleted_at', '>=', cutoff())
      .orderBy('trash.deleted_at', 'desc')
      .orderBy('trash.id', 'desc')
      .execute();
    // An entry or goal whose month is itself in the bin still shows that month's name.
    const binnedMonths = new Map(
      rows.filter((row) => row.kind === 'month').map((row) => [row.item_id, row.label]),
    );
    return rows.map((row) => ({
      kind: row.kind as TrashKind,
      id: row.item_id,
      label: row.label,
      month: row.month_id,
      month_name:
        row.month_name ?? (row.month_id === null ? null : (binnedMonths.get(row.month_id) ?? null)),
      date: row.item_date,
      deleted_at: row.deleted_at,
      purge_at: purgeAt(row.deleted_at),
      ...(row.journal_count === null || row.goal_count === null || row.goals_done_count === null
        ? {}
        : {
            counts: {
              journals: Number(row.journal_count),
              goals: Number(row.goal_count),
              goals_done: Number(row.goals_done_count),
            },
          }),
    }));
  }

  /** Puts the item back with its ids. */
  async restore(kind: TrashKind, id: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      // Claimed by deleting it: of two restores at once, one finds nothing (404).
      const claimed = await trx
        .deleteFrom('trash')
        .where('author_id', '=', this.userId)
        .where('kind', '=', kind)
        .where('item_id', '=', id)
        .where('deleted_at', '>=', cutoff())
        .returning(['payload', 'month_id'])
        .executeTakeFirst();
      if (!claimed) return false;
      await this.ensureRoom(trx, kind, claimed.month_id);
      await this.insertSnapshot(trx, JSON.parse(claimed.payload) as Snapshot);
      return true;
    });
  }

  /** True when the user's item of that kind is in the bin (not yet purged). */
  async holds(kind: TrashKind, id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('trash')
      .select('id')
      .where('author_id', '=', this.userId)
      .where('kind', '=', kind)
      .where('item_id', '=', id)
      .where('deleted_at', '>=', cutoff())
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Deletes a binned item for good ("Delete forever"). */
  async purge(kind: TrashKind, id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('trash')
      .where('author_id', '=', this.userId)
      .where('kind', '=', kind)
      .where('item_id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** What a create checks (quotas.ts), with the restore's own words; and an entry's month must be back. */
  private async ensureRoom(
    trx: Transaction<DB>,
    kind: TrashKind,
    monthId: number | null,
  ): Promise<void> {
    // The create's message says 'not created'; a restore says 'not restored'.
    const refuse = (quota: 'months' | 'journals' | 'goals', what: string) => (error: unknown) => {
      throw error instanceof QuotaExceeded
        ? quotaExceeded(quota, quotaMessage(what, quota))
        : error;
    };
    if (monthId === null) {
      await lockUser(trx, this.userId);
      await ensureRoom(trx, 'months', 'months', 'author_id', this.userId).catch(
        refuse('months', 'Month not restored'),
      );
      return;
    }
    await this.requireMonth(trx, monthId);
    const quota = kind === 'journal' ? 'journals' : 'goals';
    await ensureRoom(trx, quota, quota, 'month_id', monthId).catch(
      refuse(quota, kind === 'journal' ? 'Journal not restored' : 'Goal not restored'),
    );
  }

  private async requireMonth(trx: Transaction<DB>, monthId: number): Promise<void> {
    const month = await locked(
      trx,
      trx
        .selectFrom('months')
        .select('id')
        .where('id', '=', monthId)
        .where('author_id', '=', this.userId),
    ).executeTakeFirst();
    if (month) return;
    const binned = await trx
      .selectFrom('trash')
      .select('id')
      .where('author_id', '=', this.userId)
      .where('kind', '=', 'month')
      .where('item_id', '=', monthId)
      .executeTakeFirst();
    throw binned
      ? new Conflict(TRASH_MESSAGES.monthGone, 'month_in_trash')
      : new Conflict(TRASH_MESSAGES.monthPurged, 'month_purged');
  }

  /**
   * An entry's ticks and values of habits or measures removed since it was deleted are left out:
   * they have nothing to belong to any more. (A month brings its own habits and measures.)
   */
  private async insertSnapshot(trx: Transaction<DB>, rows: Snapshot): Promise<void> {
    const existing = async (table: 'habits' | 'measures', ids: number[]) => {
      const own = new Set((rows[table] ?? []).map((row) => row.id));
      const others = [...new Set(ids.filter((id) => !own.has(id)))];
      if (others.length === 0) return own;
      const found = await trx
        .selectFrom(table)
        .select('id')
        .where('author_id', '=', this.userId)
        .where('id', 'in', others)
        .execute();
      for (const row of found) own.add(row.id);
      return own;
    };
    const habits = await existing(
      'habits',
      (rows.daily_habits ?? []).map((row) => row.habit_id),
    );
    const measures = await existing(
      'measures',
      (rows.daily_measures ?? []).map((row) => row.measure_id),
    );
    const restorable: Snapshot = {
      ...rows,
      daily_habits: (rows.daily_habits ?? []).filter((row) => habits.has(row.habit_id)),
      daily_measures: (rows.daily_measures ?? []).filter((row) => measures.has(row.measure_id)),
    };
    for (const table of TABLES) {
      const tableRows = restorable[table];
      if (!tableRows || tableRows.length === 0) continue;
      // Chunks keep each statement under SQLite's bound-parameter limit.
      for (let start = 0; start < tableRows.length; start += 500) {
        await trx
          .insertInto(table as 'goals')
          .values(tableRows.slice(start, start + 500) as never)
          .execute();
      }
    }
  }
}
