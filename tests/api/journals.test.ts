// API tests for /api/journals/: the month filter and ordering, create and edit (with the entry's date), detail, delete with cascade.
import { MESSAGES } from '../../contract/rules.js';
import { snapshot } from '../support/db-snapshot.js';
import {
  seedDailyHabit,
  seedDailyMeasure,
  seedHabit,
  seedJournal,
  seedMeasure,
  seedMonth,
} from '../support/factories.js';
import { createUser, injectAs, setUpTestApp } from '../support/test-app.js';

const { t, user, api } = setUpTestApp();

const today = () => new Date().toISOString().slice(0, 10);

describe('GET /api/journals/', () => {
  it('filters by ?month= and orders by created_at, then id', async () => {
    const month = await seedMonth(t, user);
    const other = await seedMonth(t, user, 'Other');
    const a = await seedJournal(t, user, month.id, 'a');
    const b = await seedJournal(t, user, month.id, 'b');
    await seedJournal(t, user, other.id, 'elsewhere');
    // b is dated before a: the order must follow the date, not the id.
    await t.database.db
      .updateTable('journals')
      .set({ created_at: '2020-01-01' })
      .where('id', '=', b.id)
      .execute();

    for (const url of [`/api/journals/?month=${month.id}`, `/api/journals?month=${month.id}`]) {
      const response = await api('GET', url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([{ ...b, created_at: '2020-01-01', version: 2 }, a]);
    }
  });

  it('lists all the caller’s journals without a filter, and never another user’s', async () => {
    const month = await seedMonth(t, user);
    const mine = await seedJournal(t, user, month.id);
    const stranger = await createUser(t);
    await seedJournal(t, stranger, (await seedMonth(t, stranger)).id);

    const response = await api('GET', '/api/journals/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([mine]);
  });

  it('refuses a month filter that is not an id', async () => {
    const response = await api('GET', '/api/journals/?month=abc');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ month: [MESSAGES.invalidInteger] });
  });

  it('needs credentials', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/journals/?month=1' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.noCredentials });
  });
});

