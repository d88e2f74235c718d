// API tests for GET /api/months/{id}/stats/: values, streaks, empty months, ownership, paywall, bad ids, cache.
import type { Journal } from '../../contract/entities.js';
import { MESSAGES } from '../../contract/rules.js';
import type { MonthStats } from '../../contract/stats.js';
import { MonthStatsRepository } from '../../server/repositories/month-stats.js';
import {
  reposOf,
  seedDailyHabit,
  seedDailyMeasure,
  seedGoal,
  seedHabit,
  seedJournal,
  seedMeasure,
  seedMonth,
} from '../support/factories.js';
import {
  buildTestApp,
  createUser,
  injectAs,
  setUpTestApp,
  type TestApp,
  type TestUser,
} from '../support/test-app.js';

const { t, user } = setUpTestApp();

const stats = (monthId: number | string, as: TestUser = user) =>
  injectAs(t, as, { method: 'GET', url: `/api/months/${monthId}/stats/` });

/** Sets an entry's date behind the API (the entry-date feature is not needed for these tests). */
async function dated(journal: Journal, createdAt: string): Promise<Journal> {
  await t.database.db
    .updateTable('journals')
    .set({ created_at: createdAt })
    .where('id', '=', journal.id)
    .execute();
  return { ...journal, created_at: createdAt };
}

