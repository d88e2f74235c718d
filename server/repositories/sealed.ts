// Private months in the repositories: which month is private, a body's `sealed` as its column, and the stored envelopes back on the wire.
import type { Kysely } from 'kysely';
import type { SealedEnvelope } from '../../contract/sealed.js';
import { SEALED_MESSAGES } from '../../contract/sealed-rules.js';
import type { DB } from '../db/schema.js';
import { InvalidInput } from './errors.js';

/** The tables whose rows carry their month's id. */
type MonthRowTable = 'journals' | 'goals' | 'habits' | 'measures';
/** The tables whose rows belong to a month through their entry. */
type DailyTable = 'daily_habits' | 'daily_measures';

/** True when the caller's month `monthId` is private (its key is set). */
export async function monthIsPrivate(
  db: Kysely<DB>,
  userId: number,
  monthId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('months')
    .select('month_key')
    .where('id', '=', monthId)
    .where('author_id', '=', userId)
    .executeTakeFirst();
  return row?.month_key != null;
}

/** Whether the caller's row `id` of `table` is in a private month; undefined when there is no such row. */
async function rowIsPrivate(
  db: Kysely<DB>,
  userId: number,
  table: MonthRowTable | DailyTable,
  id: number,
): Promise<boolean | undefined> {
  const query =
    table === 'daily_habits' || table === 'daily_measures'
      ? db
          .selectFrom(`${table} as r` as 'daily_habits as r')
          .innerJoin('journals as j', 'j.id', 'r.journal_id')
          .innerJoin('months as m', 'm.id', 'j.month_id')
      : db
          .selectFrom(`${table} as r` as 'goals as r')
          .innerJoin('months as m', 'm.id', 'r.month_id');
  const row = await query
    .select('m.month_key')
    .where('r.id', '=', id)
    .where('r.author_id', '=', userId)
    .executeTakeFirst();
  return row && row.month_key !== null;
}

/**
 * The `sealed` column a create in the caller's month `monthId` sets (sealedColumn). Whether the
 * month is private is asked only when the body sends `sealed`: most creates do not, and each is
 * one query fewer.
 */
export async function sealedCreate(
  db: Kysely<DB>,
  userId: number,
  monthId: number,
  sealed: SealedEnvelope | null | undefined,
): Promise<{ sealed?: string | null }> {
  if (sealed === undefined) return {};
  return sealedColumn(sealed, await monthIsPrivate(db, userId, monthId));
}

/**
 * The `sealed` column an update of row `id` sets (sealedColumn). For a row the caller does not
 * have, nothing: the update then answers 404 as for any other missing row, never telling
 * whether someone else's month is private.
 */
export async function sealedUpdate(
  db: Kysely<DB>,
  userId: number,
  table: MonthRowTable | DailyTable,
  id: number,
  sealed: SealedEnvelope | null | undefined,
): Promise<{ sealed?: string | null }> {
  if (sealed === undefined) return {};
  const inPrivateMonth = await rowIsPrivate(db, userId, table, id);
  return inPrivateMonth === undefined ? {} : sealedColumn(sealed, inPrivateMonth);
}

/**
 * The `sealed` column a body sets: `{}` when it sends none, the envelope as JSON text, or null
 * (plain content). Only a private month's rows take it: in a plain month it is refused, so a
 * browser that believes a month private never leaves readable-looking blanks in a plain one.
 */
export function sealedColumn(
  sealed: SealedEnvelope | null | undefined,
  inPrivateMonth: boolean,
): { sealed?: string | null } {
  if (sealed === undefined) return {};
  if (!inPrivateMonth) throw InvalidInput.field('sealed', SEALED_MESSAGES.plainMonth);
  return { sealed: sealed === null ? null : envelopeText(sealed) };
}

/** Stored as `{v, nonce, ct}` in that order, whatever order the body had. */
export function envelopeText({ v, nonce, ct }: SealedEnvelope): string {
  return JSON.stringify({ v, nonce, ct });
}

/**
 * A row's envelope columns as the wire has them: parsed when set, left out when null, so a plain
 * row answers exactly as it did before private months.
 */
export function withEnvelopes<Row extends { sealed?: string | null; month_key?: string | null }>(
  row: Row,
): Omit<Row, 'sealed' | 'month_key'> & { sealed?: SealedEnvelope; month_key?: SealedEnvelope } {
  const { sealed, month_key, ...rest } = row;
  return {
    ...rest,
    ...(sealed == null ? {} : { sealed: JSON.parse(sealed) as SealedEnvelope }),
    ...(month_key == null ? {} : { month_key: JSON.parse(month_key) as SealedEnvelope }),
  };
}

/** True when any item of the month (its entries, their days, goals, habits, measures) is sealed. */
export async function monthHoldsSealed(db: Kysely<DB>, monthId: number): Promise<boolean> {
  const sealedIn = (table: MonthRowTable) =>
    db
      .selectFrom(table as 'goals')
      .select('id')
      .where('month_id', '=', monthId)
      .where('sealed', 'is not', null);
  const sealedDaily = (table: DailyTable) =>
    db
      .selectFrom(`${table} as d` as 'daily_habits as d')
      .innerJoin('journals as j', 'j.id', 'd.journal_id')
      .select('d.id')
      .where('j.month_id', '=', monthId)
      .where('d.sealed', 'is not', null);
  const found = await sealedIn('journals')
    .union(sealedIn('goals'))
    .union(sealedIn('habits'))
    .union(sealedIn('measures'))
    .union(sealedDaily('daily_habits'))
    .union(sealedDaily('daily_measures'))
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}
