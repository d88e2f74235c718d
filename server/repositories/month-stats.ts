// A month at a glance for its author: measure by day, habit ticks and streaks, goal progress.
import { type Kysely, sql } from 'kysely';
import {
  type DayState,
  entriesProgress,
  scheduleFromColumns,
} from '../../contract/habit-schedule.js';
import { isOnTarget } from '../../contract/measure-targets.js';
import type { MeasurePoint, MonthStats, MonthSummary } from '../../contract/stats.js';
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
    // The entries' moods stay out of `entries`, so the answer keeps the shape older clients read.
    const moods = entries.map(({ created_at, mood }) => ({ date: created_at, mood }));

    const position = new Map(entries.map((entry, index) => [entry.id, index]));
    const grid = new Map(
      habits.map((habit) => [habit.id, entries.map((): DayState | null => null)]),
    );
    for (const tick of ticks) {
      const index = position.get(tick.journal_id);
      const row = grid.get(tick.habit_id);
      // A row written between two of these queries may name an entry or habit not read: skip it.
      // Two boxes for one (entry, habit), which the API allows, read as done if either is, else
      // skipped if either is.
      if (index === undefined || !row) continue;
      const state: DayState =
        tick.is_practiced === 1 ? 'done' : tick.is_skipped === 1 ? 'skipped' : 'not_done';
      const before = row[index];
      if (before === 'done' || (before === 'skipped' && state === 'not_done')) continue;
      row[index] = state;
    }
    const dates = entries.map((entry) => entry.created_at);
    const seriesOf = new Map<number, MeasurePoint[]>();
    for (const point of points) {
      const list = seriesOf.get(point.measure_id) ?? [];
      list.push({ date: point.date, value: Number(point.value), count: Number(point.count) });
      seriesOf.set(point.measure_id, list);
    }
    const [measure] = measures;

    return {
      month: month.id,
      entries: entries.map(({ id, created_at }) => ({ id, created_at })),
      // The single `measure` older clients read: the first.
      measure: measure ? { id: measure.id, name: measure.name } : null,
      series: (measure && seriesOf.get(measure.id)) || [],
      measures: measures.map((each) => {
        const series = seriesOf.get(each.id) ?? [];
        const target = each.target === null ? null : Number(each.target);
        return {
          id: each.id,
          name: each.name,
          unit: each.unit,
          target,
          target_direction: each.target_direction,
          series,
          days_on_target:
            target === null
              ? null
              : series.filter(
                  (point) => isOnTarget(point.value, target, each.target_direction) === true,
                ).length,
        };
      }),
      habits: habits.map((habit) => {
        const row = grid.get(habit.id) ?? [];
        const schedule = scheduleFromColumns(
          habit.schedule_kind,
          habit.schedule_days,
          habit.schedule_times,
        );
        // The schedule's rules (contract/habit-schedule.ts), shared with the browser.
        const progress = entriesProgress(schedule, dates, row);
        return {
          id: habit.id,
          name: habit.name,
          ticks: row.map((state) => (state === null ? null : state === 'done')),
          completed: row.filter((state) => state === 'done').length,
          rate: progress.rate,
          current_streak: progress.current_streak,
          longest_streak: progress.longest_streak,
          skipped: row.map((state) => state === 'skipped'),
          schedule,
          streak_unit: progress.unit,
        };
      }),
      goals: { completed: Number(goals?.completed ?? 0), total: Number(goals?.total ?? 0) },
      mood: moodSeries(moods),
      mood_enabled: month.mood_enabled === 1,
    };
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

/** Each day's mean mood, in date order (entries come sorted by date); days without one left out. */
export function moodSeries(moods: { date: string; mood: number | null }[]): MeasurePoint[] {
  const points: MeasurePoint[] = [];
  let sum = 0;
  for (const { date, mood } of moods) {
    if (mood === null) continue;
    const last = points.at(-1);
    if (last?.date === date) {
      sum += mood;
      last.count += 1;
      last.value = sum / last.count;
    } else {
      sum = mood;
      points.push({ date, value: mood, count: 1 });
    }
  }
  return points;
}
