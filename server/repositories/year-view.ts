// A year at a glance for its author: the months with a period in it, by day, habit and measure.
import { type Kysely, sql } from 'kysely';
import { scheduleFromColumns } from '../../contract/habit-schedule.js';
import { formatPeriod } from '../../contract/month-period.js';
import { YEAR_VIEW_MONTHS } from '../../contract/quotas.js';
import type { YearView } from '../../contract/year.js';
import { assembleYear, type YearRows } from '../../contract/year-assembly.js';
import type { DB } from '../db/schema.js';

/** SQLite's planner must not walk the author index of daily items (see daily-habits.ts). */
const unindexed = (column: string) => sql<number>`+${sql.ref(column)}`;

/**
 * Read only (no data-version bump). Four queries after the months' own, run together, each
 * bounded by YEAR_VIEW_MONTHS and the month quotas: the months' entries (≤ 200 per month), their
 * checkboxes, the habits with their schedules, and the measures' means per measure. Every query
 * is scoped to the author, so another user's months never count. Habit figures count by the
 * schedules' rule (contract/habit-schedule.ts), as the month at a glance and the calendar do.
 */
export class YearViewRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly userId: number,
  ) {}

  async forYear(year: number): Promise<YearView> {
    const found = await this.db
      .selectFrom('months')
      .select(['id', 'name', 'period_month', 'month_key'])
      .where('author_id', '=', this.userId)
      .where('period_year', '=', year)
      .where('period_month', 'is not', null)
      .orderBy('period_month')
      .orderBy('id')
      .limit(YEAR_VIEW_MONTHS + 1)
      .execute();
    const truncated = found.length > YEAR_VIEW_MONTHS;
    const kept = found.slice(0, YEAR_VIEW_MONTHS);
    const months = kept.map((month) => ({
      id: month.id,
      name: month.name,
      period: formatPeriod({ year, month: month.period_month ?? 1 }),
      ...(month.month_key === null ? {} : { private: true }),
    }));
    // A private month is listed, and counts in no figure: its stored values are the neutral
    // ones its sealed items leave, so they would only pull every figure towards nothing.
    const ids = kept.filter((month) => month.month_key === null).map((month) => month.id);
    if (ids.length === 0) {
      return { year, months, truncated, days: [], habits: [], measures: [] };
    }
    const periodOf = new Map(months.map((month) => [month.id, month.period]));

    const [entries, boxes, habits, measures] = await Promise.all([
      this.entries(ids),
      this.boxes(ids),
      this.habits(ids),
      this.measures(ids),
    ]);
    const rows: YearRows = {
      entries: entries.map((entry) => ({
        ...entry,
        mood: entry.mood === null ? null : Number(entry.mood),
      })),
      boxes: boxes.map((box) => ({
        journal_id: box.journal_id,
        habit_id: box.habit_id,
        state:
          Number(box.is_practiced) === 1
            ? 'done'
            : Number(box.is_skipped) === 1
              ? 'skipped'
              : 'not_done',
      })),
      habits: habits.map((habit) => ({
        id: habit.id,
        name: habit.name,
        month_id: habit.month_id,
        schedule: scheduleFromColumns(
          habit.schedule_kind,
          habit.schedule_days,
          habit.schedule_times,
        ),
      })),
      measures: measures.map((measure) => ({
        ...measure,
        value: measure.value === null ? null : Number(measure.value),
        count: Number(measure.count ?? 0),
      })),
    };
    return { year, months, truncated, ...assembleYear(year, rows, periodOf) };
  }

  /**
   * The months' entries in order, as the month at a glance reads them: the days use those dated
   * in the year (an entry may be dated outside its month's period), the habits' rates all of them.
   */
  private entries(ids: number[]) {
    return this.db
      .selectFrom('journals')
      .select(['id', 'month_id', 'created_at', 'mood'])
      .where('month_id', 'in', ids)
      .where(unindexed('author_id'), '=', this.userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** Every checkbox of the months' habits: its entry, its habit and its state. */
  private boxes(ids: number[]) {
    return this.db
      .selectFrom('daily_habits as d')
      .innerJoin('habits as h', 'h.id', 'd.habit_id')
      .select(['d.journal_id', 'd.habit_id', 'd.is_practiced', 'd.is_skipped'])
      .where('h.month_id', 'in', ids)
      .where(unindexed('h.author_id'), '=', this.userId)
      .where(unindexed('d.author_id'), '=', this.userId)
      .execute();
  }

  /** The months' habits in id order, with their schedules. */
  private habits(ids: number[]) {
    return this.db
      .selectFrom('habits')
      .select(['id', 'name', 'month_id', 'schedule_kind', 'schedule_days', 'schedule_times'])
      .where('month_id', 'in', ids)
      .where(unindexed('author_id'), '=', this.userId)
      .orderBy('id')
      .execute();
  }

  /** Per measure, in id order: the mean of its values and how many. */
  private measures(ids: number[]) {
    return this.db
      .selectFrom('measures as m')
      .leftJoin('daily_measures as d', 'd.measure_id', 'm.id')
      .select((eb) => [
        'm.id',
        'm.name',
        'm.unit',
        'm.month_id',
        eb.fn.avg<number>('d.metric').as('value'),
        eb.fn.count<number>('d.id').as('count'),
      ])
      .where('m.month_id', 'in', ids)
      .where(unindexed('m.author_id'), '=', this.userId)
      .groupBy(['m.id', 'm.name', 'm.unit', 'm.month_id'])
      .orderBy('m.id')
      .execute();
  }
}
