// The caller's daily habits: whether a habit of the month was practiced on a journal's day.
import { type Kysely, sql } from 'kysely';
import type { DailyHabit, FieldErrors } from '../../contract/entities.js';
import type { CreateDailyHabit, DailyFilter, UpdateDailyHabit } from '../../contract/requests.js';
import { MESSAGES } from '../../contract/rules.js';
import type { DB, Flag } from '../db/schema.js';
import { HttpError } from '../http-error.js';
import { runCompiled } from './compiled.js';
import { insertChecked } from './foreign-keys.js';
import type { JournalRepository } from './journals.js';
import type { PageRequest } from './keyset.js';
import type { MonthItemRepository } from './month-items.js';
import { ensureRoom, locked } from './quotas.js';

interface DailyHabitRow {
  id: number;
  is_practiced: Flag;
  habit_id: number;
  journal_id: number;
  habit_name: string;
  habit_month: number;
}

/** The habit's author is the caller: every row here is scoped to one author. */
const toDailyHabit = (row: DailyHabitRow, author: number): DailyHabit => ({
  id: row.id,
  is_practiced: row.is_practiced === 1,
  habit: {
    id: row.habit_id,
    name: row.habit_name,
    author,
    month: row.habit_month,
    month_id: row.habit_month,
  },
  habit_id: row.habit_id,
  journal: row.journal_id,
  journal_id: row.journal_id,
});

const columns = [
  'd.id',
  'd.is_practiced',
  'd.habit_id',
  'd.journal_id',
  'h.name as habit_name',
  'h.month_id as habit_month',
] as const;

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
      .select(columns)
      .where('d.author_id', '=', this.userId);
  }

  /**
   * Filtered lists scope by author with `+d.author_id`, which SQLite cannot answer from an index:
   * without statistics its planner would otherwise walk every daily item the user ever made
   * through the author index instead of using the far narrower month or journal index.
   */
  private selectFiltered() {
    return this.db
      .selectFrom('daily_habits as d')
      .innerJoin('habits as h', 'h.id', 'd.habit_id')
      .select(columns)
      .where(sql<number>`+${sql.ref('d.author_id')}`, '=', this.userId);
  }

  async list(filter: DailyFilter): Promise<DailyHabit[]> {
    const { journal, month } = filter;
    const parameters: number[] = [this.userId];
    if (journal !== undefined) parameters.push(journal);
    if (month !== undefined) parameters.push(month);
    const key = `dailyHabits.list.${journal !== undefined}.${month !== undefined}`;
    const rows = await runCompiled(
      this.db,
      key,
      () => {
        let query =
          journal === undefined && month === undefined ? this.select() : this.selectFiltered();
        if (journal !== undefined) query = query.where('d.journal_id', '=', journal);
        if (month !== undefined) query = query.where('h.month_id', '=', month);
        return query.orderBy('d.id');
      },
      parameters,
    );
    return rows.map((row) => toDailyHabit(row, this.userId));
  }

  /** A page of the caller's daily items of every month, by id (keyset: see JournalRepository.page). */
  async page(_filter: DailyFilter, { after, limit }: PageRequest): Promise<DailyHabit[]> {
    let query = this.select();
    if (after) query = query.where('d.id', '>', after[0] as number);
    const rows = await query.orderBy('d.id').limit(limit).execute();
    return rows.map((row) => toDailyHabit(row, this.userId));
  }

  async get(id: number): Promise<DailyHabit | undefined> {
    const row = await this.select().where('d.id', '=', id).executeTakeFirst();
    return row && toDailyHabit(row, this.userId);
  }

  /** The habit must be the caller's and of the same month as the caller's journal. */
  async create(input: CreateDailyHabit): Promise<DailyHabit> {
    const habit = await this.habits.forJournal(input.habit_id, input.journal_id);
    if (!habit) throw await this.invalidParents(input);
    // One per habit of the month is all a day needs: the month's list stays bounded (quotas.ts).
    await locked(
      this.db,
      this.db.selectFrom('journals').select('id').where('id', '=', input.journal_id),
    ).execute();
    await ensureRoom(this.db, 'daily_habits', 'daily_habits', 'journal_id', input.journal_id);
    const isPracticed = input.is_practiced ?? false;
    const row = await insertChecked(
      this.db,
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
      // The journal or the item went between the check and the insert: say which.
      () => this.invalidParents(input),
    );
    return toDailyHabit(
      {
        id: row.id,
        is_practiced: isPracticed ? 1 : 0,
        habit_id: habit.id,
        journal_id: input.journal_id,
        habit_name: habit.name,
        habit_month: habit.month_id,
      },
      this.userId,
    );
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
