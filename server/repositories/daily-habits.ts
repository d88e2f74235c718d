// The caller's daily habits: whether a habit of the month was practiced on a journal's day.
import type { Kysely } from 'kysely';
import type { DailyHabit, FieldErrors } from '../../contract/entities.js';
import type { CreateDailyHabit, DailyFilter, UpdateDailyHabit } from '../../contract/requests.js';
import { MESSAGES } from '../../contract/rules.js';
import type { DB, Flag } from '../db/schema.js';
import { HttpError } from '../http-error.js';
import { insertChecked } from './foreign-keys.js';
import type { JournalRepository } from './journals.js';
import type { MonthItemRepository } from './month-items.js';

interface DailyHabitRow {
  id: number;
  is_practiced: Flag;
  habit_id: number;
  journal_id: number;
  habit_name: string;
  habit_author: number;
  habit_month: number;
}

const toDailyHabit = (row: DailyHabitRow): DailyHabit => ({
  id: row.id,
  is_practiced: row.is_practiced === 1,
  habit: {
    id: row.habit_id,
    name: row.habit_name,
    author: row.habit_author,
    month: row.habit_month,
    month_id: row.habit_month,
  },
  habit_id: row.habit_id,
  journal: row.journal_id,
  journal_id: row.journal_id,
});

export class DailyHabitRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly userId: number,
    private readonly journals: JournalRepository,
    private readonly habits: MonthItemRepository,
  ) {}

  /** One query with the habit joined in, so a whole month costs a single round trip. */
  private select() {
    return this.db
      .selectFrom('daily_habits as d')
      .innerJoin('habits as h', 'h.id', 'd.habit_id')
      .select([
        'd.id',
        'd.is_practiced',
        'd.habit_id',
        'd.journal_id',
        'h.name as habit_name',
        'h.author_id as habit_author',
        'h.month_id as habit_month',
      ])
      .where('d.author_id', '=', this.userId);
  }

  async list(filter: DailyFilter): Promise<DailyHabit[]> {
    let query = this.select();
    if (filter.journal !== undefined) query = query.where('d.journal_id', '=', filter.journal);
    if (filter.month !== undefined) query = query.where('h.month_id', '=', filter.month);
    return (await query.orderBy('d.id').execute()).map(toDailyHabit);
  }

  async get(id: number): Promise<DailyHabit | undefined> {
    const row = await this.select().where('d.id', '=', id).executeTakeFirst();
    return row && toDailyHabit(row);
  }

  /** The habit must be the caller's and of the same month as the caller's journal. */
  async create(input: CreateDailyHabit): Promise<DailyHabit> {
    const habit = await this.db
      .selectFrom('habits as h')
      .innerJoin('journals as j', 'j.month_id', 'h.month_id')
      .select(['h.id', 'h.name', 'h.author_id', 'h.month_id'])
      .where('h.id', '=', input.habit_id)
      .where('h.author_id', '=', this.userId)
      .where('j.id', '=', input.journal_id)
      .where('j.author_id', '=', this.userId)
      .executeTakeFirst();
    if (!habit) throw await this.invalidParents(input);
    const isPracticed = input.is_practiced ?? false;
    const row = await insertChecked(
      () =>
        this.db
          .insertInto('daily_habits')
          .values({
            author_id: this.userId,
            journal_id: input.journal_id,
            habit_id: habit.id,
            is_practiced: isPracticed ? 1 : 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      () => HttpError.invalidPk('journal_id', input.journal_id),
    );
    return toDailyHabit({
      id: row.id,
      is_practiced: isPracticed ? 1 : 0,
      habit_id: habit.id,
      journal_id: input.journal_id,
      habit_name: habit.name,
      habit_author: habit.author_id,
      habit_month: habit.month_id,
    });
  }

  /** Names every id that is missing, not the caller's, or (for the habit) of another month. */
  private async invalidParents(input: CreateDailyHabit): Promise<HttpError> {
    const errors: FieldErrors = {};
    const monthId = await this.journals.monthOf(input.journal_id);
    if (monthId === undefined) errors.journal_id = [MESSAGES.invalidPk(input.journal_id)];
    const habit =
      monthId === undefined
        ? await this.habits.get(input.habit_id)
        : await this.habits.inMonth(input.habit_id, monthId);
    if (!habit) errors.habit_id = [MESSAGES.invalidPk(input.habit_id)];
    if (Object.keys(errors).length === 0)
      errors.journal_id = [MESSAGES.invalidPk(input.journal_id)];
    return new HttpError(400, errors);
  }

  async update(id: number, changes: UpdateDailyHabit): Promise<DailyHabit | undefined> {
    if (changes.is_practiced !== undefined) {
      const result = await this.db
        .updateTable('daily_habits')
        .set({ is_practiced: changes.is_practiced ? 1 : 0 })
        .where('id', '=', id)
        .where('author_id', '=', this.userId)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return undefined;
    }
    return this.get(id);
  }

  async remove(id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('daily_habits')
      .where('id', '=', id)
      .where('author_id', '=', this.userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
