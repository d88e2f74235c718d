// API tests for the quotas: creates and imports beyond what a month or an account may hold are refused, and nothing is written.
import type { Insertable } from 'kysely';
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportFile } from '../../contract/export.js';
import {
  DAILY_HABITS_PER_JOURNAL,
  DAILY_MEASURES_PER_JOURNAL,
  GOALS_PER_MONTH,
  HABITS_PER_MONTH,
  JOURNALS_PER_MONTH,
  MEASURES_PER_MONTH,
  MONTHS_PER_ACCOUNT,
  QUOTA_EXCEEDED,
} from '../../contract/quotas.js';
import type { DB } from '../../server/db/schema.js';
import { snapshot } from '../support/db-snapshot.js';
import { seedJournal, seedMonth } from '../support/factories.js';
import {
  buildSiblingApp,
  createUser,
  injectAs,
  setUpTestApp,
  type TestUser,
} from '../support/test-app.js';

const { t, user } = setUpTestApp();

const post = (path: string, payload: object, as: TestUser = user) =>
  injectAs(t, as, { method: 'POST', url: `/api/${path}/`, payload });

type Filled = 'months' | 'journals' | 'habits' | 'measures' | 'goals';

/** `count` rows of `table` for the user (in `monthId` for a month's items), inserted behind the API's back. */
async function fill(table: Filled, count: number, monthId = 0): Promise<void> {
  const author_id = user.id;
  const rows = Array.from({ length: count }, (_, i) => {
    if (table === 'months') return { author_id, name: `Month ${i}` };
    if (table === 'journals') {
      return {
        author_id,
        month_id: monthId,
        highlight: `Day ${i}`,
        highlight_search: `day ${i}`,
        created_at: '2024-01-01',
      };
    }
    return { author_id, month_id: monthId, name: `Item ${i}` };
  });
  // Chunks keep each statement well under SQLite's parameter limit.
  for (let start = 0; start < rows.length; start += 500) {
    await t.database.db
      .insertInto(table as 'months')
      .values(rows.slice(start, start + 500) as Insertable<DB['months']>[])
      .execute();
  }
}

async function countOf(table: Filled | 'daily_habits' | 'daily_measures'): Promise<number> {
  const row = await t.database.db
    .selectFrom(table as 'months')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('author_id', '=', user.id)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('a create beyond a quota', () => {
  it.each([
    [
      'journals',
      JOURNALS_PER_MONTH,
      (monthId: number) => ({ highlight: 'One too many', month_id: monthId }),
      'Journal not created — a month holds at most 200 journals.',
    ],
    [
      'habits',
      HABITS_PER_MONTH,
      (monthId: number) => ({ name: 'One too many', month_id: monthId }),
      'Habit not created — a month holds at most 50 habits.',
    ],
    [
      'measures',
      MEASURES_PER_MONTH,
      (monthId: number) => ({ name: 'One too many', month_id: monthId }),
      'Measure not created — a month holds at most 20 measures.',
    ],
    [
      'goals',
      GOALS_PER_MONTH,
      (monthId: number) => ({ name: 'One too many', month_id: monthId }),
      'Goal not created — a month holds at most 200 goals.',
    ],
  ] as const)(
    '%s: the last one fits, the next is a 400 quota_exceeded and nothing is created',
    async (table, quota, body, detail) => {
      const month = await seedMonth(t, user);
      const other = await seedMonth(t, user, 'February');
      await fill(table, quota - 1, month.id);

      expect((await post(table, body(month.id))).statusCode).toBe(201);
      const before = await snapshot(t);
      const refused = await post(table, body(month.id));

      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ detail, code: QUOTA_EXCEEDED });
      expect(await snapshot(t)).toEqual(before);
      expect(await countOf(table)).toBe(quota);
      // The quota is per month: another month still has room.
      expect((await post(table, body(other.id))).statusCode).toBe(201);
    },
  );

  it('months: an account holds at most 1,200', async () => {
    await fill('months', MONTHS_PER_ACCOUNT - 1);
    expect((await post('months', { name: 'The last one' })).statusCode).toBe(201);
    const before = await snapshot(t);

    const refused = await post('months', { name: 'One too many' });

    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail: 'Month not created — an account holds at most 1,200 months.',
      code: QUOTA_EXCEEDED,
    });
    expect(await snapshot(t)).toEqual(before);
    // Another account is not concerned.
    const other = await createUser(t);
    expect((await post('months', { name: 'Mine' }, other)).statusCode).toBe(201);
  });

  it.each([
    [
      'dailyhabits',
      DAILY_HABITS_PER_JOURNAL,
      'Daily habit not created — a journal holds at most 50 daily habits.',
    ],
    [
      'dailymeasures',
      DAILY_MEASURES_PER_JOURNAL,
      'Daily measure not created — a journal holds at most 20 daily measures.',
    ],
  ] as const)(
    '%s: a journal holds at most one per item of its month',
    async (path, quota, detail) => {
      const month = await seedMonth(t, user);
      const journal = await seedJournal(t, user, month.id);
      // One row per item and entry (migration 021): past the quota takes more items than a month
      // may hold, so they are put in behind the API's back.
      const table = path === 'dailyhabits' ? 'habits' : 'measures';
      await fill(table, quota + 1, month.id);
      const items = await t.database.db
        .selectFrom(table)
        .select('id')
        .where('month_id', '=', month.id)
        .orderBy('id')
        .execute();
      const body = (itemId: number) =>
        path === 'dailyhabits'
          ? { journal_id: journal.id, habit_id: itemId }
          : { journal_id: journal.id, measure_id: itemId, metric: 1 };
      for (const { id } of items.slice(0, quota))
        expect((await post(path, body(id))).statusCode).toBe(201);
      const before = await snapshot(t);

      const refused = await post(path, body(items[quota]?.id ?? 0));

      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ detail, code: QUOTA_EXCEEDED });
      expect(await snapshot(t)).toEqual(before);
    },
  );
});

