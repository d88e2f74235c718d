// The year view's figures from a year's rows: the server's computation (server/repositories/year-view.ts reads the rows), which the browser runs too for private months, whose rows only it can open.
import {
  combinedProgress,
  DAILY,
  type DayState,
  entriesProgress,
  entryHabitCount,
  type HabitProgress,
  type HabitSchedule,
  mergeStates,
} from './habit-schedule.js';
import { nameKey, type YearDay, type YearView } from './year.js';

/** What the figures are computed from: the months' entries (in date order), checkboxes, habits and measures. */
export interface YearRows {
  entries: { id: number; month_id: number; created_at: string; mood: number | null }[];
  boxes: { journal_id: number; habit_id: number; state: DayState }[];
  /** In id order. */
  habits: { id: number; name: string; month_id: number; schedule: HabitSchedule }[];
  /** In id order: each measure's mean value and how many values it has. */
  measures: {
    name: string;
    unit: string | null;
    month_id: number;
    value: number | null;
    count: number;
  }[];
}

export type YearFigures = Pick<YearView, 'days' | 'habits' | 'measures'>;

/** The figures of `year` from its months' rows; `periodOf` gives each month's `YYYY-MM`. */
export function assembleYear(
  year: number,
  rows: YearRows,
  periodOf: ReadonlyMap<number, string>,
): YearFigures {
  const schedules = new Map(rows.habits.map((habit) => [habit.id, habit.schedule]));
  // Per entry, its checkboxes: the habit and the box's state.
  const boxes = new Map<number, { habitId: number; state: DayState }[]>();
  for (const box of rows.boxes) {
    const list = boxes.get(box.journal_id) ?? [];
    list.push({ habitId: box.habit_id, state: box.state });
    boxes.set(box.journal_id, list);
  }
  // Each month's habits: an entry counts every one of them, a habit it has no box for as not done.
  const habitsOf = new Map<number, number[]>();
  for (const habit of rows.habits)
    habitsOf.set(habit.month_id, [...(habitsOf.get(habit.month_id) ?? []), habit.id]);
  const days = new Map<string, YearDay & { moods: number; moodSum: number }>();
  for (const entry of rows.entries) {
    // An entry may be dated outside its month's period: the days are the year's only.
    if (entry.created_at < `${year}-01-01` || entry.created_at > `${year}-12-31`) continue;
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
      day.moodSum += entry.mood;
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
    days: [...days.values()]
      .sort((a, b) => (a.date < b.date ? -1 : 1))
      .map(({ moods, moodSum, ...day }) => ({
        ...day,
        mood: moods === 0 ? null : Math.round((moodSum / moods) * 10) / 10,
      })),
    habits: mergeHabits(rows, boxes),
    measures: mergeMeasures(rows.measures, periodOf),
  };
}

/**
 * Per habit name, its months' progress as each month at a glance computes it (the month's
 * entries in order, the habit's state on each), added up across the months.
 */
function mergeHabits(
  rows: YearRows,
  boxes: Map<number, { habitId: number; state: DayState }[]>,
): YearView['habits'] {
  const entriesOf = new Map<number, { id: number; created_at: string }[]>();
  for (const entry of rows.entries) {
    const list = entriesOf.get(entry.month_id) ?? [];
    list.push(entry);
    entriesOf.set(entry.month_id, list);
  }
  const byName = new Map<string, { name: string; progresses: HabitProgress[]; months: number }>();
  for (const row of rows.habits) {
    const key = nameKey(row.name);
    const habit = byName.get(key) ?? { name: row.name, progresses: [], months: 0 };
    const monthEntries = entriesOf.get(row.month_id) ?? [];
    // Two boxes of one habit on one entry read as done if either is, else skipped if either is.
    const states = monthEntries.map((entry) => {
      const mine = (boxes.get(entry.id) ?? []).filter((box) => box.habitId === row.id);
      return mine.length === 0 ? null : mergeStates(mine.map((box) => box.state));
    });
    habit.progresses.push(
      entriesProgress(
        row.schedule,
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

function mergeMeasures(
  rows: YearRows['measures'],
  periodOf: ReadonlyMap<number, string>,
): YearView['measures'] {
  const byName = new Map<
    string,
    { name: string; unit: string | null; sums: Map<string, { sum: number; count: number }> }
  >();
  for (const row of rows) {
    const key = nameKey(row.name);
    const measure = byName.get(key) ?? { name: row.name, unit: row.unit, sums: new Map() };
    byName.set(key, measure);
    const period = periodOf.get(row.month_id);
    if (row.count === 0 || row.value === null || period === undefined) continue;
    const point = measure.sums.get(period) ?? { sum: 0, count: 0 };
    point.sum += row.value * row.count;
    point.count += row.count;
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

/**
 * The figures of two sets of months added together (the server's of the plain months, and those
 * the browser computes for the private ones). Exact for habits and measures; a day with entries
 * in both gets the mean of both moods weighted by their entries, as the server's figure keeps no
 * count of moods.
 */
export function addYearFigures(a: YearFigures, b: YearFigures): YearFigures {
  const days = new Map(a.days.map((day) => [day.date, { ...day }]));
  for (const day of b.days) {
    const other = days.get(day.date);
    if (!other) {
      days.set(day.date, day);
      continue;
    }
    const moods = [other, day].filter((d) => d.mood !== null);
    const weight = moods.reduce((sum, d) => sum + d.entries, 0);
    other.mood =
      moods.length === 0
        ? null
        : Math.round((moods.reduce((sum, d) => sum + (d.mood ?? 0) * d.entries, 0) / weight) * 10) /
          10;
    other.entries += day.entries;
    other.habits_done += day.habits_done;
    other.habits_total += day.habits_total;
  }
  const habits = new Map(a.habits.map((habit) => [nameKey(habit.name), { ...habit }]));
  for (const habit of b.habits) {
    const other = habits.get(nameKey(habit.name));
    if (!other) {
      habits.set(nameKey(habit.name), habit);
      continue;
    }
    const total = other.total + habit.total;
    other.rate = total === 0 ? 0 : (other.rate * other.total + habit.rate * habit.total) / total;
    other.done += habit.done;
    other.total = total;
    other.months += habit.months;
    other.unit = other.unit === 'weeks' && habit.unit === 'weeks' ? 'weeks' : 'days';
  }
  const measures = new Map(
    a.measures.map((measure) => [
      nameKey(measure.name),
      { ...measure, points: [...measure.points] },
    ]),
  );
  for (const measure of b.measures) {
    const other = measures.get(nameKey(measure.name));
    if (!other) {
      measures.set(nameKey(measure.name), measure);
      continue;
    }
    const points = new Map(other.points.map((point) => [point.period, { ...point }]));
    for (const point of measure.points) {
      const same = points.get(point.period);
      if (!same) points.set(point.period, point);
      else {
        const count = same.count + point.count;
        same.value = (same.value * same.count + point.value * point.count) / count;
        same.count = count;
      }
    }
    other.points = [...points.values()].sort((x, y) => (x.period < y.period ? -1 : 1));
    other.unit ??= measure.unit;
  }
  return {
    days: [...days.values()].sort((x, y) => (x.date < y.date ? -1 : 1)),
    habits: [...habits.values()],
    measures: [...measures.values()],
  };
}
