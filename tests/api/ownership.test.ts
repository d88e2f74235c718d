// A second user against every data route: another user's rows are invisible, unchangeable and unusable.
import { MESSAGES } from '../../contract/rules.js';
import { snapshot } from '../support/db-snapshot.js';
import {
  type SeededMonth,
  seedFullMonth,
  seedHabit,
  seedJournal,
  seedMeasure,
  seedMonth,
} from '../support/factories.js';
import {
  buildTestApp,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from '../support/test-app.js';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let owned: SeededMonth;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t);
  stranger = await createUser(t);
  owned = await seedFullMonth(t, owner);
});
afterAll(async () => {
  await t.close();
});

const notFound = { detail: MESSAGES.notFound };
const asStranger = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  injectAs(t, stranger, { method, url, ...(payload ? { payload } : {}) });

/** Each resource: its path, which of the owner's objects to aim at, and a valid change to try. */
const resources = [
  ['months', 'month', { name: 'Stolen' }],
  ['journals', 'journal', { highlight: 'Stolen' }],
  ['goals', 'goal', { name: 'Stolen', is_completed: true }],
  ['habits', 'habit', { name: 'Stolen' }],
  ['measures', 'measure', { name: 'Stolen' }],
  ['dailyhabits', 'dailyHabit', { is_practiced: false }],
  ['dailymeasures', 'dailyMeasure', { metric: 1 }],
] as const;

describe('lists', () => {
  it.each([
    '/api/months/',
    '/api/journals/',
    '/api/journals/?month=%m',
    '/api/goals/?month=%m',
    '/api/habits/?month=%m',
    '/api/measures/?month=%m',
    '/api/dailyhabits/?month=%m',
    '/api/dailyhabits/?journal=%j',
    '/api/dailymeasures/?month=%m',
    '/api/dailymeasures/?journal=%j',
    '/api/goals/',
    '/api/dailyhabits/',
  ])('%s holds none of the other user’s rows', async (pattern) => {
    const url = pattern
      .replace('%m', String(owned.month.id))
      .replace('%j', String(owned.journal.id));
    const response = await asStranger('GET', url);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    // The same list, asked by the owner, is not empty: the filter is the only difference.
    const own = await injectAs(t, owner, { method: 'GET', url });
    expect(own.json()).not.toEqual([]);
  });
});

describe('detail routes', () => {
  it.each(resources)('GET /api/%s/{id}/ answers 404', async (name, key) => {
    const id = owned[key].id;
    const response = await asStranger('GET', `/api/${name}/${id}/`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(notFound);
  });

  it.each(resources)(
    'PATCH /api/%s/{id}/ answers 404 and changes nothing',
    async (name, key, change) => {
      const id = owned[key].id;
      const before = await snapshot(t);
      const response = await asStranger('PATCH', `/api/${name}/${id}/`, change);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
      expect(await snapshot(t)).toEqual(before);
    },
  );

  it.each(resources)(
    'DELETE /api/%s/{id}/ and /delete/{id}/ answer 404 and delete nothing',
    async (name, key) => {
      const id = owned[key].id;
      const before = await snapshot(t);
      for (const url of [`/api/${name}/${id}/`, `/api/${name}/delete/${id}/`]) {
        const response = await asStranger('DELETE', url);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(notFound);
      }
      expect(await snapshot(t)).toEqual(before);
    },
  );
});

describe('creating into another user’s objects', () => {
  it.each([
    ['journals', { highlight: 'x' }],
    ['goals', { name: 'x' }],
    ['habits', { name: 'x' }],
    ['measures', { name: 'x' }],
  ])('POST /api/%s/ with their month_id is an invalid pk', async (name, fields) => {
    const before = await snapshot(t);
    const response = await asStranger('POST', `/api/${name}/`, {
      ...fields,
      month_id: owned.month.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ month_id: [MESSAGES.invalidPk(owned.month.id)] });
    expect(await snapshot(t)).toEqual(before);
  });

  it('POST /api/dailyhabits/ and /api/dailymeasures/ refuse their journal, habit or measure', async () => {
    const month = await seedMonth(t, stranger);
    const journal = await seedJournal(t, stranger, month.id);
    const habit = await seedHabit(t, stranger, month.id);
    const measure = await seedMeasure(t, stranger, month.id);
    const before = await snapshot(t);
    const cases: [string, object, object][] = [
      [
        'dailyhabits',
        { journal_id: owned.journal.id, habit_id: owned.habit.id },
        {
          journal_id: [MESSAGES.invalidPk(owned.journal.id)],
          habit_id: [MESSAGES.invalidPk(owned.habit.id)],
        },
      ],
      [
        'dailyhabits',
        { journal_id: journal.id, habit_id: owned.habit.id },
        { habit_id: [MESSAGES.invalidPk(owned.habit.id)] },
      ],
      [
        'dailyhabits',
        { journal_id: owned.journal.id, habit_id: habit.id },
        { journal_id: [MESSAGES.invalidPk(owned.journal.id)] },
      ],
      [
        'dailymeasures',
        { journal_id: owned.journal.id, measure_id: owned.measure.id, metric: 1 },
        {
          journal_id: [MESSAGES.invalidPk(owned.journal.id)],
          measure_id: [MESSAGES.invalidPk(owned.measure.id)],
        },
      ],
      [
        'dailymeasures',
        { journal_id: journal.id, measure_id: owned.measure.id, metric: 1 },
        { measure_id: [MESSAGES.invalidPk(owned.measure.id)] },
      ],
      [
        'dailymeasures',
        { journal_id: owned.journal.id, measure_id: measure.id, metric: 1 },
        { journal_id: [MESSAGES.invalidPk(owned.journal.id)] },
      ],
    ];
    for (const [name, payload, errors] of cases) {
      const response = await asStranger('POST', `/api/${name}/`, payload);
      expect(response.statusCode, `${name} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    expect(await snapshot(t)).toEqual(before);
  });
});

it('leaves the owner’s data exactly as it was seeded', async () => {
  const repos = t.app.repos.forUser(owner.id);
  expect(await repos.months.list()).toEqual([owned.month]);
  expect(await repos.journals.list({})).toEqual([owned.journal]);
  expect(await repos.goals.list({})).toEqual([owned.goal]);
  expect(await repos.habits.list({})).toEqual([owned.habit]);
  expect(await repos.measures.list({})).toEqual([owned.measure]);
  expect(await repos.dailyHabits.list({})).toEqual([owned.dailyHabit]);
  expect(await repos.dailyMeasures.list({})).toEqual([owned.dailyMeasure]);
});
