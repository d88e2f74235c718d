// Habit schedules and skip days: when a habit is due, its completion rate and streaks.
// Pure: no I/O, no clock. Dates are 'YYYY-MM-DD' strings; the server's stats and the browser share it.

/**
 * - `daily` (the default): due every day.
 * - `weekdays`: due on the listed days of the week, 0 = Sunday … 6 = Saturday (JavaScript's
 *   `getUTCDay`), at least one.
 * - `times_per_week`: any `times` (1–7) days of an ISO week (Monday to Sunday) meet it.
 */
export type HabitSchedule =
  | { kind: 'daily' }
  | { kind: 'weekdays'; days: number[] }
  | { kind: 'times_per_week'; times: number };

export type ScheduleKind = HabitSchedule['kind'];
export const SCHEDULE_KINDS: readonly ScheduleKind[] = ['daily', 'weekdays', 'times_per_week'];
export const DAILY: HabitSchedule = { kind: 'daily' };

/** A day's state of a habit: `is_practiced` → done, `is_skipped` → skipped (a planned rest). */
export type DayState = 'done' | 'skipped' | 'not_done';

/** One record of a habit: an entry's checkbox on its date. A date may have several (several entries). */
export interface DayRecord {
  date: string;
  state: DayState;
}

/** What a streak counts: due days for daily and weekday habits, met weeks for N-a-week habits. */
export type StreakUnit = 'days' | 'weeks';

export const SCHEDULE_MESSAGES = {
  kind: 'Choose one of: daily, weekdays, times_per_week.',
  days: 'Choose at least one day of the week, each a number from 0 (Sunday) to 6 (Saturday).',
  times: 'Choose how many times a week: a whole number from 1 to 7.',
  object: 'Must be an object such as {"kind": "daily"}.',
  practicedAndSkipped: 'A habit cannot be both practiced and skipped on the same day.',
} as const;

// ---- dates -----------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 (UTC) of a 'YYYY-MM-DD' date. */
export function dayNumber(date: string): number {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
}

/** The 'YYYY-MM-DD' date of a day number. */
export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  return (((dayNumber(date) + 4) % 7) + 7) % 7;
}

/** The day number of the Monday starting the ISO week of a day number. */
function mondayOf(day: number): number {
  const weekday = (((day + 4) % 7) + 7) % 7;
  return day - ((weekday + 6) % 7);
}

// ---- schedules -------------------------------------------------------------------------------

/** A bit per weekday (bit 0 = Sunday): how the database stores `weekdays`. */
export function daysToMask(days: readonly number[]): number {
  return days.reduce((mask, day) => mask | (1 << day), 0);
}

export function maskToDays(mask: number): number[] {
  return [0, 1, 2, 3, 4, 5, 6].filter((day) => (mask & (1 << day)) !== 0);
}

/** The database's three columns for a schedule (migration 011): kind, weekday mask, times a week. */
export function scheduleColumns(schedule: HabitSchedule): {
  schedule_kind: ScheduleKind;
  schedule_days: number;
  schedule_times: number;
} {
  return {
    schedule_kind: schedule.kind,
    schedule_days: schedule.kind === 'weekdays' ? daysToMask(schedule.days) : 127,
    schedule_times: schedule.kind === 'times_per_week' ? schedule.times : 7,
  };
}

/** The schedule of the database's columns; anything unexpected reads as daily. */
export function scheduleFromColumns(kind: string, mask: number, times: number): HabitSchedule {
  if (kind === 'weekdays') {
    const days = maskToDays(mask);
    return days.length > 0 ? { kind, days } : DAILY;
  }
  if (kind === 'times_per_week' && Number.isInteger(times) && times >= 1 && times <= 7) {
    return { kind, times };
  }
  return DAILY;
}

/**
 * Checks a schedule from outside (a request, an import): the normalised schedule (weekdays
 * sorted and unique, extra fields dropped) or the message saying what is wrong.
 */
