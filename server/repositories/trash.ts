// The Recently deleted bin: deleting moves an item's rows here whole; restoring puts them back with their ids.
import type { Kysely, Selectable, Transaction } from 'kysely';
import { monthIdentity } from '../../contract/export.js';
import { formatPeriod } from '../../contract/month-period.js';
import {
  DAILY_HABITS_PER_JOURNAL,
  type QuotaKind,
  quotaMessage,
  quotaOf,
} from '../../contract/quotas.js';
import type { TrashItem } from '../../contract/trash.js';
import {
  purgeAt,
  type RowTrashKind,
  TRASH_DAYS,
  TRASH_MAX_BYTES,
  TRASH_MAX_ITEMS,
  TRASH_MESSAGES,
  type TrashKind,
} from '../../contract/trash-rules.js';
import type { DB } from '../db/schema.js';
import { yieldingQueries } from '../db/yielding-queries.js';
import { Conflict, QuotaExceeded } from './errors.js';
import type { PageRequest } from './keyset.js';
import { ensureRoom, locked, lockUser, quotaExceeded } from './quotas.js';
import { deleteAtVersion, type ExpectedVersions } from './row-versions.js';

type Row<T extends keyof DB> = Selectable<DB[T]>;

/**
 * The tables a snapshot can hold, in the order a restore inserts them (parents first). Only an
 * undone import holds the last two: its own record, and the keys it recorded (import-undo.ts).
 */
const TABLES = [
  'months',
  'habits',
  'measures',
  'goals',
  'journals',
  'daily_habits',
  'daily_measures',
  'imports',
  'import_keys',
] as const;
type SnapshotTable = (typeof TABLES)[number];
export type Snapshot = Partial<{ [T in SnapshotTable]: Row<T>[] }>;

const ROOT_TABLE = { month: 'months', journal: 'journals', goal: 'goals' } as const;

/** When two months are the same month to a restore: their calendar period, or with none their name. */
function sameMonth(month: Pick<Row<'months'>, 'name' | 'period_year' | 'period_month'>) {
  return month.period_year === null || month.period_month === null
    ? monthIdentity({ name: month.name })
    : formatPeriod({ year: month.period_year, month: month.period_month });
}

/**
 * Rows one statement of a delete or restore moves: a month at every quota holds some 14,000, and
 * SQLite runs a statement whole on the event loop (a trigger moving the data version per row), so
 * one statement for them all held every other request up for its whole length.
 */
export const BATCH_ROWS = 500;
/** Deletes the user's rows of `table` with these ids, a batch per statement (BATCH_ROWS says why). */
export async function deleteInBatches(
  db: Kysely<DB>,
  userId: number,
  table: keyof Snapshot,
  ids: readonly number[],
): Promise<void> {
  for (let first = 0; first < ids.length; first += BATCH_ROWS)
    await db
      .deleteFrom(table as 'goals')
      .where('author_id', '=', userId)
      .where('id', 'in', ids.slice(first, first + BATCH_ROWS))
      .execute();
}

/** What hangs from a month, deleted children first, before the month itself. */
export const MONTH_PARTS = [
  'daily_habits',
  'daily_measures',
  'journals',
  'goals',
  'habits',
  'measures',
] as const;

function cutoff(now = Date.now()): string {
  return new Date(now - TRASH_DAYS * 86_400_000).toISOString();
}

