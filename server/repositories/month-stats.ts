// A month at a glance for its author: measure by day, habit ticks and streaks, goal progress.
import { type Kysely, sql } from 'kysely';
import { type MonthStats, type MonthSummary, streaks } from '../../contract/stats.js';
import type { DB } from '../db/schema.js';

/** SQLite's planner must not walk the author index of daily items (see daily-habits.ts). */
const unindexed = (column: string) => sql<number>`+${sql.ref(column)}`;

/**
 * Read only: it writes nothing, so it needs no data-version bump. Seven queries whatever the
 * month's size, run together: the month check, the entries, the habits, every checkbox of
 * the month, the first measure, its values averaged per day in SQL, and the goal counts.
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
    const [month, entries, habits, ticks, measure, series, goals] = await Promise.all([
      this.month(monthId),
      this.entries(monthId),
      this.habits(monthId),
      this.ticks(monthId),
      this.measure(monthId),
      this.series(monthId),
      this.goals(monthId),
    ]);
    if (!month) return undefined;

    const position = new Map(entries.map((entry, index) => [entry.id, index]));
    const grid = new Map(
      habits.map((habit) => [habit.id, entries.map((): boolean | null => null)]),
    );
    for (const tick of ticks) {
      const index = position.get(tick.journal_id);
      const row = grid.get(tick.habit_id);
      // A row written between two of these queries may name an entry or habit not read: skip it.
      // Two boxes for one (entry, habit), which the API allows, read as ticked if either is.
      if (index !== undefined && row) row[index] = row[index] === true || tick.is_practiced === 1;
    }

    return {
      month: month.id,
      entries,
      measure: measure ?? null,
      series: series.map((point) => ({
        date: point.date,
        value: Number(point.value),
        count: Number(point.count),
      })),
      habits: habits.map((habit) => {
        const row = grid.get(habit.id) ?? [];
        const completed = row.filter((tick) => tick === true).length;
        const { current, longest } = streaks(row);
        return {
          id: habit.id,
          name: habit.name,
          ticks: row,
          completed,
          rate: entries.length === 0 ? 0 : completed / entries.length,
          current_streak: current,
          longest_streak: longest,
        };
      }),
      goals: { completed: Number(goals?.completed ?? 0), total: Number(goals?.total ?? 0) },
    };
  }

  private month(monthId: number) {
    return this.db
      .selectFrom('months')
      .select('id')
      .where('id', '=', monthId)
      .where('author_id', '=', this.userId)
      .executeTakeFirst();
  }

  /** Answered in order from the (month_id, created_at, id) index. */
  private entries(monthId: number) {
    return this.db
      .selectFrom('journals')
      .select(['id', 'created_at'])
      .where('month_id', '=', monthId)
      .where(unindexed('author_id'), '=', this.userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  private habits(monthId: number) {
    return this.db
      .selectFrom('habits')
      .select(['id', 'name'])
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
      .select(['d.journal_id', 'd.habit_id', 'd.is_practiced'])
      .where('h.month_id', '=', monthId)
      .where(unindexed('h.author_id'), '=', this.userId)
      .where(unindexed('d.author_id'), '=', this.userId)
      .execute();
  }

  private measure(monthId: number) {
    return this.db
      .selectFrom('measures')
      .select(['id', 'name'])
      .where('month_id', '=', monthId)
      .where(unindexed('author_id'), '=', this.userId)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  }

  /** The first measure's values, averaged per entry date. */
  private series(monthId: number) {
    const firstMeasure = this.db
      .selectFrom('measures')
      .select((eb) => eb.fn.min('id').as('id'))
      .where('month_id', '=', monthId)
      .where(unindexed('author_id'), '=', this.userId);
    return this.db
      .selectFrom('daily_measures as dm')
      .innerJoin('journals as j', 'j.id', 'dm.journal_id')
      .select((eb) => [
        'j.created_at as date',
        eb.fn.avg<number>('dm.metric').as('value'),
        eb.fn.countAll<number>().as('count'),
      ])
      .where('dm.measure_id', '=', firstMeasure)
      .where(unindexed('dm.author_id'), '=', this.userId)
      .where('j.month_id', '=', monthId)
      .groupBy('j.created_at')
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
