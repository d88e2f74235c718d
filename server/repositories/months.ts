// The caller's months: every query is scoped by author_id.
import type { Kysely } from 'kysely';
import type { Month } from '../../contract/entities.js';
import { formatPeriod, periodFromName, periodParts } from '../../contract/month-period.js';
import type { CreateMonth, UpdateMonth } from '../../contract/requests.js';
import { MONTH_KEY_SET, MONTH_STILL_SEALED, SEALED_MESSAGES } from '../../contract/sealed-rules.js';
import type { DB, Flag } from '../db/schema.js';
import { Conflict, InvalidInput } from './errors.js';
import { ensureRoom, locked, lockUser } from './quotas.js';
import { currentAtVersion, type ExpectedVersions, updateAtVersion } from './row-versions.js';
import { envelopeText, monthHoldsSealed, sealedColumn, withEnvelopes } from './sealed.js';
import { discard } from './trash-bin.js';

const COLUMNS = [
  'id',
  'name',
  'author_id as author',
  'version',
  'period_year',
  'period_month',
  'mood_enabled',
  'month_key',
  'sealed',
] as const;

interface MonthRow extends Omit<Month, 'period' | 'mood_enabled' | 'month_key' | 'sealed'> {
  period_year: number | null;
  period_month: number | null;
  mood_enabled: Flag;
  month_key: string | null;
  sealed: string | null;
}

/** The wire month: its period as `YYYY-MM` (contract/month-period.ts), or null. */
function toMonth({ period_year, period_month, mood_enabled, ...month }: MonthRow): Month {
  const period =
    period_year === null || period_month === null
      ? null
      : formatPeriod({ year: period_year, month: period_month });
  return { ...withEnvelopes(month), period, mood_enabled: mood_enabled === 1 };
}

/** The two columns of a period (both null for none). */
function periodColumns(period: string | null) {
  const parts = periodParts(period);
  return { period_year: parts?.year ?? null, period_month: parts?.month ?? null };
}

export class MonthRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly userId: number,
  ) {}

  private select() {
    return this.db.selectFrom('months').select(COLUMNS).where('author_id', '=', this.userId);
  }

  async list(): Promise<Month[]> {
    const rows = await this.select().orderBy('id').execute();
    return rows.map(toMonth);
  }

  async get(id: number): Promise<Month | undefined> {
    const row = await this.select().where('id', '=', id).executeTakeFirst();
    return row && toMonth(row);
  }

  /** True when the month exists and is the caller's. */
  async owns(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('months')
      .select('id')
      .where('id', '=', id)
      .where('author_id', '=', this.userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * True when the month exists and is the caller's; on PostgreSQL its row stays locked until the
   * transaction ends, so the caller can count what it holds before adding to it (quotas.ts).
   */
  async lockOwned(id: number): Promise<boolean> {
    const row = await locked(
      this.db,
      this.db
        .selectFrom('months')
        .select('id')
        .where('id', '=', id)
        .where('author_id', '=', this.userId),
    ).executeTakeFirst();
    return row !== undefined;
  }

  /**
   * At most MONTHS_PER_ACCOUNT months (contract/quotas.ts). Without a `period` (undefined, not
   * null), the one its name reads as, if any. A private month (with `month_key`) stores its
   * name as '': the name, if any, is in its envelope.
   */
  async create(input: CreateMonth): Promise<Month> {
    const monthKey = input.month_key ?? null;
    const sealed = sealedColumn(input.sealed, monthKey !== null);
    await lockUser(this.db, this.userId);
    await ensureRoom(this.db, 'months', 'months', 'author_id', this.userId);
    const name = monthKey === null ? input.name : '';
    const period = input.period === undefined ? periodFromName(name) : input.period;
    const row = await this.db
      .insertInto('months')
      .values({
        author_id: this.userId,
        name,
        month_key: monthKey === null ? null : envelopeText(monthKey),
        ...sealed,
        ...periodColumns(period),
        ...(input.mood_enabled === false ? { mood_enabled: 0 as const } : {}),
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toMonth(row);
  }

  /** With `expected` (If-Match), only from one of those versions (row-versions.ts). */
  async update(
    id: number,
    changes: UpdateMonth,
    expected?: ExpectedVersions,
  ): Promise<Month | undefined> {
    const current = await currentAtVersion(expected, () => this.get(id));
    if (!current) return undefined;
    const privacy = await this.privacyChange(id, current, changes);
    const sealed = sealedColumn(changes.sealed, privacy.isPrivate);
    // An envelope holds the name: the plaintext one goes.
    const name = sealed.sealed ? '' : changes.name;
    const values = {
      ...privacy.values,
      ...sealed,
      ...(name === undefined ? {} : { name }),
      ...(changes.period === undefined ? {} : periodColumns(changes.period)),
      ...(changes.mood_enabled === undefined
        ? {}
        : { mood_enabled: changes.mood_enabled ? (1 as const) : (0 as const) }),
    };
    const row = { table: 'months', id, authorId: this.userId } as const;
    return updateAtVersion(this.db, row, values, expected, () => this.get(id));
  }

  /**
   * What `month_key` in a change does: set on a plain month, it makes it private (its items are
   * sealed one by one afterwards, so a private month may hold plain ones meanwhile); null makes a
   * private month plain, with its name and once none of its items is sealed any more, since
   * without the key nothing could open them. A private month's key is never replaced.
   */
  private async privacyChange(
    id: number,
    current: Month,
    changes: UpdateMonth,
  ): Promise<{ isPrivate: boolean; values: { month_key?: string | null; sealed?: null } }> {
    const wasPrivate = current.month_key !== undefined;
    const { month_key } = changes;
    if (month_key === undefined) return { isPrivate: wasPrivate, values: {} };
    if (month_key !== null) {
      const key = envelopeText(month_key);
      if (wasPrivate && envelopeText(current.month_key as typeof month_key) !== key) {
        throw new Conflict(SEALED_MESSAGES.keySet, MONTH_KEY_SET);
      }
      return { isPrivate: true, values: { month_key: key } };
    }
    if (!wasPrivate) return { isPrivate: false, values: {} };
    if (!changes.name) {
      throw InvalidInput.field('name', SEALED_MESSAGES.nameToMakePlain);
    }
    if (await monthHoldsSealed(this.db, id)) {
      throw new Conflict(SEALED_MESSAGES.stillSealed, MONTH_STILL_SEALED);
    }
    return { isPrivate: false, values: { month_key: null, sealed: null } };
  }

  /** Into the bin (trash-bin.ts): its journals, items and daily items go with it, atomically. */
  async remove(id: number, expected?: ExpectedVersions): Promise<boolean> {
    return discard(this.db, this.userId, 'month', id, expected);
  }
}
