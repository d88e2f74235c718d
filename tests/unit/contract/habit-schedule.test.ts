// @vitest-environment node
// The habit schedule module: due days, completion rates and streaks, with property tests.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  combinedProgress,
  type DayRecord,
  type DayState,
  dateOfDay,
  dayHabitCount,
  dayNumber,
  entriesProgress,
  entryHabitCount,
  type HabitSchedule,
  habitProgress,
  isDue,
  maskToDays,
  parseSchedule,
  SCHEDULE_MESSAGES,
  scheduleColumns,
  scheduleFromColumns,
  unitOf,
  weekdayOf,
} from '../../../contract/habit-schedule';

// 2024-01-01 is a Monday.
const MONDAY = dayNumber('2024-01-01');
const day = (offset: number) => dateOfDay(MONDAY + offset);
const rec = (offset: number, state: DayState): DayRecord => ({ date: day(offset), state });

const scheduleArb: fc.Arbitrary<HabitSchedule> = fc.oneof(
  fc.constant<HabitSchedule>({ kind: 'daily' }),
  fc
    .uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 })
    .map((days): HabitSchedule => ({ kind: 'weekdays', days: days.sort() })),
  fc.integer({ min: 1, max: 7 }).map((times): HabitSchedule => ({ kind: 'times_per_week', times })),
);
const stateArb = fc.constantFrom<DayState>('done', 'skipped', 'not_done');
/** Records within the first 35 days of 2024 (a range starting on a Monday), in date order. */
const recordsArb = fc
  .array(fc.record({ offset: fc.integer({ min: 0, max: 34 }), state: stateArb }), {
    maxLength: 40,
  })
  .map((list) =>
    list.sort((a, b) => a.offset - b.offset).map(({ offset, state }) => rec(offset, state)),
  );
const rangeArb = fc
  .tuple(fc.integer({ min: 0, max: 34 }), fc.integer({ min: 0, max: 34 }))
  .map(([a, b]) => ({ from: day(Math.min(a, b)), to: day(Math.max(a, b)) }));
const FULL = { from: day(0), to: day(34) };

const progress = (schedule: HabitSchedule, records: DayRecord[], range = FULL) =>
  habitProgress(schedule, records, range.from, range.to);

describe('dates and schedules', () => {
  it('knows the weekday of a date (0 = Sunday)', () => {
    expect(weekdayOf('2024-01-01')).toBe(1);
    expect(weekdayOf('2024-01-07')).toBe(0);
    expect(weekdayOf('2026-11-25')).toBe(3);
    expect(dateOfDay(dayNumber('2024-02-29'))).toBe('2024-02-29');
  });

  it('is due on its weekdays only, every day otherwise', () => {
    const tuesdays: HabitSchedule = { kind: 'weekdays', days: [2] };
    expect(isDue(tuesdays, '2024-01-02')).toBe(true);
    expect(isDue(tuesdays, '2024-01-03')).toBe(false);
    expect(isDue({ kind: 'daily' }, '2024-01-03')).toBe(true);
    expect(isDue({ kind: 'times_per_week', times: 3 }, '2024-01-03')).toBe(true);
  });

  it('parses schedules with clear messages', () => {
    expect(parseSchedule({ kind: 'daily' })).toEqual({ schedule: { kind: 'daily' } });
    expect(parseSchedule({ kind: 'weekdays', days: [5, 1, 1] })).toEqual({
      schedule: { kind: 'weekdays', days: [1, 5] },
    });
    expect(parseSchedule({ kind: 'times_per_week', times: 3 })).toEqual({
      schedule: { kind: 'times_per_week', times: 3 },
    });
    expect(parseSchedule({ kind: 'weekdays', days: [] })).toEqual({
      error: SCHEDULE_MESSAGES.days,
    });
    expect(parseSchedule({ kind: 'weekdays', days: [7] })).toEqual({
      error: SCHEDULE_MESSAGES.days,
    });
    expect(parseSchedule({ kind: 'times_per_week', times: 8 })).toEqual({
      error: SCHEDULE_MESSAGES.times,
    });
    expect(parseSchedule({ kind: 'times_per_week', times: 2.5 })).toEqual({
      error: SCHEDULE_MESSAGES.times,
    });
    expect(parseSchedule({ kind: 'monthly' })).toEqual({ error: SCHEDULE_MESSAGES.kind });
    expect(parseSchedule('daily')).toEqual({ error: SCHEDULE_MESSAGES.object });
  });

  it('round-trips through the database columns', () => {
    fc.assert(
      fc.property(scheduleArb, (schedule) => {
        const columns = scheduleColumns(schedule);
        expect(
          scheduleFromColumns(columns.schedule_kind, columns.schedule_days, columns.schedule_times),
        ).toEqual(schedule);
      }),
    );
    expect(maskToDays(0b1000010)).toEqual([1, 6]);
  });
});

