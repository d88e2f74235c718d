// A month at a glance for its author: measure by day, habit ticks and streaks, goal progress.
import { type Kysely, sql } from 'kysely';
import { scheduleFromColumns } from '../../contract/habit-schedule.js';
import { assembleMonthStats } from '../../contract/month-stats-assembly.js';
import type { MonthStats, MonthSummary } from '../../contract/stats.js';
import type { DB } from '../db/schema.js';

/** SQLite's planner must not walk the author index of daily items (see daily-habits.ts). */
const unindexed = (column: string) => sql<number>`+${sql.ref(column)}`;

/**
 * Read only: it writes nothing, so it needs no data-version bump. Seven queries whatever the
 * month's size, run together: the month check, the entries, the habits, every checkbox of
 * the month, its measures, their values averaged per day in SQL, and the goal counts.
 * Every query is scoped to the author, so another user's month reads as missing.
 */
export class MonthStatsRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly userId: number,
  ) {}

  /**
   * Every month's entry and goal counts, for the month cards: one query, grouped in SQL (each
   * month's counts are bounded by its quotas), months without entries or goals counted as 0.
   */
  async summaries(): Promise<MonthSummary[]> {
    const rows = await this.db
      .selectFrom('months')
      .select((eb) => [
        'months.id as month',
        eb
          .selectFrom('journals')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('journals.month_id', '=', 'months.id')
          .as('journals'),
        eb
          .selectFrom('goals')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('goals.month_id', '=', 'months.id')
          .as('goals'),
        eb
          .selectFrom('goals')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('goals.month_id', '=', 'months.id')
          .where('goals.is_completed', '=', 1)
          .as('goals_done'),
      ])
      .where('months.author_id', '=', this.userId)
      .orderBy('months.id')
      .execute();
    return rows.map((row) => ({
      month: row.month,
      journals: Number(row.journals ?? 0),
      goals: Number(row.goals ?? 0),
      goals_done: Number(row.goals_done ?? 0),
    }));
  }

  /** The month's stats (contract/stats.ts says what each number means), or undefined if not the caller's. */
  async forMonth(monthId: number): Promise<MonthStats | undefined> {
    const [month, entries, habits, ticks, measures, points, goals] = await Promise.all([
      this.month(monthId),
      this.entries(monthId),
      this.habits(monthId),
      this.ticks(monthId),
      this.measures(monthId),
      this.series(monthId),
      this.goals(monthId),
    ]);
    if (!month) return undefined;
    return assembleMonthStats({
      monthId: month.id,
      moodEnabled: month.mood_enabled === 1,
      entries,
      habits: habits.map((habit) => ({
        id: habit.id,
        name: habit.name,
        schedule: scheduleFromColumns(
          habit.schedule_kind,
          habit.schedule_days,
          habit.schedule_times,
        ),
      })),
      ticks: ticks.map((tick) => ({
        journal_id: tick.journal_id,
        habit_id: tick.habit_id,
        is_practiced: tick.is_practiced === 1,
        is_skipped: tick.is_skipped === 1,
      })),
      measures: measures.map((measure) => ({
        ...measure,
        target: measure.target === null ? null : Number(measure.target),
      })),
      points: points.map((point) => ({
        measure_id: point.measure_id,
        date: point.date,
        value: Number(point.value),
        count: Number(point.count),
      })),
      goals: { completed: Number(goals?.completed ?? 0), total: Number(goals?.total ?? 0) },
    });
  }

  private month(monthId: number) {
    return this.db
      .selectFrom('months')
      .select(['id', 'mood_enabled'])
      .where('id', '=', monthId)
      .where('author_id', '=', this.userId)
      .executeTakeFirst();
  }

  /** Answered in order from the (month_id, created_at, id) index. */
  private entries(monthId: number) {
    return this.db
      .selectFrom('journals')
      .select(['id', 'created_at', 'mood'])
      .where('month_id', '=', monthId)
      .where(unindexed('author_id'), '=', this.userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  private habits(monthId: number) {
    return this.db
      .selectFrom('habits')
      .select(['id', 'name', 'schedule_kind', 'schedule_days', 'schedule_times'])
      .where('month_id', '=', monthId)
      .where(unindexed('author_id'), '=', this.userId)
      .orderBy('id')
      .execute();
  }

  /**
   * Every checkbox of the month's habits. Not grouped in SQL: on a long month the grouping's
   * temporary B-tree cost more than the rows it saved (two boxes for one pair are rare).
   */
  private ticks(monthId: number) {
    return this.db
      .selectFrom('habits as h')
      .innerJoin('daily_habits as d', 'd.habit_id', 'h.id')
      .select(['d.journal_id', 'd.habit_id', 'd.is_practiced', 'd.is_skipped'])
      .where('h.month_id', '=', monthId)
      .where(unindexed('h.author_id'), '=', this.userId)
      .where(unindexed('d.author_id'), '=', this.userId)
      .execute();
  }

  private measures(monthId: number) {
    return this.db
      .selectFrom('measures')
      .select(['id', 'name', 'unit', 'target', 'target_direction'])
      .where('month_id', '=', monthId)
      .where(unindexed('author_id'), '=', this.userId)
      .orderBy('id')
      .execute();
  }

  /** Every measure's values, averaged per entry date. */
  private series(monthId: number) {
    return this.db
      .selectFrom('daily_measures as dm')
      .innerJoin('journals as j', 'j.id', 'dm.journal_id')
      .innerJoin('measures as m', 'm.id', 'dm.measure_id')
      .select((eb) => [
        'dm.measure_id',
        'j.created_at as date',
        eb.fn.avg<number>('dm.metric').as('value'),
        eb.fn.countAll<number>().as('count'),
      ])
      .where('m.month_id', '=', monthId)
      .where(unindexed('dm.author_id'), '=', this.userId)
      .where('j.month_id', '=', monthId)
      .groupBy(['dm.measure_id', 'j.created_at'])
      .orderBy('dm.measure_id')
      .orderBy('j.created_at')
      .execute();
  }

  private goals(monthId: number) {
    return this.db
      .selectFrom('goals')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>('is_completed').as('completed'),
      ])
      .where('month_id', '=', monthId)
      .where(unindexed('author_id'), '=', this.userId)
      .executeTakeFirst();
  }
}
