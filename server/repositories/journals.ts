// The caller's journal entries, one per day of a month; every query is scoped by author_id.
import type { Kysely } from 'kysely';
import type { Journal } from '../../contract/entities.js';
import { dateOutsidePeriod, defaultEntryDate, formatPeriod } from '../../contract/month-period.js';
import type { CreateJournal, UpdateJournal } from '../../contract/requests.js';
import { MESSAGES } from '../../contract/rules.js';
import {
  type JournalListQuery,
  type JournalSearchHit,
  SEARCH_MESSAGES,
  SEARCH_RESULTS_LIMIT,
} from '../../contract/search.js';
import type { DB } from '../db/schema.js';
import { InvalidInput } from './errors.js';
import { insertChecked, todayUtc } from './foreign-keys.js';
import { searchJournals, searchText } from './journal-search.js';
import { afterDateId, type CursorKey, type PageRequest } from './keyset.js';
import type { MonthRepository } from './months.js';
import { ensureRoom } from './quotas.js';
import { type ExpectedVersions, updateAtVersion } from './row-versions.js';
import { sealedCreate, sealedUpdate, withEnvelopes } from './sealed.js';
import { discard } from './trash-bin.js';

const columns = [
  'id',
  'created_at',
  'highlight',
  'author_id as author',
  'month_id as month',
  'month_id',
  'version',
  'note',
  'mood',
  'sealed',
] as const;

/** The wire entry of a row: its envelope parsed, or left out while plain (sealed.ts). */
const toJournal = (row: { sealed: string | null } & Omit<Journal, 'sealed'>): Journal =>
  withEnvelopes(row);
const toJournals = (rows: ({ sealed: string | null } & Omit<Journal, 'sealed'>)[]) =>
  rows.map(toJournal);

/**
 * What an entry whose content is sealed keeps in plain columns: nothing. Its search copy is that
 * of blank text, not '' (which marks a row the next search must fold, one update per row).
 */
const SEALED_ENTRY = {
  highlight: '',
  note: '',
  mood: null,
  highlight_search: searchText(''),
} as const;

