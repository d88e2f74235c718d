// The caller's habits or measures: named items of a month; every query is scoped by author_id.
import type { Kysely } from 'kysely';
import type { Habit } from '../../contract/entities.js';
import type { CreateNamed, MonthFilter, UpdateNamed } from '../../contract/requests.js';
import type { DB } from '../db/schema.js';
import { HttpError } from '../http-error.js';
import { insertChecked } from './foreign-keys.js';
import type { PageRequest } from './keyset.js';
import type { MonthRepository } from './months.js';
import { ensureRoom } from './quotas.js';

/** Habits and measures share one shape (Habit and Measure are the same wire type). */
export type MonthItem = Habit;
export type MonthItemTable = 'habits' | 'measures';

const columns = ['id', 'name', 'author_id as author', 'month_id as month', 'month_id'] as const;

export class MonthItemRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly table: MonthItemTable,
    private readonly userId: number,
    private readonly months: MonthRepository,
  ) {}

  private select() {
    return this.db
      .selectFrom(this.table as 'habits')
      .select(columns)
      .where('author_id', '=', this.userId);
  }

  list(filter: MonthFilter): Promise<MonthItem[]> {
    let query = this.select();
    if (filter.month !== undefined) query = query.where('month_id', '=', filter.month);
    return query.orderBy('id').execute();
  }

  /** A page of the caller's items of every month, by id (keyset: see JournalRepository.page). */
  page(_filter: MonthFilter, { after, limit }: PageRequest): Promise<MonthItem[]> {
    let query = this.select();
    if (after) query = query.where('id', '>', after[0] as number);
    return query.orderBy('id').limit(limit).execute();
  }

  get(id: number): Promise<MonthItem | undefined> {
    return this.select().where('id', '=', id).executeTakeFirst();
  }

  /** The item when it is the caller's and belongs to `monthId`. */
  inMonth(id: number, monthId: number): Promise<MonthItem | undefined> {
    return this.select().where('id', '=', id).where('month_id', '=', monthId).executeTakeFirst();
  }

  /** The item when it is the caller's and of the same month as the caller's journal `journalId`. */
  forJournal(id: number, journalId: number): Promise<MonthItem | undefined> {
    return this.db
      .selectFrom(`${this.table as 'habits'} as i`)
      .innerJoin('journals as j', 'j.month_id', 'i.month_id')
      .select(['i.id', 'i.name', 'i.author_id as author', 'i.month_id as month', 'i.month_id'])
      .where('i.id', '=', id)
      .where('i.author_id', '=', this.userId)
      .where('j.id', '=', journalId)
      .where('j.author_id', '=', this.userId)
      .executeTakeFirst();
  }

  async create(input: CreateNamed): Promise<MonthItem> {
    const missing = () => HttpError.invalidPk('month_id', input.month_id);
    if (!(await this.months.lockOwned(input.month_id))) throw missing();
    await ensureRoom(this.db, this.table, this.table, 'month_id', input.month_id);
    return insertChecked(
      this.db,
      () =>
        this.db
          .insertInto(this.table as 'habits')
          .values({ author_id: this.userId, month_id: input.month_id, name: input.name })
          .returning(columns)
          .executeTakeFirstOrThrow(),
      missing,
    );
  }

  update(id: number, changes: UpdateNamed): Promise<MonthItem | undefined> {
    if (changes.name === undefined) return this.get(id);
    return this.db
      .updateTable(this.table as 'habits')
      .set({ name: changes.name })
      .where('id', '=', id)
      .where('author_id', '=', this.userId)
      .returning(columns)
      .executeTakeFirst();
  }

  /** Its daily items cascade with it. */
  async remove(id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom(this.table as 'habits')
      .where('id', '=', id)
      .where('author_id', '=', this.userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
