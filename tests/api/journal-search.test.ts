// API tests for GET /api/journals/?search=: folding, AND of words, wildcards, limits, scoping, cache, migration 004.
import { sql } from 'kysely';
import type { Journal } from '../../contract/entities.js';
import { MESSAGES } from '../../contract/rules.js';
import { SEARCH_MAX_LENGTH, SEARCH_RESULTS_LIMIT } from '../../contract/search.js';
import { up as addSearchColumn } from '../../server/db/migrations/004-journal-search.js';
import { createVersionTrigger } from '../../server/db/migrations/010-row-versions.js';
import {
  createSearchIndexes,
  dropSearchIndexes,
} from '../../server/db/migrations/017-search-index.js';
import { seedJournal, seedMonth } from '../support/factories.js';
import { createUser, injectAs, setUpTestApp, type TestUser } from '../support/test-app.js';

const { t, user } = setUpTestApp();

const get = (url: string, who: TestUser = user) => injectAs(t, who, { method: 'GET', url });
const search = async (words: string, who: TestUser = user) => {
  const response = await get(`/api/journals/?search=${encodeURIComponent(words)}`, who);
  expect(response.statusCode).toBe(200);
  return response.json() as Array<Journal & { month_name: string }>;
};
const highlights = async (words: string) => (await search(words)).map((hit) => hit.highlight);

async function dated(monthId: number, highlight: string, createdAt: string): Promise<Journal> {
  const journal = await seedJournal(t, user, monthId, highlight);
  return (await t.app.repos.forUser(user.id).journals.update(journal.id, {
    created_at: createdAt,
  })) as Journal;
}