describe('examples', () => {
  it('a Tuesday-only habit is not missed on Wednesday', () => {
    const tuesdays: HabitSchedule = { kind: 'weekdays', days: [2] };
    const records = [
      rec(1, 'done'), // Tue
      rec(2, 'not_done'), // Wed: not due
      rec(8, 'done'), // Tue
      rec(9, 'not_done'), // Wed
    ];
    const result = progress(tuesdays, records);
    expect(result).toMatchObject({
      unit: 'days',
      done: 2,
      missed: 0,
      rate: 1,
      current_streak: 2,
      longest_streak: 2,
    });
  });

  it('a daily habit: skips neither count nor break; a missed day does', () => {
    const records = [
      rec(0, 'done'),
      rec(1, 'skipped'),
      rec(2, 'done'),
      rec(3, 'not_done'),
      rec(4, 'done'),
    ];
    expect(progress({ kind: 'daily' }, records)).toMatchObject({
      done: 3,
      missed: 1,
      rate: 0.75,
      current_streak: 1,
      longest_streak: 2,
    });
  });

  it('a 3-a-week habit is met by any three days of an ISO week', () => {
    const times: HabitSchedule = { kind: 'times_per_week', times: 3 };
    const records = [
      // Week 1: Mon, Thu, Sun done → met.
      rec(0, 'done'),
      rec(3, 'done'),
      rec(6, 'done'),
      // Week 2: two done, one skipped → excused (no break, no count).
      rec(7, 'done'),
      rec(8, 'skipped'),
      rec(9, 'done'),
      // Week 3: three done → met.
      rec(14, 'done'),
      rec(15, 'done'),
      rec(20, 'done'),
      // Week 4: one done → missed.
      rec(21, 'done'),
      // Week 5: three done → met.
      rec(28, 'done'),
      rec(29, 'done'),
      rec(30, 'done'),
    ];
    const result = progress(times, records);
    expect(result).toMatchObject({
      unit: 'weeks',
      done: 3,
      missed: 1,
      units: 5,
      current_streak: 1,
      longest_streak: 2,
    });
    // Weeks' credits: 1, 1 (excused, skip off the quota), 1, 1/3, 1.
    expect(result.rate).toBeCloseTo((4 + 1 / 3) / 5);
  });

  it('the week still running is not missed yet, and counts once met', () => {
    const times: HabitSchedule = { kind: 'times_per_week', times: 3 };
    const week1 = [rec(0, 'done'), rec(1, 'done'), rec(2, 'done')];
    // Range ends on Wednesday of week 2, with one day done: week 2 is in progress.
    const running = habitProgress(times, [...week1, rec(7, 'done')], day(0), day(9));
    expect(running).toMatchObject({ done: 1, missed: 0, current_streak: 1, rate: 1 });
    const met = habitProgress(
      times,
      [...week1, rec(7, 'done'), rec(8, 'done'), rec(9, 'done')],
      day(0),
      day(9),
    );
    expect(met).toMatchObject({ done: 2, current_streak: 2 });
    // A range ending on the Monday does not shrink that week's quota to one day.
    const monday = habitProgress(times, [...week1, rec(7, 'done')], day(0), day(7));
    expect(monday).toMatchObject({ done: 1, missed: 0, units: 2, current_streak: 1 });
  });

  it('a week cut by the range asks only for its days in range', () => {
    // The range starts on Saturday: the first week asks 2 of a 3-a-week habit.
    const times: HabitSchedule = { kind: 'times_per_week', times: 3 };
    const result = habitProgress(times, [rec(5, 'done'), rec(6, 'done')], day(5), day(6));
    expect(result).toMatchObject({ done: 1, missed: 0, current_streak: 1 });
  });

  it('several entries on one day: the N-a-week quota counts distinct days', () => {
    const times: HabitSchedule = { kind: 'times_per_week', times: 2 };
    const result = habitProgress(times, [rec(0, 'done'), rec(0, 'done')], day(0), day(6));
    expect(result).toMatchObject({ done: 0, missed: 1, current_streak: 0 });
  });

  it('no records, no progress', () => {
    expect(progress({ kind: 'daily' }, [])).toMatchObject({
      rate: 0,
      current_streak: 0,
      longest_streak: 0,
    });
  });
});

