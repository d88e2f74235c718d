// A month at a glance from its rows, with no database and no schema library: the one computation behind the server's answer and the browser's for a private month, whose content only the browser can read.
import { type DayState, entriesProgress, type HabitSchedule } from './habit-schedule.js';
import { isOnTarget, type TargetDirection } from './measure-target-rules.js';
import type { MeasurePoint, MonthStats } from './stats.js';

export interface MonthStatsRows {
  monthId: number;
  moodEnabled: boolean;
  /** In the entries' order: by date, then by id. */
  entries: readonly { id: number; created_at: string; mood: number | null }[];
  /** By id. */
  habits: readonly { id: number; name: string; schedule: HabitSchedule }[];
  ticks: readonly {
    journal_id: number;
    habit_id: number;
    is_practiced: boolean;
    is_skipped: boolean;
  }[];
  /** By id. */
  measures: readonly {
    id: number;
    name: string;
    unit: string | null;
    target: number | null;
    target_direction: TargetDirection | null;
  }[];
  /** Each measure's values averaged per entry date, by measure then date. */
  points: readonly { measure_id: number; date: string; value: number; count: number }[];
  goals: { completed: number; total: number };
}

/** contract/stats.ts says what each number means. */
export function assembleMonthStats(rows: MonthStatsRows): MonthStats {
  const { entries, habits, measures } = rows;
  const position = new Map(entries.map((entry, index) => [entry.id, index]));
  const grid = new Map(habits.map((habit) => [habit.id, entries.map((): DayState | null => null)]));
  for (const tick of rows.ticks) {
    const index = position.get(tick.journal_id);
    const row = grid.get(tick.habit_id);
    // A row written between two reads may name an entry or habit not read: skip it. Two boxes
    // for one (entry, habit), which the API allows, read as done if either is, else skipped if
    // either is.
    if (index === undefined || !row) continue;
    const state: DayState = tick.is_practiced ? 'done' : tick.is_skipped ? 'skipped' : 'not_done';
    const before = row[index];
    if (before === 'done' || (before === 'skipped' && state === 'not_done')) continue;
    row[index] = state;
  }
  const dates = entries.map((entry) => entry.created_at);
  const seriesOf = new Map<number, MeasurePoint[]>();
  for (const point of rows.points) {
    const list = seriesOf.get(point.measure_id) ?? [];
    list.push({ date: point.date, value: point.value, count: point.count });
    seriesOf.set(point.measure_id, list);
  }
  const [measure] = measures;

  return {
    month: rows.monthId,
    entries: entries.map(({ id, created_at }) => ({ id, created_at })),
    // The single `measure` older clients read: the first.
    measure: measure ? { id: measure.id, name: measure.name } : null,
    series: (measure && seriesOf.get(measure.id)) || [],
    measures: measures.map((each) => {
      const series = seriesOf.get(each.id) ?? [];
      const { target } = each;
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
      // The schedule's rules (contract/habit-schedule.ts).
      const progress = entriesProgress(habit.schedule, dates, row);
      return {
        id: habit.id,
        name: habit.name,
        ticks: row.map((state) => (state === null ? null : state === 'done')),
        completed: row.filter((state) => state === 'done').length,
        rate: progress.rate,
        current_streak: progress.current_streak,
        longest_streak: progress.longest_streak,
        skipped: row.map((state) => state === 'skipped'),
        schedule: habit.schedule,
        streak_unit: progress.unit,
      };
    }),
    goals: rows.goals,
    mood: moodSeries(entries.map(({ created_at, mood }) => ({ date: created_at, mood }))),
    mood_enabled: rows.moodEnabled,
  };
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
