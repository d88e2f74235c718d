// The caller's daily measures: the value of a measure of the month on a journal's day.
import type { Kysely } from 'kysely';
import type { DailyMeasure, FieldErrors } from '../../contract/entities.js';
import type {
  CreateDailyMeasure,
  DailyFilter,
  UpdateDailyMeasure,
} from '../../contract/requests.js';
import { MESSAGES } from '../../contract/rules.js';
import type { DB } from '../db/schema.js';
import { HttpError } from '../http-error.js';
import { insertChecked } from './foreign-keys.js';
import type { JournalRepository } from './journals.js';
import type { MonthItemRepository } from './month-items.js';

interface DailyMeasureRow {
  id: number;
  metric: number;
  measure_id: number;
  journal_id: number;
  measure_name: string;
  measure_author: number;
  measure_month: number;
}

const toDailyMeasure = (row: DailyMeasureRow): DailyMeasure => ({
  id: row.id,
  metric: row.metric,
  measure: {
    id: row.measure_id,
    name: row.measure_name,
    author: row.measure_author,
    month: row.measure_month,
    month_id: row.measure_month,
  },
  measure_id: row.measure_id,
  journal: row.journal_id,
  journal_id: row.journal_id,
});

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
      .select([
        'd.id',
        'd.metric',
        'd.measure_id',
        'd.journal_id',
        'm.name as measure_name',
        'm.author_id as measure_author',
        'm.month_id as measure_month',
      ])
      .where('d.author_id', '=', this.userId);
  }

  async list(filter: DailyFilter): Promise<DailyMeasure[]> {
    let query = this.select();
    if (filter.journal !== undefined) query = query.where('d.journal_id', '=', filter.journal);
    if (filter.month !== undefined) query = query.where('m.month_id', '=', filter.month);
    return (await query.orderBy('d.id').execute()).map(toDailyMeasure);
  }

  async get(id: number): Promise<DailyMeasure | undefined> {
    const row = await this.select().where('d.id', '=', id).executeTakeFirst();
    return row && toDailyMeasure(row);
  }

  /** The measure must be the caller's and of the same month as the caller's journal. */
  async create(input: CreateDailyMeasure): Promise<DailyMeasure> {
    const measure = await this.db
      .selectFrom('measures as m')
      .innerJoin('journals as j', 'j.month_id', 'm.month_id')
      .select(['m.id', 'm.name', 'm.author_id', 'm.month_id'])
      .where('m.id', '=', input.measure_id)
      .where('m.author_id', '=', this.userId)
      .where('j.id', '=', input.journal_id)
      .where('j.author_id', '=', this.userId)
      .executeTakeFirst();
    if (!measure) throw await this.invalidParents(input);
    const row = await insertChecked(
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
      () => HttpError.invalidPk('journal_id', input.journal_id),
    );
    return toDailyMeasure({
      id: row.id,
      metric: input.metric,
      measure_id: measure.id,
      journal_id: input.journal_id,
      measure_name: measure.name,
      measure_author: measure.author_id,
      measure_month: measure.month_id,
    });
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
