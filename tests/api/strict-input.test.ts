// Input taken only as written: exact JSON types in bodies, plain digits in paths, no silently ignored fields, honest import messages, safe request ids.
import { PERIOD_MAX_YEAR, PERIOD_MIN_YEAR } from '../../contract/month-period.js';
import { MESSAGES } from '../../contract/rules.js';
import { FIXED_MESSAGE } from '../../server/clean-input.js';
import { snapshot } from '../support/db-snapshot.js';
import { seedGoal, seedHabit, seedJournal, seedMonth } from '../support/factories.js';
import { setUpTestApp } from '../support/test-app.js';

const { t, user, api } = setUpTestApp();

describe('JSON bodies: types exactly as sent, no coercion', () => {
  it('refuses true for a mood, numbers DRF would not read, and one-element lists for plain values', async () => {
    const month = await seedMonth(t, user);
    const journal = await seedJournal(t, user, month.id);
    const before = await snapshot(t);

    const answers = await Promise.all([
      api('POST', '/api/journals/', { month_id: month.id, highlight: 'x', mood: true }),
      api('POST', '/api/journals/', { month_id: month.id, highlight: 'x', mood: [3] }),
      api('POST', '/api/journals/', { month_id: `0x${month.id.toString(16)}`, highlight: 'x' }),
      api('PATCH', `/api/journals/${journal.id}/`, { mood: '4e0' }),
      api('POST', '/api/months/', { name: ['May'] }),
    ]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect(answers[0]!.json()).toEqual({ mood: [MESSAGES.invalidInteger] });
    expect(answers[2]!.json()).toEqual({ month_id: [MESSAGES.invalidInteger] });
    expect(answers[3]!.json()).toEqual({ mood: [MESSAGES.invalidInteger] });
    expect(answers[4]!.json()).toEqual({ name: [MESSAGES.invalidString] });
    expect(await snapshot(t)).toEqual(before);
  });

  it("still reads the text forms DRF's fields read", async () => {
    const month = await seedMonth(t, user);
    const goal = await seedGoal(t, user, month.id);

    const journal = await api('POST', '/api/journals/', {
      month_id: String(month.id),
      highlight: 2024,
      mood: '4',
    });
    const done = await api('PATCH', `/api/goals/${goal.id}/`, { is_completed: 'true' });
    const refused = await api('PATCH', `/api/goals/${goal.id}/`, { is_completed: [true] });

    expect(journal.statusCode).toBe(201);
    expect(journal.json()).toMatchObject({ month_id: month.id, highlight: '2024', mood: 4 });
    expect(done.json().is_completed).toBe(true);
    expect(refused.json()).toEqual({ is_completed: [MESSAGES.invalidBoolean] });
  });

  it('refuses a one-element list for a username at log-in and registration', async () => {
    const login = await api('POST', '/api/token/', { username: [user.username], password: 'x' });
    const register = await api('POST', '/api/user/register/', {
      username: ['newcomer'],
      password: 'a long enough password',
    });

    expect(login.statusCode).toBe(400);
    expect(login.json()).toHaveProperty('username');
    expect(register.statusCode).toBe(400);
    expect(register.json()).toHaveProperty('username');
  });
});

describe('numbers in paths: plain decimal digits only', () => {
  it.each(['2e3', '0x7ea', '2026.0', '+2026', '%202026', '02026x'])(
    '/api/years/%s/ names no year',
    async (year) => {
      const answer = await api('GET', `/api/years/${year}/`);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ detail: MESSAGES.notFound });
    },
  );

  it('reads a year written in digits', async () => {
    expect((await api('GET', '/api/years/2026/')).statusCode).toBe(200);
  });

  it('finds an object only by its id in digits, on every route with an id', async () => {
    const month = await seedMonth(t, user);
    const journal = await seedJournal(t, user, month.id);
    const habit = await seedHabit(t, user, month.id);
    const hex = (id: number) => `0x${id.toString(16)}`;
    const exponent = (id: number) => `${id / 10}e1`;

    const plain = await Promise.all([
      api('GET', `/api/months/${month.id}/`),
      api('GET', `/api/months/${month.id}/stats/`),
      api('GET', `/api/months/${month.id}/export.csv`),
      api('GET', `/api/journals/${journal.id}/`),
    ]);
    expect(plain.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);

    const odd = await Promise.all([
      api('GET', `/api/months/${hex(month.id)}/`),
      api('GET', `/api/months/${month.id}.0/stats/`),
      api('GET', `/api/months/${hex(month.id)}/export.csv`),
      api('GET', `/api/journals/${journal.id}.0/`),
      api('PATCH', `/api/habits/${hex(habit.id)}/`, { name: 'Renamed' }),
      api('DELETE', `/api/journals/${hex(journal.id)}/`),
      api('DELETE', `/api/trash/journals/${hex(journal.id)}/`),
      api('GET', `/api/goals/${exponent(10)}/`),
    ]);
    expect(odd.map((answer) => answer.statusCode)).toEqual([
      404, 404, 404, 404, 404, 404, 404, 404,
    ]);
    expect((await api('GET', `/api/habits/${habit.id}/`)).json().name).not.toBe('Renamed');
    expect((await api('GET', `/api/journals/${journal.id}/`)).statusCode).toBe(200);
  });

  it('reads a month filter only in digits', async () => {
    const month = await seedMonth(t, user);
    await seedJournal(t, user, month.id);

    const plain = await api('GET', `/api/journals/?month=${month.id}`);
    const odd = await api('GET', `/api/journals/?month=0x${month.id.toString(16)}`);

    expect(plain.statusCode).toBe(200);
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toEqual({ month: [MESSAGES.invalidInteger] });
  });
});

