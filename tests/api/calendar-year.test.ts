// API tests for the calendar: a month's period (create, rename, set, clear, bad input) and GET
// /api/years/{year}/.
import type { Month } from '../../contract/entities.js';
import type { ExportFile } from '../../contract/export.js';
import { PERIOD_MESSAGE } from '../../contract/month-period.js';
import { YEAR_VIEW_MONTHS } from '../../contract/quotas.js';
import { MESSAGES } from '../../contract/rules.js';
import type { MonthStats } from '../../contract/stats.js';
import type { YearView } from '../../contract/year.js';
import { YearViewRepository } from '../../server/repositories/year-view.js';
import {
  reposOf,
  seedDailyHabit,
  seedDailyMeasure,
  seedHabit,
  seedJournal,
  seedMeasure,
  seedMonth,
} from '../support/factories.js';
import { createUser, injectAs, setUpTestApp, type TestUser } from '../support/test-app.js';

const { t, user, api } = setUpTestApp();

const post = (payload: unknown, as: TestUser = user) =>
  injectAs(t, as, {
    method: 'POST',
    url: '/api/months/',
    payload: payload as object,
  });
const patch = (id: number, payload: unknown, as: TestUser = user) =>
  injectAs(t, as, {
    method: 'PATCH',
    url: `/api/months/${id}/`,
    payload: payload as object,
  });
const year = (value: number | string, as: TestUser = user) =>
  injectAs(t, as, { method: 'GET', url: `/api/years/${value}/` });

