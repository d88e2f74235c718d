// A year at a glance for its author: the months with a period in it, by day, habit and measure.
import { type Kysely, sql } from 'kysely';
import {
  combinedProgress,
  DAILY,
  type DayState,
  entriesProgress,
  entryHabitCount,
  type HabitProgress,
  type HabitSchedule,
  mergeStates,
  scheduleFromColumns,
} from '../../contract/habit-schedule.js';
import { formatPeriod } from '../../contract/month-period.js';
import { YEAR_VIEW_MONTHS } from '../../contract/quotas.js';
import { nameKey, type YearDay, type YearView } from '../../contract/year.js';
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

    const [monthEntries, boxRows, habitRows, measures] = await Promise.all([
      this.entries(ids),
      this.boxes(ids),
      this.habits(ids),
      this.measures(ids),
    ]);

    const schedules = new Map<number, HabitSchedule>(
      habitRows.map((habit) => [
        habit.id,
        scheduleFromColumns(habit.schedule_kind, habit.schedule_days, habit.schedule_times),
      ]),
    );
    // Per entry, its checkboxes: the habit's schedule and the box's state.
    const boxes = new Map<number, { habitId: number; state: DayState }[]>();
    for (const box of boxRows) {
      const state: DayState =
        Number(box.is_practiced) === 1
          ? 'done'
          : Number(box.is_skipped) === 1
            ? 'skipped'
            : 'not_done';
      const list = boxes.get(box.journal_id) ?? [];
      list.push({ habitId: box.habit_id, state });
      boxes.set(box.journal_id, list);
    }
    // Each month's habits: an entry counts every one of them, a habit it has no box for as not done.
    const habitsOf = new Map<number, number[]>();
    for (const habit of habitRows) {
      habitsOf.set(habit.month_id, [...(habitsOf.get(habit.month_id) ?? []), habit.id]);
    }
    const entries = monthEntries.filter(
      (entry) => entry.created_at >= `${year}-01-01` && entry.created_at <= `${year}-12-31`,
    );
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
      const count = entryHabitCount(
        entry.created_at,
        (habitsOf.get(entry.month_id) ?? []).map((id) => ({
          id,
          schedule: schedules.get(id) ?? DAILY,
        })),
        boxes.get(entry.id) ?? [],
      );
      day.habits_done += count.done;
      day.habits_total += count.total;
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
      habits: mergeHabits(habitRows, monthEntries, boxes, schedules),
      measures: mergeMeasures(measures, periodOf),
    };
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

interface HabitRow {
  id: number;
  name: string;
  month_id: number;
}

/**
 * Per habit name, its months' progress as each month at a glance computes it (the month's
 * entries in order, the habit's state on each), added up across the months.
 */
function mergeHabits(
  rows: HabitRow[],
  entries: { id: number; month_id: number; created_at: string }[],
  boxes: Map<number, { habitId: number; state: DayState }[]>,
  schedules: Map<number, HabitSchedule>,
): YearView['habits'] {
  const entriesOf = new Map<number, { id: number; created_at: string }[]>();
  for (const entry of entries) {
    const list = entriesOf.get(entry.month_id) ?? [];
    list.push(entry);
    entriesOf.set(entry.month_id, list);
  }
  const byName = new Map<string, { name: string; progresses: HabitProgress[]; months: number }>();
  for (const row of rows) {
    const key = nameKey(row.name);
    const habit = byName.get(key) ?? { name: row.name, progresses: [], months: 0 };
    const monthEntries = entriesOf.get(row.month_id) ?? [];
    // Two boxes of one habit on one entry read as done if either is, else skipped if either is.
    const states = monthEntries.map((entry) =>
      mergeBoxStates(
        (boxes.get(entry.id) ?? []).filter((box) => box.habitId === row.id).map((box) => box.state),
      ),
    );
    habit.progresses.push(
      entriesProgress(
        schedules.get(row.id) ?? DAILY,
        monthEntries.map((entry) => entry.created_at),
        states,
      ),
    );
    habit.months += 1;
    byName.set(key, habit);
  }
  return [...byName.values()].map(({ name, progresses, months }) => ({
    name,
    ...combinedProgress(progresses),
    months,
    unit: progresses.every((progress) => progress.unit === 'weeks') ? 'weeks' : 'days',
  }));
}

const mergeBoxStates = (states: DayState[]): DayState | null =>
  states.length === 0 ? null : mergeStates(states);

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