describe('GET /api/months/{id}/stats/', () => {
  it('orders entries by date then id, and computes ticks, rates, streaks, the series and goals', async () => {
    const month = await seedMonth(t, user, 'March');
    const read = await seedHabit(t, user, month.id, 'Read');
    const run = await seedHabit(t, user, month.id, 'Run');
    const weight = await seedMeasure(t, user, month.id, 'Weight');
    const second = await seedMeasure(t, user, month.id, 'Sleep');
    // Created out of date order: the stats must follow the dates, then the ids.
    const march3 = await dated(await seedJournal(t, user, month.id, 'c'), '2025-03-03');
    const march1 = await dated(await seedJournal(t, user, month.id, 'a'), '2025-03-01');
    const march2a = await dated(await seedJournal(t, user, month.id, 'b1'), '2025-03-02');
    const march2b = await dated(await seedJournal(t, user, month.id, 'b2'), '2025-03-02');
    const order = [march1, march2a, march2b, march3];
    const readTicks = [true, true, false, true];
    const runTicks = [false, true, true, true];
    for (const [index, journal] of order.entries()) {
      await seedDailyHabit(t, user, journal.id, read.id, readTicks[index]);
      await seedDailyHabit(t, user, journal.id, run.id, runTicks[index]);
    }
    // A habit added after the first three entries: only the latest has its checkbox.
    const stretch = await seedHabit(t, user, month.id, 'Stretch');
    await seedDailyHabit(t, user, march3.id, stretch.id, true);
    const metrics = [70, 71, 72, 68.5];
    for (const [index, journal] of order.entries()) {
      await seedDailyMeasure(t, user, journal.id, weight.id, metrics[index]);
    }
    await seedDailyMeasure(t, user, march1.id, second.id, 8);
    for (const [index, name] of ['a', 'b', 'c', 'd', 'e'].entries()) {
      const goal = await seedGoal(t, user, month.id, name);
      if (index < 3) await reposOf(t, user).goals.update(goal.id, { is_completed: true });
    }

    const response = await stats(month.id);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      month: month.id,
      entries: order.map(({ id, created_at }) => ({ id, created_at })),
      measure: { id: weight.id, name: 'Weight' },
      series: [
        { date: '2025-03-01', value: 70, count: 1 },
        { date: '2025-03-02', value: 71.5, count: 2 },
        { date: '2025-03-03', value: 68.5, count: 1 },
      ],
      // Every measure, with its own series (no unit or target here: days_on_target null).
      measures: [
        {
          id: weight.id,
          name: 'Weight',
          unit: null,
          target: null,
          target_direction: null,
          series: [
            { date: '2025-03-01', value: 70, count: 1 },
            { date: '2025-03-02', value: 71.5, count: 2 },
            { date: '2025-03-03', value: 68.5, count: 1 },
          ],
          days_on_target: null,
        },
        {
          id: second.id,
          name: 'Sleep',
          unit: null,
          target: null,
          target_direction: null,
          series: [{ date: '2025-03-01', value: 8, count: 1 }],
          days_on_target: null,
        },
      ],
      habits: [
        {
          id: read.id,
          name: 'Read',
          ticks: readTicks,
          completed: 3,
          rate: 0.75,
          current_streak: 1,
          longest_streak: 2,
          skipped: [false, false, false, false],
          schedule: { kind: 'daily' },
          streak_unit: 'days',
        },
        {
          id: run.id,
          name: 'Run',
          ticks: runTicks,
          completed: 3,
          rate: 0.75,
          current_streak: 3,
          longest_streak: 3,
          skipped: [false, false, false, false],
          schedule: { kind: 'daily' },
          streak_unit: 'days',
        },
        {
          id: stretch.id,
          name: 'Stretch',
          ticks: [null, null, null, true],
          completed: 1,
          rate: 0.25,
          current_streak: 1,
          longest_streak: 1,
          skipped: [false, false, false, false],
          schedule: { kind: 'daily' },
          streak_unit: 'days',
        },
      ],
      goals: { completed: 3, total: 5 },
      // No entry has a mood.
      mood: [],
      mood_enabled: true,
    } satisfies MonthStats);
  });

  it('has no current streak when the latest entry is unticked, and keeps the longest', async () => {
    const month = await seedMonth(t, user);
    const habit = await seedHabit(t, user, month.id);
    const ticks = [true, true, true, false, true, false];
    for (const [index, tick] of ticks.entries()) {
      const journal = await dated(
        await seedJournal(t, user, month.id),
        `2025-01-${String(10 + index)}`,
      );
      await seedDailyHabit(t, user, journal.id, habit.id, tick);
    }

    const [row] = (await stats(month.id)).json<MonthStats>().habits;

    expect(row).toMatchObject({ ticks, completed: 4, current_streak: 0, longest_streak: 3 });
    expect(row?.rate).toBeCloseTo(4 / 6);
  });

  it('counts a pair with two checkboxes as ticked when either is', async () => {
    const month = await seedMonth(t, user);
    const habit = await seedHabit(t, user, month.id);
    const journal = await seedJournal(t, user, month.id);
    await seedDailyHabit(t, user, journal.id, habit.id, false);
    await seedDailyHabit(t, user, journal.id, habit.id, true);

    const [row] = (await stats(month.id)).json<MonthStats>().habits;

    expect(row).toMatchObject({ ticks: [true], completed: 1, rate: 1, current_streak: 1 });
  });

  it('answers an empty month with empty lists, no measure and zero goals', async () => {
    const month = await seedMonth(t, user);

    const response = await stats(month.id);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      month: month.id,
      entries: [],
      measure: null,
      series: [],
      measures: [],
      habits: [],
      goals: { completed: 0, total: 0 },
      mood: [],
      mood_enabled: true,
    });
  });

  it('is computed on a read thread, never on the event loop every request shares', async () => {
    const onMainThread = vi.spyOn(MonthStatsRepository.prototype, 'forMonth');
    try {
      const month = await seedMonth(t, user);
      const journal = await seedJournal(t, user, month.id, 'a');

      const response = await stats(month.id);
      const missing = await stats(month.id + 1000);

      expect(response.statusCode).toBe(200);
      expect(response.json<MonthStats>().entries).toEqual([
        { id: journal.id, created_at: journal.created_at },
      ]);
      expect(missing.statusCode).toBe(404);
      expect(onMainThread).not.toHaveBeenCalled();
    } finally {
      onMainThread.mockRestore();
    }
  });

  it('gives habits of a month without entries a rate and streaks of 0', async () => {
    const month = await seedMonth(t, user);
    const habit = await seedHabit(t, user, month.id, 'Read');
    const measure = await seedMeasure(t, user, month.id, 'Weight');

    const body = (await stats(month.id)).json<MonthStats>();

    expect(body.measure).toEqual({ id: measure.id, name: 'Weight' });
    expect(body.series).toEqual([]);
    expect(body.habits).toEqual([
      {
        id: habit.id,
        name: 'Read',
        ticks: [],
        completed: 0,
        rate: 0,
        current_streak: 0,
        longest_streak: 0,
        skipped: [],
        schedule: { kind: 'daily' },
        streak_unit: 'days',
      },
    ]);
  });

  it("keeps other months' data out", async () => {
    const month = await seedMonth(t, user, 'April');
    const other = await seedMonth(t, user, 'May');
    const habit = await seedHabit(t, user, other.id);
    const journal = await seedJournal(t, user, other.id);
    await seedDailyHabit(t, user, journal.id, habit.id, true);
    await seedGoal(t, user, other.id);

    const body = (await stats(month.id)).json<MonthStats>();

    expect(body).toMatchObject({ entries: [], habits: [], goals: { completed: 0, total: 0 } });
  });

  it("answers another user's month exactly as a missing one, and leaks nothing", async () => {
    const owner = await createUser(t);
    const month = await seedMonth(t, owner);
    await seedGoal(t, owner, month.id);

    const stolen = await stats(month.id);
    const missing = await stats(month.id + 100_000);

    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ detail: MESSAGES.notFound });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: MESSAGES.notFound });
    expect((await stats(month.id, owner)).json<MonthStats>().goals.total).toBe(1);
  });

  it.each(['abc', '0', '-1', '1.5', '1e3', 'Infinity', '99999999999999999999'])(
    'answers the id %j with a 404, never a 5xx',
    async (id) => {
      const response = await stats(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: MESSAGES.notFound });
    },
  );

  it('refuses an anonymous caller with 401 and a wrong method with 405', async () => {
    const month = await seedMonth(t, user);

    const anonymous = await t.app.inject({ method: 'GET', url: `/api/months/${month.id}/stats/` });
    const post = await injectAs(t, user, {
      method: 'POST',
      url: `/api/months/${month.id}/stats/`,
    });

    expect(anonymous.statusCode).toBe(401);
    expect(post.statusCode).toBe(405);
  });

  it('works without the trailing slash', async () => {
    const month = await seedMonth(t, user);
    const response = await injectAs(t, user, {
      method: 'GET',
      url: `/api/months/${month.id}/stats`,
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers fresh numbers after each write of the month, cached or not', async () => {
    const month = await seedMonth(t, user);
    const habit = await seedHabit(t, user, month.id);
    const journal = await seedJournal(t, user, month.id);
    const tick = await seedDailyHabit(t, user, journal.id, habit.id, false);
    const goal = await seedGoal(t, user, month.id);
    const first = await stats(month.id);
    expect((await stats(month.id)).body).toBe(first.body);

    const patch = (url: string, payload: object) =>
      injectAs(t, user, { method: 'PATCH', url, payload });
    expect((await patch(`/api/dailyhabits/${tick.id}/`, { is_practiced: true })).statusCode).toBe(
      200,
    );
    expect((await patch(`/api/goals/${goal.id}/`, { is_completed: true })).statusCode).toBe(200);
    const after = (await stats(month.id)).json<MonthStats>();

    expect(first.json<MonthStats>().habits[0]?.ticks).toEqual([false]);
    expect(after.habits[0]).toMatchObject({ ticks: [true], current_streak: 1, rate: 1 });
    expect(after.goals).toEqual({ completed: 1, total: 1 });
  });
});

