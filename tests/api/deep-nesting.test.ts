// JSON nested far deeper than any body of the API is a 400 on every JSON route, at any depth, and changes nothing.

import { malformedTextFields, nestsDeeperThan } from '../../server/clean-input.js';
import { MAX_BODY_DEPTH, NESTED_TOO_DEEP } from '../../server/plugins/well-formed-input.js';
import { snapshot } from '../support/db-snapshot.js';
import { seedHabit, seedJournal, seedMonth } from '../support/factories.js';
import { setUpTestApp } from '../support/test-app.js';

const { t, user } = setUpTestApp();

/** `levels` arrays one inside the other around `inner`, as JSON text. */
const nestedArrays = (levels: number, inner = '1') =>
  `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;
/** `levels` objects one inside the other, as JSON text. */
const nestedObjects = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

const LEVELS = 100_000;
const tooDeep = { detail: `JSON parse error - ${NESTED_TOO_DEEP}` };

const send = (method: 'POST' | 'PATCH', url: string, payload: string, signedIn = true) =>
  t.app.inject({
    method,
    url,
    headers: { 'content-type': 'application/json', ...(signedIn ? user.headers : {}) },
    payload,
  });

describe('a body nested 100,000 levels deep', () => {
  it.each([
    ['log-in', '/api/token/', `{"username":"a","password":"b","x":${nestedArrays(LEVELS)}}`],
    ['log-in, the body itself', '/api/token/', nestedArrays(LEVELS)],
    [
      'registration',
      '/api/user/register/',
      `{"username":"someone","password":"long enough pass","x":${nestedObjects(LEVELS)}}`,
    ],
    ['token refresh', '/api/token/refresh/', `{"refresh":${nestedArrays(LEVELS, '"x"')}}`],
    ['password reset', '/api/password-reset/', `{"username":${nestedObjects(LEVELS)}}`],
  ])('is a 400 on %s, signed out', async (_name, url, payload) => {
    const before = await snapshot(t);
    const response = await send('POST', url, payload, false);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(tooDeep);
    expect(await snapshot(t)).toEqual(before);
  });

  it('is a 400 on the data routes, signed in, and creates or changes nothing', async () => {
    const month = await seedMonth(t, user);
    const journal = await seedJournal(t, user, month.id);
    const habit = await seedHabit(t, user, month.id);
    const before = await snapshot(t);

    const answers = await Promise.all([
      send('POST', '/api/months/', `{"name":"x","junk":${nestedArrays(LEVELS)}}`),
      send(
        'POST',
        '/api/journals/',
        `{"month_id":${month.id},"highlight":${nestedArrays(LEVELS, '"x"')}}`,
      ),
      // A habit's schedule is free-form JSON until its own check reads it.
      send(
        'POST',
        '/api/habits/',
        `{"month_id":${month.id},"name":"Run","schedule":${nestedObjects(LEVELS)}}`,
      ),
      send('PATCH', `/api/journals/${journal.id}/`, `{"note":${nestedObjects(LEVELS)}}`),
      send('PATCH', `/api/habits/${habit.id}/`, `{"schedule":${nestedArrays(LEVELS)}}`),
      send('POST', '/api/account/password/', `{"old_password":${nestedArrays(LEVELS)}}`),
      send('POST', '/api/account/reminders/', nestedObjects(LEVELS)),
    ]);

    for (const answer of answers) {
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({
        status: 400,
        body: tooDeep,
      });
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('is a 400 with an Idempotency-Key too, before the body is fingerprinted', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/months/',
      headers: { ...user.headers, 'content-type': 'application/json', 'idempotency-key': 'deep' },
      payload: `{"name":"x","junk":${nestedObjects(LEVELS)}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(tooDeep);
  });
});

describe('the limit', () => {
  it(`takes ${MAX_BODY_DEPTH} levels and refuses one more`, async () => {
    // `{"name": …}` is the first level; the arrays under the unknown field are dropped.
    const deepest = await send(
      'POST',
      '/api/months/',
      `{"name":"x","junk":${nestedArrays(MAX_BODY_DEPTH - 1)}}`,
    );
    const deeper = await send(
      'POST',
      '/api/months/',
      `{"name":"x","junk":${nestedArrays(MAX_BODY_DEPTH)}}`,
    );

    expect(deepest.statusCode).toBe(201);
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json()).toEqual(tooDeep);
  });

  it('counts levels with an explicit stack, not by recursion', () => {
    let value: unknown = 'end';
    for (let level = 0; level < LEVELS; level += 1) value = [value, { a: level }];

    expect(nestsDeeperThan(value, LEVELS)).toBe(true);
    expect(nestsDeeperThan(value, LEVELS + 1)).toBe(false);
    expect(nestsDeeperThan('text', 0)).toBe(false);
  });

  it('finds text that is not well-formed Unicode at any depth, without recursion', () => {
    let value: unknown = '\ud800';
    for (let level = 0; level < LEVELS; level += 1) value = { a: [value] };

    expect(malformedTextFields({ ok: 'fine', deep: value })).toEqual(['deep']);
    expect(malformedTextFields({ ok: { a: [[['fine']]] } })).toEqual([]);
  });
});
