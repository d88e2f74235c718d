// The caller's journal entries, one per day of a month; every query is scoped by author_id.
import type { Kysely } from 'kysely';
import type { Journal } from '../../contract/entities.js';
import type { CreateJournal, MonthFilter, UpdateJournal } from '../../contract/requests.js';
import type { DB } from '../db/schema.js';
import { HttpError } from '../http-error.js';
import { runCompiled } from './compiled.js';
import { insertChecked, todayUtc } from './foreign-keys.js';
import type { MonthRepository } from './months.js';

const columns = [
  'id',
  'created_at',
  'highlight',
  'author_id as author',
  'month_id as month',
  'month_id',
] as const;

export class JournalRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly userId: number,
    private readonly months: MonthRepository,
  ) {}

  private select() {
    return this.db.selectFrom('journals').select(columns).where('author_id', '=', this.userId);
  }

  list(filter: MonthFilter): Promise<Journal[]> {
    const ordered = (query: ReturnType<typeof this.select>) =>
      query.orderBy('created_at').orderBy('id');
    const { month } = filter;
    if (month === undefined) {
      return runCompiled(this.db, 'journals.list', () => ordered(this.select()), [this.userId]);
    }
    return runCompiled(
      this.db,
      'journals.list.month',
      () => ordered(this.select().where('month_id', '=', month)),
      [this.userId, month],
    );
  }

  get(id: number): Promise<Journal | undefined> {
    return this.select().where('id', '=', id).executeTakeFirst();
  }

  async create(input: CreateJournal): Promise<Journal> {
    const missing = () => HttpError.invalidPk('month_id', input.month_id);
    if (!(await this.months.owns(input.month_id))) throw missing();
    return insertChecked(
      this.db,
      () =>
        this.db
          .insertInto('journals')
          .values({
            author_id: this.userId,
            month_id: input.month_id,
            highlight: input.highlight,
            created_at: todayUtc(),
          })
          .returning(columns)
          .executeTakeFirstOrThrow(),
      missing,
    );
  }

  update(id: number, changes: UpdateJournal): Promise<Journal | undefined> {
    if (changes.highlight === undefined) return this.get(id);
    return this.db
      .updateTable('journals')
      .set({ highlight: changes.highlight })
      .where('id', '=', id)
      .where('author_id', '=', this.userId)
      .returning(columns)
      .executeTakeFirst();
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

  /** One statement, so its daily habits and measures cascade atomically with it. */
  async remove(id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('journals')
      .where('id', '=', id)
      .where('author_id', '=', this.userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