describe('fields no change may touch', () => {
  it("refuses a PATCH of a journal's month_id, and changes nothing", async () => {
    const month = await seedMonth(t, user, 'May');
    const other = await seedMonth(t, user, 'June');
    const journal = await seedJournal(t, user, month.id);
    const before = await snapshot(t);

    const answer = await api('PATCH', `/api/journals/${journal.id}/`, {
      month_id: other.id,
      highlight: 'Moved?',
    });

    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ month_id: [FIXED_MESSAGE] });
    expect(await snapshot(t)).toEqual(before);
  });

  it.each(['habits', 'measures', 'goals'])(
    "refuses a PATCH of a %s's month_id",
    async (resource) => {
      const month = await seedMonth(t, user, 'May');
      const other = await seedMonth(t, user, 'June');
      const created = await api('POST', `/api/${resource}/`, { month_id: month.id, name: 'Swim' });

      const moved = await api('PATCH', `/api/${resource}/${created.json().id}/`, {
        month_id: other.id,
      });

      expect(moved.statusCode).toBe(400);
      expect(moved.json()).toEqual({ month_id: [FIXED_MESSAGE] });
      const read = await api('GET', `/api/${resource}/${created.json().id}/`);
      expect(read.json().month_id).toBe(month.id);
    },
  );
});

describe('an import with a bad period', () => {
  it('says what a period must be', async () => {
    const answer = await api('POST', '/api/import/', {
      format: 'monthbook-export',
      version: 2,
      exported_at: '2024-05-01T00:00:00.000Z',
      months: [
        { name: 'Trip', period: '2026-13', habits: [], measures: [], goals: [], journals: [] },
      ],
    });

    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      detail: `months[0].period: must be a calendar month YYYY-MM, from ${PERIOD_MIN_YEAR}-01 to ${PERIOD_MAX_YEAR}-12`,
      code: 'invalid_import',
      path: 'months[0].period',
    });
  });
});

describe("a client's x-request-id", () => {
  const idFor = async (given: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': given } }))
      .headers['x-request-id'];
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  it('is kept when it is a short plain token', async () => {
    expect(await idFor('trace-123_a.B')).toBe('trace-123_a.B');
    expect(await idFor('x'.repeat(64))).toBe('x'.repeat(64));
  });

  it.each([
    ['too long', 'x'.repeat(65)],
    ['with markup', '<script>alert(1)</script>'],
    ['with spaces', 'a b'],
    ['with a quote', 'a"b'],
    ['with non-ASCII', 'trace-é'],
  ])('is replaced by a fresh id when %s', async (_name, given) => {
    const id = await idFor(given);
    expect(id).not.toBe(given);
    expect(id).toMatch(UUID);
  });
});
