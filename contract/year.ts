// The year view: the wire shape of GET /api/years/{year}/, and the path's year.
import { type Static, Type } from '@sinclair/typebox';
import { PERIOD_MAX_YEAR, PERIOD_MIN_YEAR } from './month-period.js';

/*
 * What the numbers mean (the server computes them; the browser only draws them):
 *
 * - `months`: the caller's months whose period is in the year, by period then id, at most
 *   YEAR_VIEW_MONTHS (contract/quotas.ts); `truncated` is true when more were left out. Every
 *   other list is about these months only, private ones (`private: true`) excepted: the server
 *   cannot read their content, so they count in no figure.
 * - `days`: one item per calendar day of the year that has at least one entry of those months,
 *   by date. `entries` counts them; `mood` is the mean of their moods (1 to 5), null when none
 *   has one; `habits_done` of `habits_total` counts each entry's habits done, of its month's
 *   habits that count: not skipped (a planned rest) and due that day by the habit's schedule, a
 *   habit the entry has no checkbox for as not done (contract/habit-schedule.ts `entryHabitCount`).
 * - `habits`: one item per habit name (compared without case or accents) across the months, in
 *   the order first seen: each month's progress as its month at a glance computes it, added up
 *   (`combinedProgress`): `done` of `total` units (due entries, or weeks of an N-a-week habit),
 *   `rate` the months' rates weighted by their units (0 when total is 0), `months` how many of
 *   the months have it.
 * - `measures`: one item per measure name likewise, with the unit of its first month; `points`
 *   one per period that has values: their mean and how many there were.
 */

const Id = Type.Integer();
const Count = Type.Integer({ minimum: 0 });
/** `YYYY-MM-DD` */
const DateString = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
/** `YYYY-MM` */
const PeriodString = Type.String({ pattern: '^\\d{4}-\\d{2}$' });
const nullableNumber = Type.Unsafe<number | null>({ type: 'number', nullable: true });
const nullableString = Type.Unsafe<string | null>({ type: 'string', nullable: true });

export const YearParamsSchema = Type.Object({
  year: Type.Integer({ minimum: PERIOD_MIN_YEAR, maximum: PERIOD_MAX_YEAR }),
});
export type YearParams = Static<typeof YearParamsSchema>;

export const YearMonthSchema = Type.Object({
  id: Id,
  name: Type.String(),
  period: PeriodString,
  /** True for a private month: listed, its name '' (sealed), and left out of every figure. */
  private: Type.Optional(Type.Boolean()),
});
export type YearMonth = Static<typeof YearMonthSchema>;

export const YearDaySchema = Type.Object({
  date: DateString,
  entries: Count,
  mood: nullableNumber,
  habits_done: Count,
  habits_total: Count,
});
export type YearDay = Static<typeof YearDaySchema>;

export const YearHabitSchema = Type.Object({
  name: Type.String(),
  done: Count,
  total: Count,
  rate: Type.Number({ minimum: 0, maximum: 1 }),
  months: Count,
  /** What `done` and `total` count: weeks when every month has it N times a week, else days. */
  unit: Type.Optional(Type.Union([Type.Literal('days'), Type.Literal('weeks')])),
});
export type YearHabit = Static<typeof YearHabitSchema>;

export const YearMeasurePointSchema = Type.Object({
  period: PeriodString,
  value: Type.Number(),
  count: Count,
});
export type YearMeasurePoint = Static<typeof YearMeasurePointSchema>;

export const YearMeasureSchema = Type.Object({
  name: Type.String(),
  unit: nullableString,
  points: Type.Array(YearMeasurePointSchema),
});
export type YearMeasure = Static<typeof YearMeasureSchema>;

export const YearViewSchema = Type.Object(
  {
    year: Type.Integer(),
    months: Type.Array(YearMonthSchema),
    truncated: Type.Boolean(),
    days: Type.Array(YearDaySchema),
    habits: Type.Array(YearHabitSchema),
    measures: Type.Array(YearMeasureSchema),
  },
  { $id: 'YearView' },
);
export type YearView = Static<typeof YearViewSchema>;

/** How names are matched across months: "Run", "run " and "RUN" are one habit. */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}