export function parseSchedule(
  value: unknown,
): { schedule: HabitSchedule; error?: undefined } | { error: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { error: SCHEDULE_MESSAGES.object };
  }
  const fields = value as Record<string, unknown>;
  switch (fields.kind) {
    case 'daily':
      return { schedule: DAILY };
    case 'weekdays': {
      const days = fields.days;
      if (
        !Array.isArray(days) ||
        days.length === 0 ||
        days.length > 7 ||
        !days.every((day) => Number.isInteger(day) && day >= 0 && day <= 6)
      ) {
        return { error: SCHEDULE_MESSAGES.days };
      }
      return { schedule: { kind: 'weekdays', days: [...new Set(days as number[])].sort() } };
    }
    case 'times_per_week': {
      const times = fields.times;
      if (typeof times !== 'number' || !Number.isInteger(times) || times < 1 || times > 7) {
        return { error: SCHEDULE_MESSAGES.times };
      }
      return { schedule: { kind: 'times_per_week', times } };
    }
    default:
      return { error: SCHEDULE_MESSAGES.kind };
  }
}

/** A schedule from the wire or a saved cache: absent or unreadable → daily. */
export function scheduleOrDaily(value: unknown): HabitSchedule {
  if (value === undefined || value === null) return DAILY;
  const parsed = parseSchedule(value);
  return parsed.error === undefined ? parsed.schedule : DAILY;
}

/** The same schedule? (Weekdays compared as sets; absent reads as daily.) */
export function sameSchedule(a: unknown, b: unknown): boolean {
  const key = (value: unknown) => {
    const schedule = scheduleOrDaily(value);
    return schedule.kind === 'weekdays'
      ? `weekdays:${[...new Set(schedule.days)].sort().join(',')}`
      : schedule.kind === 'times_per_week'
        ? `times:${schedule.times}`
        : 'daily';
  };
  return key(a) === key(b);
}

/**
 * Whether the habit is due on `date`. A daily habit always is; a weekday habit on its days; an
 * N-a-week habit on any day (which days meet the week's quota is the user's choice).
 */
export function isDue(schedule: HabitSchedule, date: string): boolean {
  if (schedule.kind === 'weekdays') return schedule.days.includes(weekdayOf(date));
  return true;
}

/**
 * The one rule every habit figure counts by (the month at a glance, the year view, the calendar's
 * and the year pixels' "2 of 3 habits"): what one checkbox of a habit on `date` adds. Done → a
 * done unit; not done → a missed unit; skipped (a planned rest), or a day the habit is not due
 * (Saturday for a Monday-to-Friday habit), → nothing: neither done nor missed, whatever was ticked.
 */
export function unitOf(
  schedule: HabitSchedule,
  date: string,
  state: DayState,
): 'done' | 'missed' | null {
  if (state === 'skipped' || !isDue(schedule, date)) return null;
  return state === 'done' ? 'done' : 'missed';
}

/** A day's "`done` of `total` habits": its checkboxes, each counted by `unitOf`. */
export function dayHabitCount(
  date: string,
  boxes: Iterable<{ schedule: HabitSchedule; state: DayState }>,
): { done: number; total: number } {
  let done = 0;
  let total = 0;
  for (const { schedule, state } of boxes) {
    const unit = unitOf(schedule, date, state);
    if (unit === null) continue;
    total += 1;
    if (unit === 'done') done += 1;
  }
  return { done, total };
}

/**
 * One entry's "`done` of `total` habits", counted as its card shows it and as the month's stats
 * count it: every habit of the month once, two boxes of one habit merged (`mergeStates`), and a
 * habit with no box on the entry (added to the month after the entry was written) as not done.
 * Each is then counted by `unitOf`, so a habit not due that day counts for nothing.
 */
export function entryHabitCount(
  date: string,
  habits: Iterable<{ id: number; schedule: HabitSchedule }>,
  boxes: Iterable<{ habitId: number; state: DayState }>,
): { done: number; total: number } {
  const statesOf = new Map<number, DayState[]>();
  for (const { habitId, state } of boxes) {
    statesOf.set(habitId, [...(statesOf.get(habitId) ?? []), state]);
  }
  return dayHabitCount(
    date,
    [...habits].map(({ id, schedule }) => ({
      schedule,
      state: mergeStates(statesOf.get(id) ?? []),
    })),
  );
}