/** Every row of the item and of what hangs from it, read inside the deleting transaction. */
async function snapshot(
  db: Kysely<DB>,
  userId: number,
  kind: RowTrashKind,
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
  const journals = await rows('journals', 'month_id', id);
  // Read a few entries' worth at a time (BATCH_ROWS says why); in id order, as one read would be.
  const daily = async <T extends 'daily_habits' | 'daily_measures'>(table: T) => {
    const found: Row<'daily_habits' | 'daily_measures'>[] = [];
    // Each entry holds at most its quota of daily items.
    const perBatch = Math.max(1, Math.floor(BATCH_ROWS / DAILY_HABITS_PER_JOURNAL));
    for (let first = 0; first < journals.length; first += perBatch) {
      const ids = journals.slice(first, first + perBatch).map((journal) => journal.id);
      found.push(
        ...((await db
          .selectFrom(table as 'daily_habits')
          .selectAll()
          .where('author_id', '=', userId)
          .where('journal_id', 'in', ids)
          .execute()) as Row<'daily_habits' | 'daily_measures'>[]),
      );
    }
    return found.sort((a, b) => a.id - b.id) as Row<T>[];
  };
  return {
    months: await rows('months', 'id', id),
    habits: await rows('habits', 'month_id', id),
    measures: await rows('measures', 'month_id', id),
    goals: await rows('goals', 'month_id', id),
    journals,
    daily_habits: await daily('daily_habits'),
    daily_measures: await daily('daily_measures'),
  };
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
  const rows = await snapshot(db, userId, kind, id);
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

  /**
   * What the user can still restore, most recently deleted first (by the bin's own id, which
   * grows as items are binned): `page.limit` items after the cursor's id.
   */
  async page(page: PageRequest): Promise<(TrashItem & { key: number })[]> {
    let query = this.db
      .selectFrom('trash')
      .leftJoin('months', (join) =>
        join.onRef('months.id', '=', 'trash.month_id').on('months.author_id', '=', this.userId),
      )
      .select([
        'trash.id',
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
      .orderBy('trash.id', 'desc')
      .limit(page.limit);
    if (page.after) query = query.where('trash.id', '<', page.after[0] as number);
    const rows = await query.execute();
    // An entry or goal whose month is itself in the bin still shows that month's name: from
    // this page, else from the bin.
    const binnedMonths = new Map(
      rows.filter((row) => row.kind === 'month').map((row) => [row.item_id, row.label]),
    );
    const missing = [
      ...new Set(
        rows
          .filter(
            (row) =>
              row.month_name === null && row.month_id !== null && !binnedMonths.has(row.month_id),
          )
          .map((row) => row.month_id as number),
      ),
    ];
    if (missing.length > 0) {
      const months = await this.db
        .selectFrom('trash')
        .select(['item_id', 'label'])
        .where('author_id', '=', this.userId)
        .where('kind', '=', 'month')
        .where('item_id', 'in', missing)
        .execute();
      for (const month of months) binnedMonths.set(month.item_id, month.label);
    }
    return rows.map((row) => ({
      key: row.id,
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

  /** Puts the item back with its ids; null when it is not in the bin. */
  async restore(kind: TrashKind, id: number): Promise<Snapshot | null> {
    // One transaction, with the event loop let run between its statements (BATCH_ROWS says why).
    return yieldingQueries(this.db)
      .transaction()
      .execute(async (trx) => {
        // Claimed by deleting it: of two restores at once, one finds nothing (404).
        const claimed = await trx
          .deleteFrom('trash')
          .where('author_id', '=', this.userId)
          .where('kind', '=', kind)
          .where('item_id', '=', id)
          .where('deleted_at', '>=', cutoff())
          .returning(['payload', 'month_id'])
          .executeTakeFirst();
        if (!claimed) return null;
        const rows = JSON.parse(claimed.payload) as Snapshot;
        if (kind === 'import') await this.ensureImportRoom(trx, rows);
        else await this.ensureRoom(trx, kind, claimed.month_id);
        await this.insertSnapshot(trx, rows);
        return rows;
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

  /**
   * An undone import comes back only whole: its months within the account's quota, the months it
   * added to still there (409 as for an entry otherwise) with room for what it added, its keys
   * not recorded again by a later import of the same file (that would bring the same entries
   * twice: undo the later one first), and none of its months in the account again: one of the
   * same calendar period, or without one of the same name, made since by another import (a
   * Monthbook export has no keys) or by hand. A restore never makes two months of one period.
   */
  private async ensureImportRoom(trx: Transaction<DB>, rows: Snapshot): Promise<void> {
    await lockUser(trx, this.userId);
    const refuse = (quota: QuotaKind) =>
      quotaExceeded(quota, quotaMessage('Import not restored', quota));
    const keys = rows.import_keys ?? [];
    for (let first = 0; first < keys.length; first += BATCH_ROWS) {
      const batch = keys.slice(first, first + BATCH_ROWS);
      const again = await trx
        .selectFrom('import_keys')
        .select('key_hash')
        .where('author_id', '=', this.userId)
        .where('source', '=', batch[0]?.source ?? '')
        .where(
          'key_hash',
          'in',
          batch.map((key) => key.key_hash),
        )
        .executeTakeFirst();
      if (again) throw new Conflict(TRASH_MESSAGES.importedAgain, 'imported_again');
    }
    const own = new Set((rows.months ?? []).map((month) => month.id));
    if (own.size > 0) {
      const account = await trx
        .selectFrom('months')
        .select(['name', 'period_year', 'period_month'])
        .where('author_id', '=', this.userId)
        .execute();
      const there = new Set(account.map(sameMonth));
      if ((rows.months ?? []).some((month) => there.has(sameMonth(month))))
        throw new Conflict(TRASH_MESSAGES.importMonthAgain, 'month_exists');
      if (account.length + own.size > quotaOf('months')) throw refuse('months');
    }
    // What it adds to each month it did not make, per table.
    const added = new Map<number, Map<'journals' | 'habits' | 'measures' | 'goals', number>>();
    for (const table of ['journals', 'habits', 'measures', 'goals'] as const) {
      for (const row of rows[table] ?? []) {
        if (own.has(row.month_id)) continue;
        const counts = added.get(row.month_id) ?? new Map();
        counts.set(table, (counts.get(table) ?? 0) + 1);
        added.set(row.month_id, counts);
      }
    }
    for (const [monthId, counts] of added) {
      await this.requireMonth(trx, monthId, 'import');
      for (const [table, count] of counts) {
        const row = await trx
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('author_id', '=', this.userId)
          .where('month_id', '=', monthId)
          .executeTakeFirstOrThrow();
        if (Number(row.count) + count > quotaOf(table)) throw refuse(table);
      }
    }
  }

  private async requireMonth(
    trx: Transaction<DB>,
    monthId: number,
    kind: TrashKind = 'journal',
  ): Promise<void> {
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
    const fromImport = kind === 'import';
    throw binned
      ? new Conflict(
          fromImport ? TRASH_MESSAGES.importMonthGone : TRASH_MESSAGES.monthGone,
          'month_in_trash',
        )
      : new Conflict(
          fromImport ? TRASH_MESSAGES.importMonthPurged : TRASH_MESSAGES.monthPurged,
          'month_purged',
        );
  }

  /**
   * An entry's ticks and values of habits or measures removed since it was deleted are left out:
   * they have nothing to belong to any more. (A month brings its own habits and measures.) So
   * are an undone import's ticks of its habits on older entries deleted since, and those it put
   * on older entries that have a tick of that habit (a value of that measure) again since: an
   * entry holds one of each, and the later one stays, as an import keeps what an entry has.
   */
  private async insertSnapshot(trx: Transaction<DB>, rows: Snapshot): Promise<void> {
    const existing = async (table: 'habits' | 'measures' | 'journals', ids: number[]) => {
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
    const journals = await existing('journals', [
      ...(rows.daily_habits ?? []).map((row) => row.journal_id),
      ...(rows.daily_measures ?? []).map((row) => row.journal_id),
    ]);
    const ticked = await this.heldOnOlderEntries(trx, 'daily_habits', 'habit_id', rows);
    const valued = await this.heldOnOlderEntries(trx, 'daily_measures', 'measure_id', rows);
    const restorable: Snapshot = {
      ...rows,
      daily_habits: (rows.daily_habits ?? []).filter(
        (row) =>
          habits.has(row.habit_id) &&
          journals.has(row.journal_id) &&
          !ticked.has(`${row.journal_id} ${row.habit_id}`),
      ),
      daily_measures: (rows.daily_measures ?? []).filter(
        (row) =>
          measures.has(row.measure_id) &&
          journals.has(row.journal_id) &&
          !valued.has(`${row.journal_id} ${row.measure_id}`),
      ),
    };
    for (const table of TABLES) {
      const tableRows = restorable[table];
      if (!tableRows || tableRows.length === 0) continue;
      // Chunks keep each statement under SQLite's bound-parameter limit, and short.
      for (let start = 0; start < tableRows.length; start += BATCH_ROWS) {
        await trx
          .insertInto(table as 'goals')
          .values(tableRows.slice(start, start + BATCH_ROWS) as never)
          .execute();
      }
    }
  }

  /**
   * The ticks (values) the entries outside the snapshot hold now, as `journal item` pairs: only
   * an undone import puts any there, so for any other item this reads nothing.
   */
  private async heldOnOlderEntries(
    trx: Transaction<DB>,
    table: 'daily_habits' | 'daily_measures',
    itemColumn: 'habit_id' | 'measure_id',
    rows: Snapshot,
  ): Promise<Set<string>> {
    const own = new Set((rows.journals ?? []).map((row) => row.id));
    const older = [
      ...new Set(
        (rows[table] ?? []).flatMap((row) => (own.has(row.journal_id) ? [] : [row.journal_id])),
      ),
    ];
    const held = new Set<string>();
    for (let first = 0; first < older.length; first += BATCH_ROWS) {
      const found = await trx
        .selectFrom(table as 'daily_habits')
        .select((eb) => ['journal_id', eb.ref(itemColumn as 'habit_id').as('item')])
        .where('author_id', '=', this.userId)
        .where('journal_id', 'in', older.slice(first, first + BATCH_ROWS))
        .execute();
      for (const row of found) held.add(`${row.journal_id} ${row.item}`);
    }
    return held;
  }
}