describe('concurrent creates at the limit', () => {
  it('journals: 20 at once with room for 5 create exactly 5', async () => {
    const month = await seedMonth(t, user);
    await fill('journals', JOURNALS_PER_MONTH - 5, month.id);

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('journals', { highlight: `Race ${i}`, month_id: month.id }),
      ),
    );

    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(5);
    expect(codes.filter((code) => code === 400)).toHaveLength(15);
    expect(await countOf('journals')).toBe(JOURNALS_PER_MONTH);
  });

  it('journals: two servers on one database, 20 at once with room for 5, create exactly 5', async () => {
    const sibling = await buildSiblingApp(t);
    try {
      const month = await seedMonth(t, user);
      await fill('journals', JOURNALS_PER_MONTH - 5, month.id);

      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 === 0 ? t : sibling).app.inject({
            method: 'POST',
            url: '/api/journals/',
            headers: user.headers,
            payload: { highlight: `Race ${i}`, month_id: month.id },
          }),
        ),
      );

      const codes = answers.map((answer) => answer.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(5);
      expect(codes.filter((code) => code === 400)).toHaveLength(15);
      expect(await countOf('journals')).toBe(JOURNALS_PER_MONTH);
    } finally {
      await sibling.close();
    }
  });

  it('months: 10 at once with room for 2 create exactly 2', async () => {
    await fill('months', MONTHS_PER_ACCOUNT - 2);

    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post('months', { name: `Race ${i}` })),
    );

    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(2);
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(8);
    expect(await countOf('months')).toBe(MONTHS_PER_ACCOUNT);
  });
});

describe('an import beyond a quota', () => {
  const importFile = (file: ExportFile) =>
    t.app.inject({
      method: 'POST',
      url: '/api/import/',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(file),
    });

  let nextId = 1;
  /** A month with one habit and one measure (ids unique in the file), ticked on each journal. */
  const month = (name: string, journals = 1): ExportFile['months'][number] => {
    const id = nextId++;
    return {
      name,
      habits: [{ id, name: 'Read' }],
      measures: [{ id, name: 'Weight' }],
      goals: [{ name: 'Run', is_completed: false }],
      journals: Array.from({ length: journals }, (_, i) => ({
        created_at: '2024-01-01',
        highlight: `Day ${i}`,
        daily_habits: [{ habit: id, is_practiced: true }],
        daily_measures: [{ measure: id, metric: 70 }],
      })),
    };
  };

  const fileOf = (months: ExportFile['months']): ExportFile => ({
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: '2024-02-01T00:00:00.000Z',
    months,
  });

  it('is refused whole, naming the first month that overflows', async () => {
    await seedMonth(t, user, 'Existing');
    const before = await snapshot(t);

    const refused = await importFile(
      fileOf([month('January'), month('February', JOURNALS_PER_MONTH + 1), month('March', 300)]),
    );

    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail:
        'Import refused: month "February" (months[1]) has 201 journals — a month holds at most 200 journals.',
      code: QUOTA_EXCEEDED,
    });
    expect(await snapshot(t)).toEqual(before);
  });

  it('counts the months already in the account against its quota', async () => {
    await fill('months', MONTHS_PER_ACCOUNT - 2);
    const before = await snapshot(t);

    const refused = await importFile(fileOf([month('A'), month('B'), month('C')]));

    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail:
        'Import refused: month "C" (months[2]) would be month 1,201 of the account — an account holds at most 1,200 months.',
      code: QUOTA_EXCEEDED,
    });
    expect(await snapshot(t)).toEqual(before);

    // Exactly to the quota is fine.
    expect((await importFile(fileOf([month('A'), month('B')]))).statusCode).toBe(201);
    expect(await countOf('months')).toBe(MONTHS_PER_ACCOUNT);
  });

  it('a month at its quotas exactly is imported', async () => {
    const full = month('Full', JOURNALS_PER_MONTH);
    full.habits = Array.from({ length: HABITS_PER_MONTH }, (_, i) => ({
      id: 1000 + i,
      name: `H${i}`,
    }));
    for (const journal of full.journals) journal.daily_habits = [];
    const response = await importFile(fileOf([full]));
    expect(response.statusCode).toBe(201);
    expect(await countOf('journals')).toBe(JOURNALS_PER_MONTH);
  });
});
