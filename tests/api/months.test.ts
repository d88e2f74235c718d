// API tests for /api/months/: list, create, detail, rename, delete with its cascade.
import { MESSAGES } from '../../contract/rules.js';
import { snapshot } from '../support/db-snapshot.js';
import { seedFullMonth, seedMonth } from '../support/factories.js';
import { createUser, injectAs, setUpTestApp, tamperSignature } from '../support/test-app.js';

const { t, user } = setUpTestApp();

const notFound = { detail: MESSAGES.notFound };

describe('GET /api/months/', () => {
  it('lists only the caller’s months, ordered by id, with and without the trailing slash', async () => {
    const first = await seedMonth(t, user, 'January');
    const second = await seedMonth(t, user, 'February');
    await seedMonth(t, await createUser(t), 'Someone else’s');

    for (const url of ['/api/months/', '/api/months']) {
      const response = await injectAs(t, user, { method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        {
          id: first.id,
          name: 'January',
          author: user.id,
          period: null,
          version: 1,
          mood_enabled: true,
        },
        {
          id: second.id,
          name: 'February',
          author: user.id,
          period: null,
          version: 1,
          mood_enabled: true,
        },
      ]);
    }
  });

  it('answers an empty list to a new user', async () => {
    const response = await injectAs(t, user, {
      method: 'GET',
      url: '/api/months/',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it('needs credentials', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/months/' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.noCredentials });
  });

  it('checks credentials before the body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/months/',
      payload: { name: null },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.noCredentials });
  });

  it('refuses a tampered token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/months/',
      headers: { authorization: `Bearer ${tamperSignature(user.access)}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: MESSAGES.badToken, code: 'token_not_valid' });
  });
});

describe('POST /api/months/', () => {
  it('creates a month and answers 201 with it', async () => {
    const response = await injectAs(t, user, {
      method: 'POST',
      url: '/api/months/',
      payload: { name: 'March 2026' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'March 2026',
      author: user.id,
      period: '2026-03',
      version: 1,
      mood_enabled: true,
    });
    const stored = await t.app.repos.forUser(user.id).months.get(body.id);
    expect(stored).toEqual(body);
  });

  it('works without the trailing slash and trims the name', async () => {
    const response = await injectAs(t, user, {
      method: 'POST',
      url: '/api/months',
      payload: { name: '  April  ' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().name).toBe('April');
  });

  it('accepts 50 characters and refuses 51', async () => {
    const ok = await injectAs(t, user, {
      method: 'POST',
      url: '/api/months/',
      payload: { name: 'x'.repeat(50) },
    });
    expect(ok.statusCode).toBe(201);
    const tooLong = await injectAs(t, user, {
      method: 'POST',
      url: '/api/months/',
      payload: { name: 'x'.repeat(51) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ name: [MESSAGES.maxLength(50)] });
  });

  it.each([
    [{}, { name: [MESSAGES.required] }],
    [{ name: '' }, { name: [MESSAGES.blank] }],
    [{ name: '   ' }, { name: [MESSAGES.blank] }],
    [{ name: null }, { name: ['This field may not be null.'] }],
    [{ name: 'a\u0000b' }, { name: ['Null characters are not allowed.'] }],
    [{ name: {} }, { name: [MESSAGES.invalidString] }],
    [{ name: ['March'] }, { name: [MESSAGES.invalidString] }],
    [{ name: true }, { name: [MESSAGES.invalidString] }],
  ])('refuses %j without storing anything', async (payload, errors) => {
    const before = await snapshot(t);
    const response = await injectAs(t, user, {
      method: 'POST',
      url: '/api/months/',
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses a body over 1 MB with 413 and stores nothing', async () => {
    const before = await snapshot(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/months/',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: expect.any(String) });
    expect(await snapshot(t)).toEqual(before);
  });

  it('answers malformed JSON with a parse error', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/months/',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/^JSON parse error - /);
  });
});

describe('GET /api/months/{id}/', () => {
  it('answers the month, with and without the trailing slash', async () => {
    const month = await seedMonth(t, user, 'May');
    for (const url of [`/api/months/${month.id}/`, `/api/months/${month.id}`]) {
      const response = await injectAs(t, user, { method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: month.id,
        name: 'May',
        author: user.id,
        period: null,
        version: 1,
        mood_enabled: true,
      });
    }
  });

  it.each(['999999', 'abc', '0', '-1', '1.5', '99999999999999999999'])(
    'answers 404 for id %s',
    async (id) => {
      const response = await injectAs(t, user, {
        method: 'GET',
        url: `/api/months/${id}/`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    },
  );
});

describe('PATCH /api/months/{id}/', () => {
  it('renames the month', async () => {
    const month = await seedMonth(t, user, 'June');
    const response = await injectAs(t, user, {
      method: 'PATCH',
      url: `/api/months/${month.id}`,
      payload: { name: ' Juni ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: month.id,
      name: 'Juni',
      author: user.id,
      period: null,
      version: 2,
      mood_enabled: true,
    });
    expect((await t.app.repos.forUser(user.id).months.get(month.id))?.name).toBe('Juni');
  });

  it('answers the month unchanged to an empty body', async () => {
    const month = await seedMonth(t, user, 'July');
    const response = await injectAs(t, user, {
      method: 'PATCH',
      url: `/api/months/${month.id}/`,
      payload: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(month);
  });

  it('refuses a blank name and keeps the old one', async () => {
    const month = await seedMonth(t, user, 'August');
    const response = await injectAs(t, user, {
      method: 'PATCH',
      url: `/api/months/${month.id}/`,
      payload: { name: ' ' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ name: [MESSAGES.blank] });
    expect(await t.app.repos.forUser(user.id).months.get(month.id)).toEqual(month);
  });

  it('answers 404 for a missing month', async () => {
    const response = await injectAs(t, user, {
      method: 'PATCH',
      url: '/api/months/987654/',
      payload: { name: 'x' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(notFound);
  });
});

describe('DELETE /api/months/delete/{id}/ and /api/months/{id}/', () => {
  it.each([
    ['/api/months/delete/%d/'],
    ['/api/months/delete/%d'],
    ['/api/months/%d/'],
    ['/api/months/%d'],
  ])('deletes through %s with everything under the month', async (pattern) => {
    const doomed = await seedFullMonth(t, user, 'Doomed');
    const kept = await seedFullMonth(t, user, 'Kept');
    const before = await snapshot(t);

    const response = await injectAs(t, user, {
      method: 'DELETE',
      url: pattern.replace('%d', String(doomed.month.id)),
    });

    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const after = await snapshot(t);
    const removed = (table: string) => (before[table]?.length ?? 0) - (after[table]?.length ?? 0);
    for (const table of [
      'months',
      'journals',
      'habits',
      'measures',
      'goals',
      'daily_habits',
      'daily_measures',
    ]) {
      expect(removed(table), table).toBe(1);
    }
    const repos = t.app.repos.forUser(user.id);
    expect(await repos.journals.list({ month: doomed.month.id })).toEqual([]);
    expect(await repos.dailyHabits.list({ month: doomed.month.id })).toEqual([]);
    expect(await repos.journals.list({ month: kept.month.id })).toEqual([kept.journal]);
    expect(await repos.dailyMeasures.list({ month: kept.month.id })).toEqual([kept.dailyMeasure]);
  });

  it('answers 404 the second time', async () => {
    const month = await seedMonth(t, user);
    const url = `/api/months/delete/${month.id}/`;
    expect((await injectAs(t, user, { method: 'DELETE', url })).statusCode).toBe(204);
    const again = await injectAs(t, user, { method: 'DELETE', url });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(notFound);
  });
});

describe('wrong methods', () => {
  it.each([
    ['PUT', '/api/months/1/'],
    ['PATCH', '/api/months/'],
    ['GET', '/api/months/delete/1/'],
  ] as const)('%s %s answers 405 with DRF’s message', async (method, url) => {
    const response = await injectAs(t, user, { method, url });
    expect(response.statusCode).toBe(405);
    expect(response.json()).toEqual({ detail: `Method "${method}" not allowed.` });
  });
});
