// A year at a glance for its author (issue #17): the months with a period in it, by day, habit and measure.
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { formatPeriod } from '../../contract/month-period.js';
import { YEAR_VIEW_MONTHS } from '../../contract/quotas.js';
import { nameKey, type YearDay, type YearView } from '../../contract/year.js';
import type { DB } from '../db/schema.js';

/** SQLite's planner must not walk the author index of daily items (see daily-habits.ts). */
const unindexed = (column: string) => sql<number>`+${sql.ref(column)}`;

/** 1 for a checkbox that counts (not skipped: a skip is a planned rest), else 0 (none: 0). */
const counted = (eb: ExpressionBuilder<DailyJoin, 'd'>) =>
  eb.case().when('d.is_skipped', '=', 0).then(1).else(0).end();
type DailyJoin = { d: DB['daily_habits'] };

/**
 * Read only (no data-version bump). Four queries after the months' own, run together, each
 * grouped in SQL and bounded by YEAR_VIEW_MONTHS and the month quotas: the entries' dates (≤ 200
 * per month), the checkboxes per entry, per habit, and the measures' means per measure. Every
 * query is scoped to the author, so another user's months never count.
 */
export class YearViewRepository {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly userId: number,
  ) {}

  async forYear(year: number): Promise<YearView> {
    const found = await this.db
      .selectFrom('months')
      .select(['id', 'name', 'period_month'])
      .where('author_id', '=', this.userId)
      .where('period_year', '=', year)
      .where('period_month', 'is not', null)
      .orderBy('period_month')
      .orderBy('id')
      .limit(YEAR_VIEW_MONTHS + 1)
      .execute();
    const truncated = found.length > YEAR_VIEW_MONTHS;
    const months = found.slice(0, YEAR_VIEW_MONTHS).map((month) => ({
      id: month.id,
      name: month.name,
      period: formatPeriod({ year, month: month.period_month ?? 1 }),
    }));
    if (months.length === 0) {
      return { year, months, truncated, days: [], habits: [], measures: [] };
    }
    const ids = months.map((month) => month.id);
    const periodOf = new Map(months.map((month) => [month.id, month.period]));

    const [entries, boxesByEntry, habits, measures] = await Promise.all([
      this.entries(ids, year),
      this.boxesByEntry(ids),
      this.habits(ids),
      this.measures(ids),
    ]);

    const boxes = new Map(boxesByEntry.map((row) => [row.journal_id, row]));
    const days = new Map<string, YearDay & { moods: number; moodSum: number }>();
    for (const entry of entries) {
      const day = days.get(entry.created_at) ?? {
        date: entry.created_at,
        entries: 0,
        mood: null,
        habits_done: 0,
        habits_total: 0,
        moods: 0,
        moodSum: 0,
      };
      day.entries += 1;
      if (entry.mood !== null) {
        day.moods += 1;
        day.moodSum += Number(entry.mood);
      }
      const box = boxes.get(entry.id);
      day.habits_done += Number(box?.done ?? 0);
      day.habits_total += Number(box?.total ?? 0);
      days.set(entry.created_at, day);
    }

    return {
      year,
      months,
      truncated,
      days: [...days.values()]
        .sort((a, b) => (a.date < b.date ? -1 : 1))
        .map(({ moods, moodSum, ...day }) => ({
          ...day,
          mood: moods === 0 ? null : Math.round((moodSum / moods) * 10) / 10,
        })),
      habits: mergeHabits(habits),
      measures: mergeMeasures(measures, periodOf),
    };
  }

  /** The entries dated in the year (an entry may be dated outside its month's period). */
  private entries(ids: number[], year: number) {
    return this.db
      .selectFrom('journals')
      .select(['id', 'created_at', 'mood'])
      .where('month_id', 'in', ids)
      .where(unindexed('author_id'), '=', this.userId)
      .where('created_at', '>=', `${year}-01-01`)
      .where('created_at', '<=', `${year}-12-31`)
      .execute();
  }

  /** Per entry: its checkboxes ticked, of those counted. */
  private boxesByEntry(ids: number[]) {
    return this.db
      .selectFrom('daily_habits as d')
      .innerJoin('habits as h', 'h.id', 'd.habit_id')
      .select((eb) => [
        'd.journal_id',
        eb.fn.sum<number>(counted(eb)).as('total'),
        eb.fn.sum<number>('d.is_practiced').as('done'),
      ])
      .where('h.month_id', 'in', ids)
      .where(unindexed('h.author_id'), '=', this.userId)
      .where(unindexed('d.author_id'), '=', this.userId)
      .groupBy('d.journal_id')
      .execute();
  }

  /** Per habit, in id order: its checkboxes ticked, of those counted. */
  private habits(ids: number[]) {
    return this.db
      .selectFrom('habits as h')
      .leftJoin('daily_habits as d', 'd.habit_id', 'h.id')
      .select((eb) => [
        'h.id',
        'h.name',
        eb.fn.sum<number>(counted(eb)).as('total'),
        eb.fn.sum<number>('d.is_practiced').as('done'),
      ])
      .where('h.month_id', 'in', ids)
      .where(unindexed('h.author_id'), '=', this.userId)
      .groupBy(['h.id', 'h.name'])
      .orderBy('h.id')
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

interface HabitRow {
  name: string;
  total: number | string | null;
  done: number | string | null;
}

function mergeHabits(rows: HabitRow[]): YearView['habits'] {
  const byName = new Map<string, YearView['habits'][number]>();
  for (const row of rows) {
    const key = nameKey(row.name);
    const habit = byName.get(key) ?? { name: row.name, done: 0, total: 0, rate: 0, months: 0 };
    habit.done += Number(row.done ?? 0);
    habit.total += Number(row.total ?? 0);
    habit.months += 1;
    byName.set(key, habit);
  }
  return [...byName.values()].map((habit) => ({
    ...habit,
    rate: habit.total === 0 ? 0 : habit.done / habit.total,
  }));
}

interface MeasureRow {
  name: string;
  unit: string | null;
  month_id: number;
  value: number | string | null;
  count: number | string | null;
}

function mergeMeasures(rows: MeasureRow[], periodOf: Map<number, string>): YearView['measures'] {
  const byName = new Map<
    string,
    { name: string; unit: string | null; sums: Map<string, { sum: number; count: number }> }
  >();
  for (const row of rows) {
    const key = nameKey(row.name);
    const measure = byName.get(key) ?? { name: row.name, unit: row.unit, sums: new Map() };
    byName.set(key, measure);
    const count = Number(row.count ?? 0);
    const period = periodOf.get(row.month_id);
    if (count === 0 || period === undefined) continue;
    const point = measure.sums.get(period) ?? { sum: 0, count: 0 };
    point.sum += Number(row.value) * count;
    point.count += count;
    measure.sums.set(period, point);
  }
  return [...byName.values()].map(({ name, unit, sums }) => ({
    name,
    unit,
    points: [...sums.entries()]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([period, { sum, count }]) => ({ period, value: sum / count, count })),
  }));
}