/**
 * One habit over several months (a year): the units of each month's progress added up, and the
 * rate of each month weighted by the units it counted, so a single month reads exactly as its
 * month at a glance says.
 */
export function combinedProgress(progresses: Iterable<HabitProgress>): {
  done: number;
  total: number;
  rate: number;
} {
  let done = 0;
  let total = 0;
  let weighted = 0;
  for (const progress of progresses) {
    const counted = progress.done + progress.missed;
    done += progress.done;
    total += counted;
    weighted += progress.rate * counted;
  }
  return { done, total, rate: total === 0 ? 0 : weighted / total };
}

export function streakUnit(schedule: HabitSchedule): StreakUnit {
  return schedule.kind === 'times_per_week' ? 'weeks' : 'days';
}

/** Several records of one date: done if any is, else skipped if any is, else not done. */
export function mergeStates(states: readonly DayState[]): DayState {
  if (states.includes('done')) return 'done';
  if (states.includes('skipped')) return 'skipped';
  return 'not_done';
}

// ---- progress --------------------------------------------------------------------------------

/**
 * A habit's progress over `from`…`to` (inclusive; records outside are ignored).
 *
 * Daily and weekday habits count **due records** (entries, as the month's stats always have: two
 * entries on one day are two units, a day without an entry is no unit and breaks nothing):
 * - done → a done unit; not done → a missed unit; skipped → no unit (neither done nor missed);
 *   a record on a day the habit is not due → no unit.
 * - `rate` = done units / (done + missed units), 0 when there are none.
 * - A streak is a run of done units; a missed unit ends it, a skip or a day off does not.
 *
 * N-a-week habits count **ISO weeks** (Monday–Sunday) that overlap the range:
 * - a week's quota is `times`, or its number of days from the range's start when fewer (the
 *   first week of a range that starts on a Saturday asks 2 of a 3-a-week habit); done days are
 *   distinct dates with a done record; skipped days are distinct dates with a skip and no done.
 * - met: done days ≥ quota. In progress: the week runs past `to` and is not met yet: neither met
 *   nor missed. Excused: not met, but done + skipped days ≥ quota (the skips stood in for the
 *   missing days): neither met nor missed. Otherwise missed.
 * - Skipped days come off the quota for the rate (as a skipped day leaves a daily habit's rate):
 *   a week's credit is 1 when met, else done days / (quota − skipped days), at most 1 (an
 *   excused week with a day done scores 1, a missed week with 2 of 3 scores 2/3). `rate` is the
 *   mean credit of the weeks that are not in progress and whose quota is not all skipped; 0 when
 *   there are none.
 * - A streak is a run of met weeks; a missed week ends it, excused and in-progress weeks do not.
 *
 * Current streak: the run that ends at the last unit (0 when the last counted unit is missed);
 * longest: the longest run. Both are ≥ 0 and ≤ `units` (done + missed units / met + missed weeks,
 * in-progress and excused ones included as they could be met).
 */
export interface HabitProgress {
  unit: StreakUnit;
  /** Done units (done entries, or met weeks). */
  done: number;
  /** Missed units. */
  missed: number;
  /** Every unit that counts towards a streak's ceiling: done, missed, excused and in progress. */
  units: number;
  rate: number;
  current_streak: number;
  longest_streak: number;
}

export function habitProgress(
  schedule: HabitSchedule,
  records: readonly DayRecord[],
  from: string,
  to: string,
): HabitProgress {
  const start = dayNumber(from);
  const end = dayNumber(to);
  const inRange = records
    .map((record) => ({ day: dayNumber(record.date), state: record.state }))
    .filter((record) => record.day >= start && record.day <= end);
  return schedule.kind === 'times_per_week'
    ? weeklyProgress(schedule.times, inRange, start, end)
    : dailyProgress(schedule, inRange);
}

interface DayNumberRecord {
  day: number;
  state: DayState;
}