/** `records` with the record at `index` turned into `state`. */
const withState = (records: DayRecord[], index: number, state: DayState) =>
  records.map((record, i) => (i === index ? { ...record, state } : record));

describe('properties', () => {
  it('streaks are never negative and never exceed the due units', () => {
    fc.assert(
      fc.property(scheduleArb, recordsArb, rangeArb, (schedule, records, range) => {
        const result = progress(schedule, records, range);
        expect(result.current_streak).toBeGreaterThanOrEqual(0);
        expect(result.longest_streak).toBeGreaterThanOrEqual(result.current_streak);
        expect(result.longest_streak).toBeLessThanOrEqual(result.done);
        expect(result.done + result.missed).toBeLessThanOrEqual(result.units);
        expect(result.rate).toBeGreaterThanOrEqual(0);
        expect(result.rate).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('a skip never breaks a streak: a not-done day turned skipped never lowers one', () => {
    fc.assert(
      fc.property(scheduleArb, recordsArb, fc.nat(), (schedule, records, pick) => {
        fc.pre(records.length > 0);
        const index = pick % records.length;
        fc.pre(records[index]?.state === 'not_done');
        const before = progress(schedule, records);
        const after = progress(schedule, withState(records, index, 'skipped'));
        expect(after.current_streak).toBeGreaterThanOrEqual(before.current_streak);
        expect(after.longest_streak).toBeGreaterThanOrEqual(before.longest_streak);
      }),
    );
  });

  it('a skip never breaks a streak: done days with skips between are one run', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom<DayState>('done', 'skipped'), { minLength: 1, maxLength: 30 }),
        (states) => {
          const records = states.map((state, offset) => rec(offset, state));
          const result = progress({ kind: 'daily' }, records);
          const done = states.filter((state) => state === 'done').length;
          expect(result.current_streak).toBe(done);
          expect(result.longest_streak).toBe(done);
        },
      ),
    );
  });

  it('meeting the quota completes the week', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
        fc.array(fc.record({ offset: fc.integer({ min: 0, max: 6 }), state: stateArb })),
        (times, doneDays, others) => {
          fc.pre(doneDays.length >= times);
          const records = [
            ...others.map(({ offset, state }) => rec(offset, state)),
            ...doneDays.map((offset) => rec(offset, 'done')),
          ];
          const result = habitProgress({ kind: 'times_per_week', times }, records, day(0), day(6));
          expect(result).toMatchObject({ done: 1, missed: 0, current_streak: 1, rate: 1 });
        },
      ),
    );
  });

  it('adding a done day never lowers a rate or a streak', () => {
    fc.assert(
      fc.property(
        scheduleArb,
        recordsArb,
        fc.oneof(
          fc.record({ change: fc.constant('turn' as const), pick: fc.nat() }),
          fc.record({
            change: fc.constant('add' as const),
            offset: fc.integer({ min: 0, max: 34 }),
          }),
        ),
        (schedule, records, change) => {
          let next: DayRecord[];
          if (change.change === 'turn') {
            fc.pre(records.length > 0);
            next = withState(records, change.pick % records.length, 'done');
          } else {
            next = [...records, rec(change.offset, 'done')].sort((a, b) =>
              a.date.localeCompare(b.date),
            );
          }
          const before = progress(schedule, records);
          const after = progress(schedule, next);
          expect(after.rate).toBeGreaterThanOrEqual(before.rate - 1e-12);
          expect(after.current_streak).toBeGreaterThanOrEqual(before.current_streak);
          expect(after.longest_streak).toBeGreaterThanOrEqual(before.longest_streak);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('one rule for every figure', () => {
  const GYM: HabitSchedule = { kind: 'weekdays', days: [1, 2, 3, 4, 5] };
  const READ: HabitSchedule = { kind: 'times_per_week', times: 3 };
  const DAILY_HABIT: HabitSchedule = { kind: 'daily' };

  it('counts a checkbox as done, missed, or nothing when skipped or not due', () => {
    expect(unitOf(GYM, day(0), 'done')).toBe('done');
    expect(unitOf(GYM, day(0), 'not_done')).toBe('missed');
    expect(unitOf(GYM, day(0), 'skipped')).toBeNull();
    // Saturday: a Monday-to-Friday habit is not due, ticked or not.
    expect(unitOf(GYM, day(5), 'not_done')).toBeNull();
    expect(unitOf(GYM, day(5), 'done')).toBeNull();
    expect(unitOf(READ, day(5), 'not_done')).toBe('missed');
  });

  it('says "1 of 2 habits" on a Saturday when the weekday habit is not due', () => {
    const saturday = day(5);
    const boxes = [
      { schedule: GYM, state: 'not_done' as const },
      { schedule: READ, state: 'done' as const },
      { schedule: DAILY_HABIT, state: 'not_done' as const },
    ];
    expect(dayHabitCount(saturday, boxes)).toEqual({ done: 1, total: 2 });
    expect(dayHabitCount(day(0), boxes)).toEqual({ done: 1, total: 3 });
  });

  it('counts every habit of the month on an entry, one without a checkbox as not done', () => {
    const habits = [
      { id: 1, schedule: GYM },
      { id: 2, schedule: READ },
      { id: 3, schedule: DAILY_HABIT },
    ];
    // Habit 3 was added after the entry: no checkbox, so not done where it is due.
    const boxes = [
      { habitId: 1, state: 'done' as const },
      { habitId: 2, state: 'done' as const },
    ];
    expect(entryHabitCount(day(0), habits, boxes)).toEqual({ done: 2, total: 3 });
    // Saturday: Gym is not due, ticked or not.
    expect(entryHabitCount(day(5), habits, boxes)).toEqual({ done: 1, total: 2 });
    // Two checkboxes of one habit count once, done if either is.
    const twice = [...boxes, { habitId: 1, state: 'not_done' as const }];
    expect(entryHabitCount(day(0), habits, twice)).toEqual({ done: 2, total: 3 });
    // A skipped habit counts for nothing.
    const rest = [{ habitId: 3, state: 'skipped' as const }];
    expect(entryHabitCount(day(0), habits, rest)).toEqual({ done: 0, total: 2 });
  });

  it('gives one month over a year the month’s own rate, and weighs months by what they counted', () => {
    const dates = Array.from({ length: 14 }, (_, offset) => day(offset));
    const states = dates.map((_, offset): DayState => (offset === 2 ? 'not_done' : 'done'));
    const month = entriesProgress(GYM, dates, states);
    expect(month.rate).toBeCloseTo(9 / 10);
    expect(combinedProgress([month])).toEqual({ done: 9, total: 10, rate: month.rate });
    const other = entriesProgress(GYM, dates.slice(0, 5), [
      'not_done',
      'done',
      'done',
      'done',
      'done',
    ]);
    expect(combinedProgress([month, other])).toEqual({ done: 13, total: 15, rate: 13 / 15 });
    expect(combinedProgress([])).toEqual({ done: 0, total: 0, rate: 0 });
  });

  it('agrees with the progress rule on every record (property)', () => {
    fc.assert(
      fc.property(
        scheduleArb.filter((s) => s.kind !== 'times_per_week'),
        recordsArb,
        (schedule, records) => {
          const result = progress(schedule, records);
          const units = records.map((record) => unitOf(schedule, record.date, record.state));
          expect(result.done).toBe(units.filter((unit) => unit === 'done').length);
          expect(result.missed).toBe(units.filter((unit) => unit === 'missed').length);
        },
      ),
    );
  });
});