describe('POST /api/journals/', () => {
  it('creates a journal dated today (UTC) and answers 201 with the wire shape', async () => {
    const month = await seedMonth(t, user);
    const response = await api('POST', '/api/journals/', {
      highlight: '  Saw the sea  ',
      month_id: month.id,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      created_at: today(),
      highlight: 'Saw the sea',
      author: user.id,
      month: month.id,
      month_id: month.id,
      version: 1,
      note: '',
      mood: null,
    });
  });

  it('dates the journal with created_at when given (the user’s own today, or a forgotten day)', async () => {
    const month = await seedMonth(t, user);
    const response = await api('POST', '/api/journals/', {
      highlight: 'Forgot yesterday',
      month_id: month.id,
      created_at: '2024-02-29',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      created_at: '2024-02-29',
      highlight: 'Forgot yesterday',
    });
    const list = await api('GET', `/api/journals/?month=${month.id}`);
    expect(list.json()).toEqual([response.json()]);
  });

  it('lists journals by their given date, whatever order they were written in', async () => {
    const month = await seedMonth(t, user);
    const post = (highlight: string, created_at: string) =>
      api('POST', '/api/journals/', { highlight, month_id: month.id, created_at });
    const late = (await post('late', '2025-03-09')).json();
    const early = (await post('early', '2025-03-01')).json();
    const sameDay = (await post('same day, written later', '2025-03-09')).json();
    const list = await api('GET', `/api/journals/?month=${month.id}`);
    expect(list.json()).toEqual([early, late, sameDay]);
  });

  it.each([
    ['2023-02-29', { created_at: [MESSAGES.invalidDate] }],
    ['2024-04-31', { created_at: [MESSAGES.invalidDate] }],
    ['2024-01-01T00:00:00Z', { created_at: [MESSAGES.invalidDate] }],
    ['0000-12-31', { created_at: [MESSAGES.invalidDate] }],
    [20240101, { created_at: [MESSAGES.invalidDate] }],
    [null, { created_at: ['This field may not be null.'] }],
    [['2024-01-01', '2024-01-02'], { created_at: [MESSAGES.invalidString] }],
  ])('refuses created_at %j without storing anything', async (created_at, errors) => {
    const month = await seedMonth(t, user);
    const before = await snapshot(t);
    const response = await api('POST', '/api/journals/', {
      highlight: 'x',
      month_id: month.id,
      created_at,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
    expect(await snapshot(t)).toEqual(before);
  });

  it('works without the trailing slash and with a numeric string month_id', async () => {
    const month = await seedMonth(t, user);
    const response = await api('POST', '/api/journals', {
      highlight: 'x',
      month_id: String(month.id),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().month_id).toBe(month.id);
  });

  it('accepts a 255-character highlight and refuses 256', async () => {
    const month = await seedMonth(t, user);
    const ok = await api('POST', '/api/journals/', {
      highlight: 'h'.repeat(255),
      month_id: month.id,
    });
    expect(ok.statusCode).toBe(201);
    const tooLong = await api('POST', '/api/journals/', {
      highlight: 'h'.repeat(256),
      month_id: month.id,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ highlight: [MESSAGES.maxLength(255)] });
  });

  it.each([
    [{}, { highlight: [MESSAGES.required], month_id: [MESSAGES.required] }],
    [{ highlight: ' ', month_id: 1 }, { highlight: [MESSAGES.blank] }],
    [{ highlight: 'x', month_id: 'abc' }, { month_id: [MESSAGES.invalidInteger] }],
    [{ highlight: 'x', month_id: null }, { month_id: ['This field may not be null.'] }],
    [{ highlight: 'x', month_id: 999999 }, { month_id: [MESSAGES.invalidPk(999999)] }],
  ])('refuses %j without storing anything', async (payload, errors) => {
    await seedMonth(t, user);
    const before = await snapshot(t);
    const response = await api('POST', '/api/journals/', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('POST /api/journals/ racing a month delete', () => {
  it('answers 400, not 500, when the month goes between the check and the insert', async () => {
    const forUser = t.app.repos.forUser;
    const spy = vi.spyOn(t.app.repos, 'forUser').mockImplementation((id) => {
      const repos = forUser(id);
      vi.spyOn(repos.months, 'owns').mockResolvedValue(true);
      return repos;
    });
    try {
      const before = await snapshot(t);
      const response = await api('POST', '/api/journals/', { highlight: 'x', month_id: 7654321 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ month_id: [MESSAGES.invalidPk(7654321)] });
      expect(await snapshot(t)).toEqual(before);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('GET /api/journals/{id}/', () => {
  it('answers the journal with and without the trailing slash', async () => {
    const journal = await seedJournal(t, user, (await seedMonth(t, user)).id);
    for (const url of [`/api/journals/${journal.id}/`, `/api/journals/${journal.id}`]) {
      const response = await api('GET', url);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(journal);
    }
  });

  it('answers 404 for a missing journal', async () => {
    const response = await api('GET', '/api/journals/424242/');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: MESSAGES.notFound });
  });
});

describe('PATCH /api/journals/{id}/', () => {
  it('edits the highlight and nothing else', async () => {
    const month = await seedMonth(t, user);
    const journal = await seedJournal(t, user, month.id, 'before');
    const response = await api('PATCH', `/api/journals/${journal.id}`, {
      highlight: 'after',
      author: 12345,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...journal, highlight: 'after', version: 2 });
  });

  it('moves the entry to another day, and the list follows the new date', async () => {
    const month = await seedMonth(t, user);
    const first = await seedJournal(t, user, month.id, 'first');
    const second = await seedJournal(t, user, month.id, 'second');
    const response = await api('PATCH', `/api/journals/${second.id}/`, {
      created_at: '2020-02-29',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...second, created_at: '2020-02-29', version: 2 });
    const list = await api('GET', `/api/journals/?month=${month.id}`);
    expect(list.json()).toEqual([{ ...second, created_at: '2020-02-29', version: 2 }, first]);
  });

  it('changes the highlight and the date together', async () => {
    const journal = await seedJournal(t, user, (await seedMonth(t, user)).id, 'before');
    const response = await api('PATCH', `/api/journals/${journal.id}/`, {
      highlight: 'after',
      created_at: '2024-12-31',
    });
    expect(response.json()).toEqual({
      ...journal,
      highlight: 'after',
      created_at: '2024-12-31',
      version: 2,
    });
  });

  it.each(['2023-02-29', '2024-13-01', '24-01-01', '2024-1-1', '0000-01-01', 'yesterday', ''])(
    'refuses the date %j and keeps the journal',
    async (created_at) => {
      const journal = await seedJournal(t, user, (await seedMonth(t, user)).id);
      const response = await api('PATCH', `/api/journals/${journal.id}/`, { created_at });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ created_at: [MESSAGES.invalidDate] });
      expect(await t.app.repos.forUser(user.id).journals.get(journal.id)).toEqual(journal);
    },
  );

  it('answers 404 for another user’s journal, whatever the date', async () => {
    const stranger = await createUser(t);
    const theirs = await seedJournal(t, stranger, (await seedMonth(t, stranger)).id);
    const response = await api('PATCH', `/api/journals/${theirs.id}/`, {
      created_at: '2024-01-01',
    });
    expect(response.statusCode).toBe(404);
    expect(await t.app.repos.forUser(stranger.id).journals.get(theirs.id)).toEqual(theirs);
  });

  it('answers the journal unchanged to a PATCH without a body', async () => {
    const journal = await seedJournal(t, user, (await seedMonth(t, user)).id);
    const response = await injectAs(t, user, {
      method: 'PATCH',
      url: `/api/journals/${journal.id}/`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(journal);
  });

  it('refuses a blank highlight', async () => {
    const journal = await seedJournal(t, user, (await seedMonth(t, user)).id, 'kept');
    const response = await api('PATCH', `/api/journals/${journal.id}/`, { highlight: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ highlight: [MESSAGES.blank] });
    expect(await t.app.repos.forUser(user.id).journals.get(journal.id)).toEqual(journal);
  });

  it('answers 404 for a missing journal', async () => {
    const response = await api('PATCH', '/api/journals/424242/', { highlight: 'x' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: MESSAGES.notFound });
  });
});

describe('DELETE /api/journals/delete/{id}/ and /api/journals/{id}/', () => {
  it.each([
    '/api/journals/delete/%d/',
    '/api/journals/delete/%d',
    '/api/journals/%d/',
    '/api/journals/%d',
  ])(
    'deletes through %s with its daily items, leaving the month and its items',
    async (pattern) => {
      const month = await seedMonth(t, user);
      const habit = await seedHabit(t, user, month.id);
      const measure = await seedMeasure(t, user, month.id);
      const doomed = await seedJournal(t, user, month.id, 'doomed');
      const kept = await seedJournal(t, user, month.id, 'kept');
      await seedDailyHabit(t, user, doomed.id, habit.id);
      await seedDailyMeasure(t, user, doomed.id, measure.id);
      const keptHabit = await seedDailyHabit(t, user, kept.id, habit.id);

      const response = await api('DELETE', pattern.replace('%d', String(doomed.id)));

      expect(response.statusCode).toBe(204);
      const repos = t.app.repos.forUser(user.id);
      expect(await repos.journals.list({ month: month.id })).toEqual([kept]);
      expect(await repos.dailyHabits.list({ month: month.id })).toEqual([keptHabit]);
      expect(await repos.dailyMeasures.list({ month: month.id })).toEqual([]);
      expect(await repos.habits.list({ month: month.id })).toEqual([habit]);
      expect(await repos.months.get(month.id)).toEqual(month);
    },
  );

  it('answers 404 for a missing journal', async () => {
    const response = await api('DELETE', '/api/journals/delete/424242/');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: MESSAGES.notFound });
  });
});