describe('GET /api/journals/?search=', () => {
  it('answers each hit as a Journal with its month’s name, newest date first, across months', async () => {
    const march = await seedMonth(t, user, 'March');
    const april = await seedMonth(t, user, 'April');
    const older = await dated(march.id, 'Coffee at the Café de Flore', '2025-03-02');
    const newer = await dated(april.id, 'Another café, another book', '2025-04-10');
    await dated(april.id, 'Tea only', '2025-04-11');

    expect(await search('café')).toEqual([
      { ...newer, month_name: 'April' },
      { ...older, month_name: 'March' },
    ]);
  });

  it('is case- and accent-insensitive both ways', async () => {
    const month = await seedMonth(t, user);
    await seedJournal(t, user, month.id, 'Café with Zoë');
    await seedJournal(t, user, month.id, 'CAFÉ CRÈME');
    await seedJournal(t, user, month.id, 'plain cafe');
    await seedJournal(t, user, month.id, 'Straße in Łódź, ﬁne');

    expect((await highlights('cafe')).sort()).toEqual([
      'CAFÉ CRÈME',
      'Café with Zoë',
      'plain cafe',
    ]);
    expect((await highlights('CAFÉ')).sort()).toEqual([
      'CAFÉ CRÈME',
      'Café with Zoë',
      'plain cafe',
    ]);
    expect(await highlights('creme')).toEqual(['CAFÉ CRÈME']);
    expect(await highlights('ZOE')).toEqual(['Café with Zoë']);
    expect(await highlights('strasse lodz fine')).toEqual(['Straße in Łódź, ﬁne']);
  });

  it('needs every word (AND), in any order, as parts of words', async () => {
    const month = await seedMonth(t, user);
    await seedJournal(t, user, month.id, 'Walked the dog by the river');
    await seedJournal(t, user, month.id, 'River swim');
    await seedJournal(t, user, month.id, 'Dog nap');

    expect(await highlights('river dog')).toEqual(['Walked the dog by the river']);
    expect((await highlights('  riv  ')).sort()).toEqual([
      'River swim',
      'Walked the dog by the river',
    ]);
    expect(await highlights('dog cat')).toEqual([]);
  });

  it('takes %, _ and \\ literally', async () => {
    const month = await seedMonth(t, user);
    await seedJournal(t, user, month.id, 'Saved 100% of the plan');
    await seedJournal(t, user, month.id, 'snake_case names');
    await seedJournal(t, user, month.id, 'a back\\slash');
    await seedJournal(t, user, month.id, 'abc');

    expect(await highlights('0%')).toEqual(['Saved 100% of the plan']);
    expect(await highlights('e_c')).toEqual(['snake_case names']);
    expect(await highlights('k\\s')).toEqual(['a back\\slash']);
    expect(await highlights('%%')).toEqual([]);
    expect(await highlights('a_c')).toEqual([]);
  });

  it(`answers at most ${SEARCH_RESULTS_LIMIT} hits, the newest`, async () => {
    const month = await seedMonth(t, user);
    const rows = Array.from({ length: SEARCH_RESULTS_LIMIT + 5 }, (_, i) => ({
      author_id: user.id,
      month_id: month.id,
      highlight: `Run number ${i}`,
      highlight_search: `run number ${i}`,
      created_at: `2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
    }));
    await t.database.db.insertInto('journals').values(rows).execute();

    const hits = await search('run');
    expect(hits).toHaveLength(SEARCH_RESULTS_LIMIT);
    const dates = hits.map((hit) => hit.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates[0]).toBe('2024-01-28');
  });

  it('searches within one month with ?month=', async () => {
    const march = await seedMonth(t, user, 'March');
    const april = await seedMonth(t, user, 'April');
    await seedJournal(t, user, march.id, 'run in March');
    await seedJournal(t, user, april.id, 'run in April');
    const response = await get(`/api/journals/?search=run&month=${april.id}`);
    expect(response.json().map((hit: Journal) => hit.highlight)).toEqual(['run in April']);
  });

  it('never finds another user’s entries', async () => {
    const stranger = await createUser(t);
    await seedJournal(t, stranger, (await seedMonth(t, stranger)).id, 'secret picnic');
    expect(await search('picnic')).toEqual([]);
    expect(await search('picnic', stranger)).toHaveLength(1);
  });

  it('follows edits: a changed highlight, a renamed month, a deleted entry', async () => {
    const month = await seedMonth(t, user, 'May');
    const journal = await seedJournal(t, user, month.id, 'Picnic in the park');
    expect(await highlights('picnic')).toEqual(['Picnic in the park']);

    await injectAs(t, user, {
      method: 'PATCH',
      url: `/api/journals/${journal.id}/`,
      payload: { highlight: 'Rainy déjeuner' },
    });
    expect(await highlights('picnic')).toEqual([]);
    expect(await highlights('dejeuner')).toEqual(['Rainy déjeuner']);

    await t.app.repos.forUser(user.id).months.update(month.id, { name: 'Maio' });
    expect((await search('dejeuner'))[0]?.month_name).toBe('Maio');

    await t.app.repos.forUser(user.id).journals.remove(journal.id);
    expect(await search('dejeuner')).toEqual([]);
  });

  it('finds rows inserted without their folded copy (an import, or SQL by hand)', async () => {
    const month = await seedMonth(t, user);
    await t.database.db
      .insertInto('journals')
      .values({
        author_id: user.id,
        month_id: month.id,
        highlight: 'Imported ÉTÉ',
        created_at: '2023-07-01',
      })
      .execute();
    expect(await highlights('ete')).toEqual(['Imported ÉTÉ']);
  });

  it('keeps the plain list: Journals only, by date then id', async () => {
    const month = await seedMonth(t, user);
    const journal = await seedJournal(t, user, month.id, 'plain');
    const response = await get(`/api/journals/?month=${month.id}`);
    expect(response.body).toBe(JSON.stringify([journal]));
  });

  it.each([
    ['', { search: [MESSAGES.blank] }],
    ['   ', { search: [MESSAGES.blank] }],
    ['\u0301', { search: [MESSAGES.blank] }],
    ['x'.repeat(SEARCH_MAX_LENGTH + 1), { search: [MESSAGES.maxLength(SEARCH_MAX_LENGTH)] }],
    ['a\u0000b', { search: ['Null characters are not allowed.'] }],
  ])('refuses the search %j with 400', async (words, errors) => {
    const response = await get(`/api/journals/?search=${encodeURIComponent(words)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
  });

  it(`accepts ${SEARCH_MAX_LENGTH} characters, and odd input without a 5xx`, async () => {
    await seedJournal(t, user, (await seedMonth(t, user)).id);
    for (const words of ['x'.repeat(SEARCH_MAX_LENGTH), "'; drop table journals; --", '😀 日本']) {
      await search(words);
    }
    const twice = await get('/api/journals/?search=a&search=b');
    expect(twice.statusCode).toBe(400);
  });

  it('needs credentials', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/journals/?search=x' });
    expect(response.statusCode).toBe(401);
  });
});

describe('migration 004', () => {
  it('fills the folded copy of the journals that exist', async () => {
    const month = await seedMonth(t, user);
    const journal = await seedJournal(t, user, month.id, 'Crème Brûlée');
    const { db, dialect } = t.database;
    // Migration 010's trigger reads the column: a database from before 004 has neither.
    await sql`drop trigger journals_version_bump${sql.raw(dialect === 'postgres' ? ' on journals' : '')}`.execute(
      db,
    );
    // So do migration 017's index and triggers.
    await dropSearchIndexes(db as never, dialect);
    await sql`alter table journals drop column highlight_search`.execute(db);
    try {
      await addSearchColumn(db as never, dialect);
      const row = await db
        .selectFrom('journals')
        .select('highlight_search')
        .where('id', '=', journal.id)
        .executeTakeFirstOrThrow();
      expect(row.highlight_search).toBe('creme brulee');
    } finally {
      // Whatever happened, the table keeps the column the other tests need.
      const hasColumn = await sql`select highlight_search from journals`
        .execute(db)
        .then(() => true)
        .catch(() => false);
      if (!hasColumn) await addSearchColumn(db as never, dialect);
      await createVersionTrigger(db as never, dialect, 'journals');
      await dropSearchIndexes(db as never, dialect);
      await createSearchIndexes(db as never, dialect);
    }
  });
});
