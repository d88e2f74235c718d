// The caller's daily measures: the value of a measure of the month on a journal's day.
import { type Kysely, sql } from 'kysely';
import type { DailyMeasure, FieldErrors } from '../../contract/entities.js';
import type {
  CreateDailyMeasure,
  DailyFilter,
  UpdateDailyMeasure,
} from '../../contract/requests.js';
import { MESSAGES } from '../../contract/rules.js';
import type { DB } from '../db/schema.js';
import { HttpError } from '../http-error.js';
import { runCompiled } from './compiled.js';
import { insertChecked } from './foreign-keys.js';
import type { JournalRepository } from './journals.js';
import type { PageRequest } from './keyset.js';
import type { MonthItemRepository } from './month-items.js';
import { ensureRoom, locked } from './quotas.js';

interface DailyMeasureRow {
  id: number;
  metric: number;
  measure_id: number;
  journal_id: number;
  measure_name: string;
  measure_month: number;
}

/** The measure's author is the caller: every row here is scoped to one author. */
const toDailyMeasure = (row: DailyMeasureRow, author: number): DailyMeasure => ({
  id: row.id,
  metric: row.metric,
  measure: {
    id: row.measure_id,
    name: row.measure_name,
    author,
    month: row.measure_month,
    month_id: row.measure_month,
  },
  measure_id: row.measure_id,
  journal: row.journal_id,
  journal_id: row.journal_id,
});

const columns = [
  'd.id',
  'd.metric',
  'd.measure_id',
  'd.journal_id',
  'm.name as measure_name',
  'm.month_id as measure_month',
] as const;

export class DailyMeasureRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly userId: number,
    private readonly journals: JournalRepository,
    private readonly measures: MonthItemRepository,
  ) {}

  /** One query with the measure joined in, so a whole month costs a single round trip. */
  private select() {
    return this.db
      .selectFrom('daily_measures as d')
      .innerJoin('measures as m', 'm.id', 'd.measure_id')
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
      .selectFrom('daily_measures as d')
      .innerJoin('measures as m', 'm.id', 'd.measure_id')
      .select(columns)
      .where(sql<number>`+${sql.ref('d.author_id')}`, '=', this.userId);
  }

  async list(filter: DailyFilter): Promise<DailyMeasure[]> {
    const { journal, month } = filter;
    const parameters: number[] = [this.userId];
    if (journal !== undefined) parameters.push(journal);
    if (month !== undefined) parameters.push(month);
    const key = `dailyMeasures.list.${journal !== undefined}.${month !== undefined}`;
    const rows = await runCompiled(
      this.db,
      key,
      () => {
        let query =
          journal === undefined && month === undefined ? this.select() : this.selectFiltered();
        if (journal !== undefined) query = query.where('d.journal_id', '=', journal);
        if (month !== undefined) query = query.where('m.month_id', '=', month);
        return query.orderBy('d.id');
      },
      parameters,
    );
    return rows.map((row) => toDailyMeasure(row, this.userId));
  }

  /** A page of the caller's daily items of every month, by id (keyset: see JournalRepository.page). */
  async page(_filter: DailyFilter, { after, limit }: PageRequest): Promise<DailyMeasure[]> {
    let query = this.select();
    if (after) query = query.where('d.id', '>', after[0] as number);
    const rows = await query.orderBy('d.id').limit(limit).execute();
    return rows.map((row) => toDailyMeasure(row, this.userId));
  }

  async get(id: number): Promise<DailyMeasure | undefined> {
    const row = await this.select().where('d.id', '=', id).executeTakeFirst();
    return row && toDailyMeasure(row, this.userId);
  }

  /** The measure must be the caller's and of the same month as the caller's journal. */
  async create(input: CreateDailyMeasure): Promise<DailyMeasure> {
    const measure = await this.measures.forJournal(input.measure_id, input.journal_id);
    if (!measure) throw await this.invalidParents(input);
    // One per measure of the month is all a day needs: the month's list stays bounded (quotas.ts).
    await locked(
      this.db,
      this.db.selectFrom('journals').select('id').where('id', '=', input.journal_id),
    ).execute();
    await ensureRoom(this.db, 'daily_measures', 'daily_measures', 'journal_id', input.journal_id);
    const row = await insertChecked(
      this.db,
      () =>
        this.db
          .insertInto('daily_measures')
          .values({
            author_id: this.userId,
            journal_id: input.journal_id,
            measure_id: measure.id,
            metric: input.metric,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      // The journal or the item went between the check and the insert: say which.
      () => this.invalidParents(input),
    );
    return toDailyMeasure(
      {
        id: row.id,
        metric: input.metric,
        measure_id: measure.id,
        journal_id: input.journal_id,
        measure_name: measure.name,
        measure_month: measure.month_id,
      },
      this.userId,
    );
  }

  /** Names every id that is missing, not the caller's, or (for the measure) of another month. */
  private async invalidParents(input: CreateDailyMeasure): Promise<HttpError> {
    const errors: FieldErrors = {};
    const monthId = await this.journals.monthOf(input.journal_id);
    if (monthId === undefined) errors.journal_id = [MESSAGES.invalidPk(input.journal_id)];
    const measure =
      monthId === undefined
        ? await this.measures.get(input.measure_id)
        : await this.measures.inMonth(input.measure_id, monthId);
    if (!measure) errors.measure_id = [MESSAGES.invalidPk(input.measure_id)];
    if (Object.keys(errors).length === 0)
      errors.journal_id = [MESSAGES.invalidPk(input.journal_id)];
    return new HttpError(400, errors);
  }

  async update(id: number, changes: UpdateDailyMeasure): Promise<DailyMeasure | undefined> {
    if (changes.metric !== undefined) {
      const result = await this.db
        .updateTable('daily_measures')
        .set({ metric: changes.metric })
        .where('id', '=', id)
        .where('author_id', '=', this.userId)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return undefined;
    }
    return this.get(id);
  }

  async remove(id: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('daily_measures')
      .where('id', '=', id)
      .where('author_id', '=', this.userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
