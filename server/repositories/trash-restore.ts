// Putting a binned item's rows back with their ids, and what restoring a month, entry or goal checks.
import type { Transaction } from 'kysely';
import { quotaMessage } from '../../contract/quotas.js';
import { TRASH_MESSAGES, type TrashKind } from '../../contract/trash-rules.js';
import type { DB } from '../db/schema.js';
import { Conflict, QuotaExceeded } from './errors.js';
import { ensureRoom, locked, lockUser, quotaExceeded } from './quotas.js';
import { BATCH_ROWS } from './row-batches.js';
import { inBin } from './trash-bin.js';
import { SNAPSHOT_TABLES, type Snapshot } from './trash-snapshot.js';

/** What a create checks (quotas.ts), with the restore's own words; and an entry's month must be back. */
export async function ensureRestoreRoom(
  trx: Transaction<DB>,
  userId: number,
  kind: TrashKind,
  monthId: number | null,
): Promise<void> {
  // The create's message says 'not created'; a restore says 'not restored'.
  const refuse = (quota: 'months' | 'journals' | 'goals', what: string) => (error: unknown) => {
    throw error instanceof QuotaExceeded ? quotaExceeded(quota, quotaMessage(what, quota)) : error;
  };
  if (monthId === null) {
    await lockUser(trx, userId);
    await ensureRoom(trx, 'months', 'months', 'author_id', userId).catch(
      refuse('months', 'Month not restored'),
    );
    return;
  }
  await requireMonth(trx, userId, monthId);
  const quota = kind === 'journal' ? 'journals' : 'goals';
  await ensureRoom(trx, quota, quota, 'month_id', monthId).catch(
    refuse(quota, kind === 'journal' ? 'Journal not restored' : 'Goal not restored'),
  );
}

/**
 * Locks the user's month the restored rows belong to; a Conflict when it is in the bin itself
 * (restore it first) or gone for good, worded for an entry or goal, or for an undone import.
 */
export async function requireMonth(
  trx: Transaction<DB>,
  userId: number,
  monthId: number,
  kind: TrashKind = 'journal',
): Promise<void> {
  const month = await locked(
    trx,
    trx.selectFrom('months').select('id').where('id', '=', monthId).where('author_id', '=', userId),
  ).executeTakeFirst();
  if (month) return;
  const binned = await inBin(trx, userId, 'month', monthId);
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
export async function insertSnapshot(
  trx: Transaction<DB>,
  userId: number,
  rows: Snapshot,
): Promise<void> {
  const existing = async (table: 'habits' | 'measures' | 'journals', ids: number[]) => {
    const own = new Set((rows[table] ?? []).map((row) => row.id));
    const others = [...new Set(ids.filter((id) => !own.has(id)))];
    if (others.length === 0) return own;
    const found = await trx
      .selectFrom(table)
      .select('id')
      .where('author_id', '=', userId)
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
  const ticked = await heldOnOlderEntries(trx, userId, 'daily_habits', 'habit_id', rows);
  const valued = await heldOnOlderEntries(trx, userId, 'daily_measures', 'measure_id', rows);
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
  for (const table of SNAPSHOT_TABLES) {
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
async function heldOnOlderEntries(
  trx: Transaction<DB>,
  userId: number,
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
      .where('author_id', '=', userId)
      .where('journal_id', 'in', older.slice(first, first + BATCH_ROWS))
      .execute();
    for (const row of found) held.add(`${row.journal_id} ${row.item}`);
  }
  return held;
}
