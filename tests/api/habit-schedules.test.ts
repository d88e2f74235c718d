// Habit schedules and skip days: the habit's schedule, the daily habit's is_skipped, and the month
// stats that follow them.
import { SCHEDULE_MESSAGES } from '../../contract/habit-schedule.js';
import { MESSAGES } from '../../contract/rules.js';
import type { MonthStats } from '../../contract/stats.js';
import { snapshot } from '../support/db-snapshot.js';
import { createUser, setUpTestApp, type TestUser } from '../support/test-app.js';

const { t, user, api } = setUpTestApp();

async function month(name = 'January 2024', as: TestUser = user): Promise<number> {
  const response = await api('POST', '/api/months/', { name }, as);
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

async function habit(monthId: number, schedule?: unknown): Promise<{ id: number }> {
  const response = await api('POST', '/api/habits/', {
    name: 'Run',
    month_id: monthId,
    ...(schedule === undefined ? {} : { schedule }),
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function entry(monthId: number, date: string): Promise<number> {
  const response = await api('POST', '/api/journals/', {
    highlight: `Day ${date}`,
    month_id: monthId,
    created_at: date,
  });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

async function tick(journalId: number, habitId: number, state: 'done' | 'skipped' | 'not_done') {
  const response = await api('POST', '/api/dailyhabits/', {
    journal_id: journalId,
    habit_id: habitId,
    is_practiced: state === 'done',
    is_skipped: state === 'skipped',
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

describe('Habit.schedule', () => {
  it('defaults to daily, and takes weekdays or N times a week on create and PATCH', async () => {
    const monthId = await month();
    const plain = await habit(monthId);
    expect(plain).toMatchObject({ schedule: { kind: 'daily' } });

    const weekdays = await habit(monthId, { kind: 'weekdays', days: [5, 1, 3, 1] });
    expect(weekdays).toMatchObject({ schedule: { kind: 'weekdays', days: [1, 3, 5] } });
    const got = await api('GET', `/api/habits/${weekdays.id}/`);
    expect(got.json().schedule).toEqual({ kind: 'weekdays', days: [1, 3, 5] });

    const patched = await api('PATCH', `/api/habits/${plain.id}/`, {
      schedule: { kind: 'times_per_week', times: 3 },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'Run',
      schedule: { kind: 'times_per_week', times: 3 },
    });

    // A rename keeps the schedule; a schedule back to daily drops days and times.
    const renamed = await api('PATCH', `/api/habits/${plain.id}/`, { name: 'Jog' });
    expect(renamed.json().schedule).toEqual({ kind: 'times_per_week', times: 3 });
    const daily = await api('PATCH', `/api/habits/${plain.id}/`, { schedule: { kind: 'daily' } });
    expect(daily.json().schedule).toEqual({ kind: 'daily' });

    const list = await api('GET', `/api/habits/?month=${monthId}`);
    expect(list.json().map((h: { schedule: unknown }) => h.schedule)).toEqual([
      { kind: 'daily' },
      { kind: 'weekdays', days: [1, 3, 5] },
    ]);
  });

  it.each([
    [{ kind: 'weekly' }, SCHEDULE_MESSAGES.kind],
    [{}, SCHEDULE_MESSAGES.kind],
    [{ kind: 'weekdays' }, SCHEDULE_MESSAGES.days],
    [{ kind: 'weekdays', days: [] }, SCHEDULE_MESSAGES.days],
    [{ kind: 'weekdays', days: [7] }, SCHEDULE_MESSAGES.days],
    [{ kind: 'weekdays', days: ['1'] }, SCHEDULE_MESSAGES.days],
    [{ kind: 'times_per_week', times: 0 }, SCHEDULE_MESSAGES.times],
    [{ kind: 'times_per_week', times: 8 }, SCHEDULE_MESSAGES.times],
    [{ kind: 'times_per_week', times: '3' }, SCHEDULE_MESSAGES.times],
    [{ kind: 'times_per_week', times: 2.5 }, SCHEDULE_MESSAGES.times],
    ['daily', SCHEDULE_MESSAGES.object],
  ])('refuses the schedule %j with 400 and changes nothing', async (schedule, message) => {
    const monthId = await month();
    const existing = await habit(monthId, { kind: 'weekdays', days: [2] });
    const before = await snapshot(t);
    const created = await api('POST', '/api/habits/', { name: 'X', month_id: monthId, schedule });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ schedule: [message] });
    const patched = await api('PATCH', `/api/habits/${existing.id}/`, { name: 'Y', schedule });
    expect(patched.statusCode).toBe(400);
    expect(patched.json()).toEqual({ schedule: [message] });
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses a null schedule', async () => {
    const monthId = await month();
    const response = await api('POST', '/api/habits/', {
      name: 'X',
      month_id: monthId,
      schedule: null,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['schedule']);
  });

  it("answers 404 for another user's habit, and changes nothing", async () => {
    const monthId = await month();
    const mine = await habit(monthId);
    const other = await createUser(t);
    const before = await snapshot(t);
    const response = await api(
      'PATCH',
      `/api/habits/${mine.id}/`,
      { schedule: { kind: 'times_per_week', times: 2 } },
      other,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: MESSAGES.notFound });
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('DailyHabit.is_skipped', () => {
  it('defaults to false, is set on create and by PATCH, turns is_practiced off (and back), never both', async () => {
    const monthId = await month();
    const h = await habit(monthId);
    const journal = await entry(monthId, '2024-01-01');
    const plain = await api('POST', '/api/dailyhabits/', { journal_id: journal, habit_id: h.id });
    expect(plain.json()).toMatchObject({ is_practiced: false, is_skipped: false });

    const skipped = await api('PATCH', `/api/dailyhabits/${plain.json().id}/`, {
      is_skipped: true,
    });
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json()).toMatchObject({ is_practiced: false, is_skipped: true });

    const before = await snapshot(t);
    const explicit = await api('PATCH', `/api/dailyhabits/${plain.json().id}/`, {
      is_practiced: true,
      is_skipped: true,
    });
    expect(explicit.statusCode).toBe(400);
    expect(explicit.json()).toEqual({ is_skipped: [SCHEDULE_MESSAGES.practicedAndSkipped] });
    const created = await api('POST', '/api/dailyhabits/', {
      journal_id: journal,
      habit_id: h.id,
      is_practiced: true,
      is_skipped: true,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ is_skipped: [SCHEDULE_MESSAGES.practicedAndSkipped] });
    expect(await snapshot(t)).toEqual(before);

    // The spec's PATCH (is_practiced alone) ticks a skipped day: the skip goes.
    const done = await api('PATCH', `/api/dailyhabits/${plain.json().id}/`, { is_practiced: true });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ is_practiced: true, is_skipped: false });
    // And a skip alone un-ticks it.
    const skippedAgain = await api('PATCH', `/api/dailyhabits/${plain.json().id}/`, {
      is_skipped: true,
    });
    expect(skippedAgain.json()).toMatchObject({ is_practiced: false, is_skipped: true });
    // Clearing the skip leaves the day not done.
    const cleared = await api('PATCH', `/api/dailyhabits/${plain.json().id}/`, {
      is_skipped: false,
    });
    expect(cleared.json()).toMatchObject({ is_practiced: false, is_skipped: false });
  });

  it('refuses a non-boolean is_skipped', async () => {
    const monthId = await month();
    const h = await habit(monthId);
    const journal = await entry(monthId, '2024-01-01');
    const response = await api('POST', '/api/dailyhabits/', {
      journal_id: journal,
      habit_id: h.id,
      is_skipped: 'often',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ is_skipped: [MESSAGES.invalidBoolean] });
  });

  it("answers 404 for another user's daily habit", async () => {
    const monthId = await month();
    const h = await habit(monthId);
    const journal = await entry(monthId, '2024-01-01');
    const daily = await tick(journal, h.id, 'not_done');
    const other = await createUser(t);
    const response = await api(
      'PATCH',
      `/api/dailyhabits/${daily.id}/`,
      { is_skipped: true },
      other,
    );
    expect(response.statusCode).toBe(404);
    expect((await api('GET', `/api/dailyhabits/${daily.id}/`)).json().is_skipped).toBe(false);
  });
});

describe('month stats follow the schedule', () => {
  it('a Tuesday habit is not missed on other days; a 3-a-week habit counts weeks; skips break nothing', async () => {
    const monthId = await month();
    const tuesdays = await habit(monthId, { kind: 'weekdays', days: [2] });
    const thrice = await habit(monthId, { kind: 'times_per_week', times: 3 });
    const daily = await habit(monthId);
    // 2024-01-01 is a Monday. Two full weeks and a Monday.
    const plan: Record<string, ['done' | 'skipped' | 'not_done', string, string]> = {
      '2024-01-01': ['not_done', 'done', 'done'],
      '2024-01-02': ['done', 'done', 'skipped'],
      '2024-01-03': ['not_done', 'not_done', 'done'],
      '2024-01-04': ['not_done', 'done', 'done'],
      '2024-01-08': ['not_done', 'done', 'not_done'],
      '2024-01-09': ['skipped', 'skipped', 'done'],
      '2024-01-10': ['not_done', 'done', 'done'],
      '2024-01-15': ['not_done', 'done', 'done'],
    };
    for (const [date, states] of Object.entries(plan)) {
      const journal = await entry(monthId, date);
      await tick(journal, tuesdays.id, states[0]);
      await tick(journal, thrice.id, states[1] as 'done');
      await tick(journal, daily.id, states[2] as 'done');
    }
    const response = await api('GET', `/api/months/${monthId}/stats/`);
    expect(response.statusCode).toBe(200);
    const body = response.json<MonthStats>();
    const [t1, t2, t3] = body.habits;

    // Tuesdays: done on the 2nd, skipped on the 9th: 1 of 1 due, a streak of 1 unbroken.
    expect(t1).toMatchObject({
      schedule: { kind: 'weekdays', days: [2] },
      streak_unit: 'days',
      completed: 1,
      rate: 1,
      current_streak: 1,
      longest_streak: 1,
    });
    expect(t1?.skipped).toEqual([false, false, false, false, false, true, false, false]);
    expect(t1?.ticks).toEqual([false, true, false, false, false, false, false, false]);

    // 3 a week: week 1 met (3 done), week 2 excused (2 done + 1 skip), week 3 running (1 done).
    expect(t2).toMatchObject({
      schedule: { kind: 'times_per_week', times: 3 },
      streak_unit: 'weeks',
      current_streak: 1,
      longest_streak: 1,
      rate: 1,
    });

    // Daily: done, skip, done, done | missed, done, done | done → the skip did not break the first run.
    expect(t3).toMatchObject({
      schedule: { kind: 'daily' },
      completed: 6,
      current_streak: 3,
      longest_streak: 3,
    });
    expect(t3?.rate).toBeCloseTo(6 / 7);
  });
});

describe('export and import (format version 2) and the CSV', () => {
  const exportFile = async (as: TestUser = user) => {
    const response = await api('GET', '/api/export/', undefined, as);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const importFile = (payload: unknown, as: TestUser = user) =>
    t.app.inject({
      method: 'POST',
      url: '/api/import/',
      headers: { ...as.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  it('carries schedules and skips (only when not default), and imports them back identical', async () => {
    const monthId = await month();
    const daily = await habit(monthId);
    const weekdays = await habit(monthId, { kind: 'weekdays', days: [2, 4] });
    const thrice = await habit(monthId, { kind: 'times_per_week', times: 3 });
    const journal = await entry(monthId, '2024-01-02');
    await tick(journal, daily.id, 'skipped');
    await tick(journal, weekdays.id, 'done');
    await tick(journal, thrice.id, 'not_done');

    const file = await exportFile();
    expect(file.version).toBe(2);
    const [exported] = file.months;
    expect(exported.habits.map((h: { schedule?: unknown }) => h.schedule)).toEqual([
      undefined,
      { kind: 'weekdays', days: [2, 4] },
      { kind: 'times_per_week', times: 3 },
    ]);
    expect(exported.journals[0].daily_habits).toEqual([
      { habit: exported.habits[0].id, is_practiced: false, is_skipped: true },
      { habit: exported.habits[1].id, is_practiced: true },
      { habit: exported.habits[2].id, is_practiced: false },
    ]);

    const csv = await api('GET', `/api/months/${monthId}/export.csv`);
    expect(csv.statusCode).toBe(200);
    const row = csv.body.split('\r\n')[1] ?? '';
    expect(row).toContain(',skipped,yes,no');

    // Into another account: the same file comes out.
    const other = await createUser(t);
    const imported = await importFile(file, other);
    expect(imported.statusCode).toBe(201);
    const again = await exportFile(other);
    expect(again.months).toEqual(file.months);
    const habits = await api('GET', '/api/habits/', undefined, other);
    expect(habits.json().map((h: { schedule: unknown }) => h.schedule)).toEqual([
      { kind: 'daily' },
      { kind: 'weekdays', days: [2, 4] },
      { kind: 'times_per_week', times: 3 },
    ]);
  });

  it('imports a version 1 file with daily habits and no skips', async () => {
    const response = await importFile({
      format: 'monthbook-export',
      version: 1,
      exported_at: '2024-01-01T00:00:00.000Z',
      months: [
        {
          name: 'Old',
          habits: [{ id: 1, name: 'Read', schedule: { kind: 'times_per_week', times: 2 } }],
          measures: [],
          goals: [],
          journals: [
            {
              created_at: '2024-01-01',
              highlight: 'Day',
              daily_habits: [{ habit: 1, is_practiced: false, is_skipped: true }],
              daily_measures: [],
            },
          ],
        },
      ],
    });
    expect(response.statusCode).toBe(201);
    const habits = (await api('GET', '/api/habits/')).json();
    expect(habits[0].schedule).toEqual({ kind: 'daily' });
    const dailies = (await api('GET', '/api/dailyhabits/')).json();
    expect(dailies[0]).toMatchObject({ is_practiced: false, is_skipped: false });
  });

  it.each<[unknown]>([[{ kind: 'weekdays', days: [] }], [{ kind: 'times_per_week' }]])(
    'refuses a bad schedule %j in a file, and imports nothing',
    async (schedule) => {
      const before = await snapshot(t);
      const response = await importFile({
        format: 'monthbook-export',
        version: 2,
        exported_at: '2024-01-01T00:00:00.000Z',
        months: [
          {
            name: 'Bad',
            habits: [{ id: 1, name: 'X', schedule }],
            measures: [],
            goals: [],
            journals: [],
          },
        ],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().path).toMatch(/^months\[0\]\.habits\[0\]\.schedule/);
      expect(await snapshot(t)).toEqual(before);
    },
  );

  it('refuses a day both practiced and skipped in a file', async () => {
    const response = await importFile({
      format: 'monthbook-export',
      version: 2,
      exported_at: '2024-01-01T00:00:00.000Z',
      months: [
        {
          name: 'Bad',
          habits: [{ id: 1, name: 'X' }],
          measures: [],
          goals: [],
          journals: [
            {
              created_at: '2024-01-01',
              highlight: 'Day',
              daily_habits: [{ habit: 1, is_practiced: true, is_skipped: true }],
              daily_measures: [],
            },
          ],
        },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().path).toBe('months[0].journals[0].daily_habits[0].is_skipped');
  });
});
