// Month at a glance (issue 6, feature 1): the wire shape of GET /api/months/{id}/stats/.
import { type Static, Type } from '@sinclair/typebox';

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
 * - Streaks count entries, not calendar days: a run is a sequence of consecutive entries that
 *   are all ticked; an unticked entry, or one without the checkbox, ends it, while a day with no
 *   entry at all does not. `current_streak` is the run that ends at the latest entry (0 when the
 *   latest entry is not ticked, or there are no entries); `longest_streak` is the longest run.
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
});
export type HabitStats = Static<typeof HabitStatsSchema>;

export const MonthStatsSchema = Type.Object(
  {
    month: Id,
    entries: Type.Array(StatsEntrySchema),
    measure: Type.Union([Type.Object({ id: Id, name: Type.String() }), Type.Null()]),
    series: Type.Array(MeasurePointSchema),
    habits: Type.Array(HabitStatsSchema),
    goals: Type.Object({ completed: Count, total: Count }),
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
