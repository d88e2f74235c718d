// The caller's months: every query is scoped by author_id.
import type { Kysely } from 'kysely';
import type { Month } from '../../contract/entities.js';
import { formatPeriod, periodFromName, periodParts } from '../../contract/month-period.js';
import type { CreateMonth, UpdateMonth } from '../../contract/requests.js';
import type { DB, Flag } from '../db/schema.js';
import { ensureRoom, locked, lockUser } from './quotas.js';
import { type ExpectedVersions, updateAtVersion } from './row-versions.js';
import { discard } from './trash-bin.js';

const COLUMNS = [
  'id',
  'name',
  'author_id as author',
  'version',
  'period_year',
  'period_month',
  'mood_enabled',
] as const;

interface MonthRow extends Omit<Month, 'period' | 'mood_enabled'> {
  period_year: number | null;
  period_month: number | null;
  mood_enabled: Flag;
}

/** The wire month: its period as `YYYY-MM` (contract/month-period.ts), or null. */
function toMonth({ period_year, period_month, mood_enabled, ...month }: MonthRow): Month {
  const period =
    period_year === null || period_month === null
      ? null
      : formatPeriod({ year: period_year, month: period_month });
  return { ...month, period, mood_enabled: mood_enabled === 1 };
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
   * null), the one its name reads as, if any.
   */
  async create(input: CreateMonth): Promise<Month> {
    await lockUser(this.db, this.userId);
    await ensureRoom(this.db, 'months', 'months', 'author_id', this.userId);
    const period = input.period === undefined ? periodFromName(input.name) : input.period;
    const row = await this.db
      .insertInto('months')
      .values({
        author_id: this.userId,
        name: input.name,
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
    const values = {
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.period === undefined ? {} : periodColumns(changes.period)),
      ...(changes.mood_enabled === undefined
        ? {}
        : { mood_enabled: changes.mood_enabled ? (1 as const) : (0 as const) }),
    };
    const row = { table: 'months', id, authorId: this.userId } as const;
    return updateAtVersion(this.db, row, values, expected, () => this.get(id));
  }

  /** Into the bin (trash-bin.ts): its journals, items and daily items go with it, atomically. */
  async remove(id: number, expected?: ExpectedVersions): Promise<boolean> {
    return discard(this.db, this.userId, 'month', id, expected);
  }
}
