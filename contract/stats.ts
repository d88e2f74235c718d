// Month at a glance: the wire shape of GET /api/months/{id}/stats/.
import { type Static, Type } from '@sinclair/typebox';
import { HabitScheduleSchema } from './entities.js';
import {
  MeasureTargetSchema,
  MeasureUnitSchema,
  TargetDirectionSchema,
} from './measure-targets.js';

/*
 * What the numbers mean (the server computes them all; the browser only draws them):
 *
 * - Entries are the month's journals ordered by their date (`created_at`), then by id, oldest
 *   first. `entries` lists them in that order; every per-entry array below follows it.
 * - Measure: the month's first measure (lowest id), the one the app records on each entry;
 *   `measure` is null when the month has none. `series` has one point per day that has at least
 *   one value of it, ordered by day: `value` is the mean of that day's values (one entry a day
 *   is the norm, so usually just the value), `count` how many values the day had.
 * - Habits, ordered by id. `ticks[i]` is the habit on `entries[i]`: true when ticked, false when
 *   not, null when that entry has no checkbox for it (the habit was added after the entry).
 *   `completed` counts the ticked entries; `rate` is `completed / entries.length`, from 0 to 1
 *   (0 when there are no entries).
 * - Each habit has a schedule (contract/habit-schedule.ts) and an entry's box may be
 *   skipped (`skipped[i]`, a planned rest: `ticks[i]` is then false). `rate` and the streaks
 *   follow habitProgress there, over the entries' dates (first to last): for daily and weekday
 *   habits a streak counts entries on due days (`streak_unit` 'days'), and `rate` is done / (done
 *   + missed) entries on due days, skips and days off left out; so for a daily habit without
 *   skips it is simply `completed / entries.length`. For N-a-week habits both count ISO weeks
 *   (`streak_unit` 'weeks'): a week is met by N days done.
 * - Streaks (daily habits) count entries, not calendar days: a run is a sequence of consecutive
 *   entries that are all ticked; an unticked entry, or one without the checkbox, ends it, while
 *   a day with no entry at all, or a skipped one, does not. `current_streak` is the run that
 *   ends at the latest entry (0 when the latest entry is not ticked, or there are no entries);
 *   `longest_streak` is the longest run.
 * - Goals: `completed` of `total` ("3 of 5").
 */

const Id = Type.Integer();
/** `YYYY-MM-DD` */
const DateString = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Count = Type.Integer({ minimum: 0 });

export const StatsEntrySchema = Type.Object({ id: Id, created_at: DateString });
export type StatsEntry = Static<typeof StatsEntrySchema>;

export const MeasurePointSchema = Type.Object({
  date: DateString,
  value: Type.Number(),
  count: Count,
});
export type MeasurePoint = Static<typeof MeasurePointSchema>;

/**
 * Every measure of the month (by id), each with its `series` as above, its unit and target,
 * and `days_on_target`: how many of the series' days have a value (the day's mean) on the target
 * (at least or at most it, contract/measure-targets.ts isOnTarget); null when it has no target.
 */
export const MeasureStatsSchema = Type.Object({
  id: Id,
  name: Type.String(),
  unit: MeasureUnitSchema,
  target: MeasureTargetSchema,
  target_direction: TargetDirectionSchema,
  series: Type.Array(MeasurePointSchema),
  days_on_target: Type.Unsafe<number | null>({ type: 'integer', nullable: true, minimum: 0 }),
});
export type MeasureStats = Static<typeof MeasureStatsSchema>;

export const HabitStatsSchema = Type.Object({
  id: Id,
  name: Type.String(),
  // `nullable` rather than a union: the serializer writes a union item by trying each branch,
  // several times slower on a long month's grid.
  ticks: Type.Array(Type.Unsafe<boolean | null>({ type: 'boolean', nullable: true })),
  completed: Count,
  rate: Type.Number({ minimum: 0, maximum: 1 }),
  current_streak: Count,
  longest_streak: Count,
  // Optional, so stats saved by an older app (offline caches) still read.
  /** `skipped[i]`: the habit was skipped on `entries[i]` (a planned rest). */
  skipped: Type.Optional(Type.Array(Type.Boolean())),
  schedule: Type.Optional(HabitScheduleSchema),
  /** What the streaks count: entries on due days, or met weeks (N-a-week habits). */
  streak_unit: Type.Optional(Type.Union([Type.Literal('days'), Type.Literal('weeks')])),
});
export type HabitStats = Static<typeof HabitStatsSchema>;

export const MonthStatsSchema = Type.Object(
  {
    month: Id,
    entries: Type.Array(StatsEntrySchema),
    measure: Type.Union([Type.Object({ id: Id, name: Type.String() }), Type.Null()]),
    series: Type.Array(MeasurePointSchema),
    // Optional so answers saved before it (the offline cache) still read.
    measures: Type.Optional(Type.Array(MeasureStatsSchema)),
    habits: Type.Array(HabitStatsSchema),
    goals: Type.Object({ completed: Count, total: Count }),
    /**
     * Each day's mood (the mean of its entries' moods, 1 to 5), by date; days without one
     * are left out. Optional, as `measures`, so answers saved by an older app still read.
     */
    mood: Type.Optional(Type.Array(MeasurePointSchema)),
    /** Whether the month asks for a mood (its entries' faces and this chart). */
    mood_enabled: Type.Optional(Type.Boolean()),
  },
  { $id: 'MonthStats' },
);
export type MonthStats = Static<typeof MonthStatsSchema>;

/** Runs of ticked entries in `ticks` (entry order): the one ending at the last entry, and the longest. */
export function streaks(ticks: ReadonlyArray<boolean | null>): {
  current: number;
  longest: number;
} {
  let run = 0;
  let longest = 0;
  for (const tick of ticks) {
    run = tick === true ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return { current: run, longest };
}

/** What a month card shows under its name: GET /api/months/summaries/, one per month, by id. */
export const MonthSummarySchema = Type.Object(
  {
    month: Type.Integer(),
    journals: Type.Integer({ description: 'Journal entries in the month' }),
    goals: Type.Integer({ description: 'Goals in the month' }),
    goals_done: Type.Integer({ description: 'Of those, the ones ticked off' }),
  },
  { $id: 'MonthSummary' },
);
export type MonthSummary = Static<typeof MonthSummarySchema>;