function dailyProgress(schedule: HabitSchedule, records: DayNumberRecord[]): HabitProgress {
  // Stable by day: records of one day keep their order (the stats pass them by entry).
  const ordered = [...records].sort((a, b) => a.day - b.day);
  let done = 0;
  let missed = 0;
  let run = 0;
  let longest = 0;
  for (const record of ordered) {
    const unit = unitOf(schedule, dateOfDay(record.day), record.state);
    if (unit === null) continue;
    if (unit === 'done') {
      done += 1;
      run += 1;
      if (run > longest) longest = run;
    } else {
      missed += 1;
      run = 0;
    }
  }
  const counted = done + missed;
  return {
    unit: 'days',
    done,
    missed,
    units: counted,
    rate: counted === 0 ? 0 : done / counted,
    current_streak: run,
    longest_streak: longest,
  };
}

function weeklyProgress(
  times: number,
  records: DayNumberRecord[],
  start: number,
  end: number,
): HabitProgress {
  if (end < start) {
    return {
      unit: 'weeks',
      done: 0,
      missed: 0,
      units: 0,
      rate: 0,
      current_streak: 0,
      longest_streak: 0,
    };
  }
  const byDay = new Map<number, DayState[]>();
  for (const record of records) {
    const states = byDay.get(record.day);
    if (states) states.push(record.state);
    else byDay.set(record.day, [record.state]);
  }
  let done = 0;
  let missed = 0;
  let units = 0;
  let credit = 0;
  let rated = 0;
  let run = 0;
  let longest = 0;
  for (let monday = mondayOf(start); monday <= end; monday += 7) {
    const first = Math.max(monday, start);
    const last = Math.min(monday + 6, end);
    // A week cut by the range's start asks at most its days from there; one cut by the end asks
    // the full quota (it is still running: in progress until met).
    const quota = Math.min(times, monday + 6 - first + 1);
    let doneDays = 0;
    let skippedDays = 0;
    for (let day = first; day <= last; day += 1) {
      const states = byDay.get(day);
      if (!states) continue;
      const state = mergeStates(states);
      if (state === 'done') doneDays += 1;
      else if (state === 'skipped') skippedDays += 1;
    }
    units += 1;
    // Each skipped day comes off the week's quota for the rate, as a skipped day leaves a daily
    // habit's rate; it never makes the week met.
    const restQuota = quota - skippedDays;
    if (doneDays >= quota) {
      done += 1;
      credit += 1;
      rated += 1;
      run += 1;
      if (run > longest) longest = run;
    } else if (monday + 6 > end) {
      // Still running and not met yet: neither met nor missed.
    } else if (doneDays >= restQuota) {
      // Excused: the skips stood in for the missing days. Breaks no streak, adds none.
      if (restQuota > 0) {
        credit += 1;
        rated += 1;
      }
    } else {
      missed += 1;
      credit += doneDays / restQuota;
      rated += 1;
      run = 0;
    }
  }
  return {
    unit: 'weeks',
    done,
    missed,
    units,
    rate: rated === 0 ? 0 : credit / rated,
    current_streak: run,
    longest_streak: longest,
  };
}

/** The state of a daily habit's flags (`is_practiced` wins if a client ever sent both). */
export function dayState(isPracticed: boolean, isSkipped: boolean): DayState {
  if (isPracticed) return 'done';
  return isSkipped ? 'skipped' : 'not_done';
}

/**
 * The month's stats of one habit (contract/stats.ts): `dates` are the month's entries in order,
 * `states[i]` the habit on entry i, null when that entry has no checkbox for it (it counts as not
 * done, as it always has). The range runs from the first entry's date to the last's.
 */
export function entriesProgress(
  schedule: HabitSchedule,
  dates: readonly string[],
  states: ReadonlyArray<DayState | null>,
): HabitProgress {
  const first = dates[0];
  const last = dates[dates.length - 1];
  const records = dates.map((date, index) => ({ date, state: states[index] ?? 'not_done' }));
  if (first === undefined || last === undefined) {
    const unit = streakUnit(schedule);
    return { unit, done: 0, missed: 0, units: 0, rate: 0, current_streak: 0, longest_streak: 0 };
  }
  return habitProgress(schedule, records, first, last);
}