export class JournalRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly userId: number,
    private readonly months: MonthRepository,
  ) {}

  private select() {
    return this.db.selectFrom('journals').select(columns).where('author_id', '=', this.userId);
  }

  /** By date, then id; with `search`, the newest hits instead (see `search`). */
  list(filter: JournalListQuery): Promise<Journal[]> {
    if (filter.search !== undefined) return this.search(filter.search, filter);
    if (filter.period !== undefined) {
      throw InvalidInput.field('period', SEARCH_MESSAGES.periodWithoutSearch);
    }
    const ordered = (query: ReturnType<typeof this.select>) =>
      query.orderBy('created_at').orderBy('id');
    const { month } = filter;
    const query = month === undefined ? this.select() : this.select().where('month_id', '=', month);
    return ordered(query).execute().then(toJournals);
  }

  /**
   * A page of `list` (a search's hits, newest first, with `search`): the `limit` items after the
   * `(created_at, id)` of `after`. Keyset, not OFFSET: a page costs the same however deep it is,
   * and rows written meanwhile neither repeat nor skip an item.
   */
  page(filter: JournalListQuery, { after, limit }: PageRequest): Promise<Journal[]> {
    if (filter.search !== undefined) return this.search(filter.search, filter, { after, limit });
    if (filter.period !== undefined) {
      throw InvalidInput.field('period', SEARCH_MESSAGES.periodWithoutSearch);
    }
    let query = this.select();
    if (filter.month !== undefined) query = query.where('month_id', '=', filter.month);
    if (after)
      query = query.where(afterDateId<DB, 'journals'>('created_at', 'id', dateIdOf(after), 'asc'));
    return query.orderBy('created_at').orderBy('id').limit(limit).execute().then(toJournals);
  }

  /** A page of the hits of `search` (journal-search.ts), newest first, within `month` and `period`. */
  search(
    search: string,
    { month, period }: JournalListQuery = {},
    page: PageRequest = { limit: SEARCH_RESULTS_LIMIT },
  ): Promise<JournalSearchHit[]> {
    return searchJournals(this.db, this.userId, {
      search,
      page,
      ...(month === undefined ? {} : { month }),
      ...(period === undefined ? {} : { period }),
    });
  }

  async get(id: number): Promise<Journal | undefined> {
    const row = await this.select().where('id', '=', id).executeTakeFirst();
    return row && toJournal(row);
  }

  async create(input: CreateJournal): Promise<Journal> {
    const missing = () => InvalidInput.invalidPk('month_id', input.month_id);
    if (!(await this.months.lockOwned(input.month_id))) throw missing();
    const sealed = await sealedCreate(this.db, this.userId, input.month_id, input.sealed);
    const period = await this.periodOfMonth(input.month_id);
    // Without a date, today, unless the month's period is elsewhere: then its first day.
    const createdAt = checkedDate(input.created_at) ?? defaultEntryDate(period, [], todayUtc());
    refuseOutside(createdAt, period);
    await ensureRoom(this.db, 'journals', 'journals', 'month_id', input.month_id);
    const highlight = input.highlight ?? '';
    const content = sealed.sealed
      ? SEALED_ENTRY
      : {
          highlight,
          note: input.note ?? '',
          mood: input.mood ?? null,
          highlight_search: searchText(highlight, input.note),
        };
    const row = await insertChecked(
      this.db,
      () =>
        this.db
          .insertInto('journals')
          .values({
            author_id: this.userId,
            month_id: input.month_id,
            ...content,
            ...sealed,
            created_at: createdAt,
          })
          .returning(columns)
          .executeTakeFirstOrThrow(),
      missing,
    );
    return toJournal(row);
  }

  /** With `expected` (If-Match), only from one of those versions (row-versions.ts). */
  async update(
    id: number,
    changes: UpdateJournal,
    expected?: ExpectedVersions,
  ): Promise<Journal | undefined> {
    const { highlight, note, mood } = changes;
    const createdAt = checkedDate(changes.created_at);
    if (createdAt !== undefined) refuseOutside(createdAt, await this.periodOfJournal(id));
    const sealed = await sealedUpdate(this.db, this.userId, 'journals', id, changes.sealed);
    const content = sealed.sealed
      ? SEALED_ENTRY
      : {
          ...(highlight === undefined ? {} : { highlight }),
          ...(note === undefined ? {} : { note }),
          ...(mood === undefined ? {} : { mood }),
          ...searchColumn(highlight, note),
        };
    const values = {
      ...content,
      ...sealed,
      ...(createdAt === undefined ? {} : { created_at: createdAt }),
    };
    const row = { table: 'journals', id, authorId: this.userId } as const;
    return updateAtVersion(this.db, row, values, expected, () => this.get(id));
  }

  /** The period of the caller's month (`YYYY-MM`), or null. */
  private async periodOfMonth(id: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('months')
      .select(['period_year', 'period_month'])
      .where('id', '=', id)
      .where('author_id', '=', this.userId)
      .executeTakeFirst();
    return row ? periodOf(row) : null;
  }

  /** The period of the caller's journal's month; null without one (or without such a journal). */
  private async periodOfJournal(id: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('journals')
      .innerJoin('months', 'months.id', 'journals.month_id')
      .select(['months.period_year', 'months.period_month'])
      .where('journals.id', '=', id)
      .where('journals.author_id', '=', this.userId)
      .executeTakeFirst();
    return row ? periodOf(row) : null;
  }

  /** True when the journal exists and is the caller's; returns its month for daily items. */
  async monthOf(id: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('journals')
      .select('month_id')
      .where('id', '=', id)
      .where('author_id', '=', this.userId)
      .executeTakeFirst();
    return row?.month_id;
  }

  /** Into the bin (trash-bin.ts): its daily habits and measures go with it, atomically. */
  async remove(id: number, expected?: ExpectedVersions): Promise<boolean> {
    return discard(this.db, this.userId, 'journal', id, expected);
  }
}

/**
 * The schema's `date` format checks the calendar; PostgreSQL has no year 0, which that format
 * allows, so the same field error keeps it from becoming a database error.
 */
function checkedDate(date: string | undefined): string | undefined {
  if (date !== undefined && date < '0001-01-01') {
    throw InvalidInput.field('created_at', MESSAGES.invalidDate);
  }
  return date;
}

function periodOf(row: { period_year: number | null; period_month: number | null }) {
  return row.period_year === null || row.period_month === null
    ? null
    : formatPeriod({ year: row.period_year, month: row.period_month });
}

/** An entry of a month with a period is dated inside it (contract/month-period.ts). */
function refuseOutside(date: string, period: string | null): void {
  const problem = dateOutsidePeriod(date, period);
  if (problem) throw InvalidInput.field('created_at', problem);
}

/** Journal pages are keyed by `[created_at, id]` (the route decodes only that shape for them). */
function dateIdOf(key: CursorKey): readonly [string, number] {
  return key as readonly [string, number];
}

/**
 * The search copy for a PATCH: folded here when both texts are sent (the journal form sends
 * both); '' when only one is (the other is in the row, not here), which the next search folds
 * from the row itself (foldUnfolded), so no read is needed and no race can leave it stale.
 */
function searchColumn(highlight: string | undefined, note: string | undefined) {
  if (highlight === undefined && note === undefined) return {};
  if (highlight !== undefined && note !== undefined) {
    return { highlight_search: searchText(highlight, note) };
  }
  return { highlight_search: '' };
}