describe('paywall', () => {
  let billed: TestApp;

  beforeAll(async () => {
    billed = await buildTestApp({ BILLING: 'local' });
  });
  afterAll(async () => {
    await billed.close();
  });

  it('answers 402 to an unpaid user, whatever the id', async () => {
    const unpaid = await createUser(billed);
    const month = await seedMonth(billed, unpaid);

    const answers = await Promise.all(
      [month.id, 'abc'].map((id) =>
        injectAs(billed, unpaid, {
          method: 'GET',
          url: `/api/months/${id}/stats/`,
        }),
      ),
    );

    expect(answers.map((answer) => answer.statusCode)).toEqual([402, 402]);
    expect(answers[0]?.json()).toEqual({ detail: MESSAGES.paymentRequired });
  });
});

describe('GET /api/months/summaries/', () => {
  const summaries = (as: TestUser = user) =>
    injectAs(t, as, { method: 'GET', url: '/api/months/summaries/' });

  it("counts each month's entries and goals done, months without any as zero, and follows writes", async () => {
    const busy = await seedMonth(t, user, 'Busy');
    const empty = await seedMonth(t, user, 'Empty');
    await seedJournal(t, user, busy.id, 'One');
    await seedJournal(t, user, busy.id, 'Two');
    const goal = await seedGoal(t, user, busy.id, 'Run');
    await seedGoal(t, user, busy.id, 'Swim');
    await reposOf(t, user).goals.update(goal.id, { is_completed: true });

    const first = await summaries();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual([
      { month: busy.id, journals: 2, goals: 2, goals_done: 1 },
      { month: empty.id, journals: 0, goals: 0, goals_done: 0 },
    ]);

    await seedJournal(t, user, empty.id, 'Three');
    expect((await summaries()).json()[1]).toEqual({
      month: empty.id,
      journals: 1,
      goals: 0,
      goals_done: 0,
    });
  });

  it("shows no other user's months, and needs a signed-in, paying user", async () => {
    const other = await createUser(t);
    await seedMonth(t, other, 'Theirs');
    expect((await summaries()).json()).toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/months/summaries/' });
    expect(anonymous.statusCode).toBe(401);
  });
});