async function storedPeriod(id: number) {
  return t.database.db
    .selectFrom('months')
    .select(['period_year', 'period_month'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** An entry on a given day (the journals route accepts `created_at`). */
function entryOn(monthId: number, date: string, as: TestUser = user) {
  return reposOf(t, as).journals.create({ month_id: monthId, highlight: 'Day', created_at: date });
}

describe('a month’s period', () => {
  it.each([
    ['March 2026', '2026-03'],
    ['Janeiro de 2026', '2026-01'],
    ['2025-12', '2025-12'],
    ['Holidays', null],
  ])('a new month named %j gets the period %j from its name', async (name, period) => {
    const response = await post({ name });
    expect(response.statusCode).toBe(201);
    expect(response.json<Month>().period).toBe(period);
    const detail = await injectAs(t, user, {
      method: 'GET',
      url: `/api/months/${response.json<Month>().id}/`,
    });
    expect(detail.json<Month>().period).toBe(period);
  });

  it('takes a period given on create over the name, and null for none', async () => {
    const given = await post({ name: 'March 2026', period: '2026-04' });
    expect(given.json<Month>().period).toBe('2026-04');
    const none = await post({ name: 'March 2026', period: null });
    expect(none.statusCode).toBe(201);
    expect(none.json<Month>().period).toBeNull();
    expect(await storedPeriod(none.json<Month>().id)).toEqual({
      period_year: null,
      period_month: null,
    });
  });

  it('keeps the period on a rename, sets and clears it on its own', async () => {
    const month = (await post({ name: 'March 2026' })).json<Month>();
    const renamed = await patch(month.id, { name: 'Spring' });
    expect(renamed.json<Month>()).toMatchObject({ name: 'Spring', period: '2026-03' });
    const moved = await patch(month.id, { period: '2027-11' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<Month>()).toMatchObject({ name: 'Spring', period: '2027-11' });
    expect(await storedPeriod(month.id)).toEqual({ period_year: 2027, period_month: 11 });
    const cleared = await patch(month.id, { period: null });
    expect(cleared.json<Month>()).toMatchObject({ name: 'Spring', period: null });
    expect(await storedPeriod(month.id)).toEqual({ period_year: null, period_month: null });
  });

  it('lists each month with its period', async () => {
    await post({ name: 'March 2026' });
    await post({ name: 'Someday' });
    const list = await injectAs(t, user, { method: 'GET', url: '/api/months/' });
    expect(list.json<Month[]>().map((month) => month.period)).toEqual(['2026-03', null]);
  });

  it.each(['2026-13', '2026-00', '2026-3', '1899-12', '3000-01', 'March 2026', '', '2026-03-01'])(
    'refuses the period %j with 400 and changes nothing',
    async (period) => {
      const created = await post({ name: 'Plain', period });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toEqual({ period: [PERIOD_MESSAGE] });
      const month = await seedMonth(t, user, 'April 2026');
      const patched = await patch(month.id, { period });
      expect(patched.statusCode).toBe(400);
      expect(patched.json()).toEqual({ period: [PERIOD_MESSAGE] });
      expect(await storedPeriod(month.id)).toEqual({ period_year: 2026, period_month: 4 });
      const months = await injectAs(t, user, {
        method: 'GET',
        url: '/api/months/',
      });
      expect(months.json<Month[]>()).toHaveLength(1);
    },
  );

  it.each([[202603], [true], [['2026-03']], [{ year: 2026 }]])(
    'refuses the period %j (not text) with 400',
    async (period) => {
      const response = await post({ name: 'Plain', period });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(['period']);
    },
  );

  it('cannot set another user’s month’s period (404, unchanged)', async () => {
    const other = await createUser(t);
    const month = await seedMonth(t, other, 'March 2026');
    const response = await patch(month.id, { period: '2020-01' });
    expect(response.statusCode).toBe(404);
    expect(await storedPeriod(month.id)).toEqual({ period_year: 2026, period_month: 3 });
  });
});

describe('GET /api/years/{year}/', () => {
  it('answers the months with a period in the year, each day, habit and measure', async () => {
    const march = await seedMonth(t, user, 'March 2026');
    const april = await seedMonth(t, user, 'April 2026');
    await seedMonth(t, user, 'March 2025');
    await seedMonth(t, user, 'No period');
    const readMarch = await seedHabit(t, user, march.id, 'Read');
    const readApril = await seedHabit(t, user, april.id, ' read');
    const run = await seedHabit(t, user, march.id, 'Run');
    const weightMarch = await seedMeasure(t, user, march.id, 'Weight');
    const weightApril = await seedMeasure(t, user, april.id, 'weight');
    const day1 = await entryOn(march.id, '2026-03-01');
    const day1b = await entryOn(march.id, '2026-03-01');
    const day2 = await entryOn(march.id, '2026-03-02');
    const april1 = await entryOn(april.id, '2026-04-01');
    await seedDailyHabit(t, user, day1.id, readMarch.id, true);
    await seedDailyHabit(t, user, day1.id, run.id, false);
    await seedDailyHabit(t, user, day1b.id, readMarch.id, true);
    await seedDailyHabit(t, user, day2.id, run.id, true);
    await seedDailyHabit(t, user, april1.id, readApril.id, false);
    await seedDailyMeasure(t, user, day1.id, weightMarch.id, 70);
    await seedDailyMeasure(t, user, day2.id, weightMarch.id, 72);
    await seedDailyMeasure(t, user, april1.id, weightApril.id, 69);

    const response = await year(2026);
    expect(response.statusCode).toBe(200);
    const view = response.json<YearView>();
    expect(view.year).toBe(2026);
    expect(view.truncated).toBe(false);
    expect(view.months).toEqual([
      { id: march.id, name: 'March 2026', period: '2026-03' },
      { id: april.id, name: 'April 2026', period: '2026-04' },
    ]);
    // Each entry counts every habit of its month, as its card shows them: one without the
    // habit's checkbox (day1b has no Run, day2 no Read) has it not done.
    expect(view.days).toEqual([
      { date: '2026-03-01', entries: 2, mood: null, habits_done: 2, habits_total: 4 },
      { date: '2026-03-02', entries: 1, mood: null, habits_done: 1, habits_total: 2 },
      { date: '2026-04-01', entries: 1, mood: null, habits_done: 0, habits_total: 1 },
    ]);
    // As the month at a glance counts: an entry without the habit's checkbox is not done.
    expect(view.habits).toEqual([
      { name: 'Read', done: 2, total: 4, rate: 0.5, months: 2, unit: 'days' },
      { name: 'Run', done: 1, total: 3, rate: 1 / 3, months: 1, unit: 'days' },
    ]);
    expect(view.measures).toEqual([
      {
        name: 'Weight',
        unit: null,
        points: [
          { period: '2026-03', value: 71, count: 2 },
          { period: '2026-04', value: 69, count: 1 },
        ],
      },
    ]);
  });

  it('is computed on a read thread, never on the event loop every request shares', async () => {
    const onMainThread = vi.spyOn(YearViewRepository.prototype, 'forYear');
    try {
      const month = await seedMonth(t, user, 'May 2026');
      await entryOn(month.id, '2026-05-04');

      const response = await year(2026);

      expect(response.statusCode).toBe(200);
      expect(response.json<YearView>().days).toEqual([
        { date: '2026-05-04', entries: 1, mood: null, habits_done: 0, habits_total: 0 },
      ]);
      expect(onMainThread).not.toHaveBeenCalled();
    } finally {
      onMainThread.mockRestore();
    }
  });

  it('counts habits by their schedules, as the month at a glance does', async () => {
    const june = await seedMonth(t, user, 'June 2026');
    const habit = async (name: string, schedule: unknown) => {
      const response = await api('POST', '/api/habits/', { name, month_id: june.id, schedule });
      expect(response.statusCode).toBe(201);
      return response.json<{ id: number }>();
    };
    const gym = await habit('Gym', { kind: 'weekdays', days: [1, 2, 3, 4, 5] });
    const read = await habit('Read', { kind: 'times_per_week', times: 3 });
    // 1 June 2026 is a Monday: two weeks of entries, Gym done on weekdays but one, never at the
    // weekend (not due); Read three times the first week, twice the second.
    const readDays = new Set([1, 3, 5, 9, 11]);
    for (let day = 1; day <= 14; day += 1) {
      const date = `2026-06-${String(day).padStart(2, '0')}`;
      const entry = await entryOn(june.id, date);
      const weekend = day % 7 === 6 || day % 7 === 0;
      await seedDailyHabit(t, user, entry.id, gym.id, !weekend && day !== 10);
      await seedDailyHabit(t, user, entry.id, read.id, readDays.has(day));
    }
    const stats = (await api('GET', `/api/months/${june.id}/stats/`)).json<MonthStats>();
    const glance = new Map(stats.habits.map((each) => [each.name, each.rate]));
    expect(glance.get('Gym')).toBeCloseTo(9 / 10);
    expect(glance.get('Read')).toBeCloseTo((1 + 2 / 3) / 2);

    const view = (await year(2026)).json<YearView>();
    // The same figures as the glance: one rule (contract/habit-schedule.ts).
    expect(view.habits.map(({ name, rate, unit }) => [name, rate, unit])).toEqual([
      ['Gym', glance.get('Gym'), 'days'],
      ['Read', glance.get('Read'), 'weeks'],
    ]);
    // Read's units are weeks, as the glance's streaks count them: one met, one missed.
    expect(view.habits[1]).toMatchObject({ done: 1, total: 2 });
    // Saturday 6 June: Gym is not due, so the day counts Read alone.
    expect(view.days.find((day) => day.date === '2026-06-06')).toMatchObject({
      habits_done: 0,
      habits_total: 1,
    });
    expect(view.days.find((day) => day.date === '2026-06-05')).toMatchObject({
      habits_done: 2,
      habits_total: 2,
    });
  });

  it('leaves skipped habits out of the days’ and habits’ counts', async () => {
    const month = await seedMonth(t, user, 'August 2026');
    const habit = await seedHabit(t, user, month.id, 'Swim');
    const rest = await entryOn(month.id, '2026-08-01');
    const swim = await entryOn(month.id, '2026-08-02');
    await reposOf(t, user).dailyHabits.create({
      journal_id: rest.id,
      habit_id: habit.id,
      is_skipped: true,
    });
    await seedDailyHabit(t, user, swim.id, habit.id, true);
    const view = (await year(2026)).json<YearView>();
    expect(view.days).toEqual([
      { date: '2026-08-01', entries: 1, mood: null, habits_done: 0, habits_total: 0 },
      { date: '2026-08-02', entries: 1, mood: null, habits_done: 1, habits_total: 1 },
    ]);
    expect(view.habits).toEqual([
      { name: 'Swim', done: 1, total: 1, rate: 1, months: 1, unit: 'days' },
    ]);
  });

  it('gives each day the mean of its entries’ moods, leaving out entries without one', async () => {
    const month = await seedMonth(t, user, 'September 2026');
    const repos = reposOf(t, user);
    for (const mood of [4, 5, null]) {
      await repos.journals.create({
        month_id: month.id,
        highlight: 'Day',
        created_at: '2026-09-01',
        ...(mood === null ? {} : { mood }),
      });
    }
    await entryOn(month.id, '2026-09-02');
    const view = (await year(2026)).json<YearView>();
    expect(view.days.map((day) => [day.date, day.entries, day.mood])).toEqual([
      ['2026-09-01', 3, 4.5],
      ['2026-09-02', 1, null],
    ]);
  });

  it('leaves out entries dated outside the year', async () => {
    const december = await seedMonth(t, user, 'December 2026');
    const stray = await entryOn(december.id, '2026-12-30');
    await entryOn(december.id, '2026-12-31');
    // The API keeps an entry inside its month's period; one dated elsewhere before it did stays.
    await t.database.db
      .updateTable('journals')
      .set({ created_at: '2027-01-01' })
      .where('id', '=', stray.id)
      .execute();
    const view = (await year(2026)).json<YearView>();
    expect(view.days.map((day) => day.date)).toEqual(['2026-12-31']);
  });

  it('answers empty lists for a year without months', async () => {
    await seedJournal(t, user, (await seedMonth(t, user, 'Someday')).id);
    const response = await year(2031);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      year: 2031,
      months: [],
      truncated: false,
      days: [],
      habits: [],
      measures: [],
    });
  });

  it('never counts another user’s months', async () => {
    const other = await createUser(t);
    const theirs = await seedMonth(t, other, 'March 2026');
    await entryOn(theirs.id, '2026-03-05', other);
    await seedHabit(t, other, theirs.id, 'Secret');
    const mine = await seedMonth(t, user, 'May 2026');
    const view = (await year(2026)).json<YearView>();
    expect(view.months.map((month) => month.id)).toEqual([mine.id]);
    expect(view.days).toEqual([]);
    expect(view.habits).toEqual([]);
    const theirView = (await year(2026, other)).json<YearView>();
    expect(theirView.months.map((month) => month.id)).toEqual([theirs.id]);
  });

  it(`reads at most ${YEAR_VIEW_MONTHS} months and says so`, async () => {
    const repos = reposOf(t, user);
    for (let index = 0; index < YEAR_VIEW_MONTHS + 1; index += 1) {
      await repos.months.create({ name: `Part ${index}`, period: '2026-06' });
    }
    const view = (await year(2026)).json<YearView>();
    expect(view.months).toHaveLength(YEAR_VIEW_MONTHS);
    expect(view.truncated).toBe(true);
  });

  it.each(['abc', '1899', '3000', '2026.5', '-1'])('answers 404 for the year %j', async (value) => {
    const response = await year(value);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: MESSAGES.notFound });
  });

  it('needs credentials', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/years/2026/' });
    expect(response.statusCode).toBe(401);
  });

  it('is refreshed by a write (the cached answer follows the data version)', async () => {
    const month = await seedMonth(t, user, 'July 2026');
    expect((await year(2026)).json<YearView>().days).toEqual([]);
    await entryOn(month.id, '2026-07-04');
    expect((await year(2026)).json<YearView>().days.map((day) => day.date)).toEqual(['2026-07-04']);
  });
});

describe('export and import (version 2) carry the period', () => {
  const exportOf = async (as: TestUser) => {
    const response = await injectAs(t, as, {
      method: 'GET',
      url: '/api/export/',
    });
    expect(response.statusCode).toBe(200);
    return response.json<ExportFile>();
  };
  const importInto = (as: TestUser, file: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/import/',
      headers: { ...as.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(file),
    });

  it('writes the period only when set, and an import restores it', async () => {
    await seedMonth(t, user, 'March 2026');
    await seedMonth(t, user, 'Someday');
    const file = await exportOf(user);
    expect(file.version).toBe(2);
    expect(file.months.map((month) => month.period)).toEqual(['2026-03', undefined]);
    expect(file.months[1]).not.toHaveProperty('period');

    const other = await createUser(t);
    expect((await importInto(other, file)).statusCode).toBe(201);
    const months = await injectAs(t, other, {
      method: 'GET',
      url: '/api/months/',
    });
    expect(months.json<Month[]>().map((month) => [month.name, month.period])).toEqual([
      ['March 2026', '2026-03'],
      ['Someday', null],
    ]);
  });

  it('imports a version 1 file without periods (names are not read on import)', async () => {
    const response = await importInto(user, {
      format: 'monthbook-export',
      version: 1,
      exported_at: '2026-01-01T00:00:00.000Z',
      months: [{ name: 'March 2026', habits: [], measures: [], goals: [], journals: [] }],
    });
    expect(response.statusCode).toBe(201);
    const months = await injectAs(t, user, {
      method: 'GET',
      url: '/api/months/',
    });
    expect(months.json<Month[]>()[0]?.period).toBeNull();
  });

  it('refuses a bad period with 400 and imports nothing', async () => {
    const response = await importInto(user, {
      format: 'monthbook-export',
      version: 2,
      exported_at: '2026-01-01T00:00:00.000Z',
      months: [
        { name: 'Bad', period: '2026-13', habits: [], measures: [], goals: [], journals: [] },
      ],
    });
    expect(response.statusCode).toBe(400);
    const months = await injectAs(t, user, {
      method: 'GET',
      url: '/api/months/',
    });
    expect(months.json()).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('documents the period and the year view', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.components.schemas.Month.properties.period.nullable).toBe(true);
    const create = doc.paths['/api/months/'].post.requestBody.content['application/json'].schema;
    expect(create.properties.period.pattern).toBeDefined();
    const yearView = doc.paths['/api/years/{year}/'].get;
    expect(yearView.parameters[0]).toMatchObject({ name: 'year', in: 'path' });
    expect(
      Object.keys(yearView.responses['200'].content['application/json'].schema.properties),
    ).toEqual(['year', 'months', 'truncated', 'days', 'habits', 'measures']);
  });
});
