// API tests for what bounds a search: the word cap, single letters, the trigram index kept in step with every write, and migration 017.
import { sql } from 'kysely';
import type { Journal } from '../../contract/entities.js';
import { MESSAGES } from '../../contract/rules.js';
import { SEARCH_MAX_WORDS, SEARCH_MESSAGES } from '../../contract/search.js';
import { seedJournal, seedMonth } from '../support/factories.js';
import { createUser, injectAs, setUpTestApp, type TestUser } from '../support/test-app.js';

const { t, user, api } = setUpTestApp();

const get = (url: string, who: TestUser = user) => injectAs(t, who, { method: 'GET', url });
const searchFor = (words: string, who: TestUser = user) =>
  get(`/api/journals/?search=${encodeURIComponent(words)}`, who);
const highlights = async (words: string) => {
  const response = await searchFor(words);
  expect(response.statusCode).toBe(200);
  return (response.json() as Journal[]).map((hit) => hit.highlight).sort();
};

/**
 * The ids the search index itself finds for a word of three characters or more: SQLite's FTS5
 * table, read directly. PostgreSQL keeps its own indexes in step; see the plan test below.
 */
async function indexed(word: string): Promise<number[]> {
  const pieces = [...Array(word.length - 2).keys()].map((i) => `"${word.slice(i, i + 3)}"`);
  const { rows } = await sql<{ id: number }>`
    select rowid as id from journal_search where journal_search match ${pieces.join(' AND ')}
    order by rowid`.execute(t.database.db);
  return rows.map((row) => Number(row.id));
}

describe('search bounds', () => {
  it(`refuses more than ${SEARCH_MAX_WORDS} words with a 400 that says so`, async () => {
    const words = Array.from({ length: SEARCH_MAX_WORDS + 1 }, (_, i) => `word${i}`).join(' ');
    const response = await searchFor(words);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ search: [SEARCH_MESSAGES.tooManyWords] });
  });

  it('refuses a hundred one-letter words, the search that froze the server', async () => {
    const words = Array.from({ length: 100 }, (_, i) => String.fromCharCode(0x61 + (i % 26)));
    const response = await searchFor(words.join(' '));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ search: [SEARCH_MESSAGES.tooShort] });
  });

  it(`accepts ${SEARCH_MAX_WORDS} words, and repeats and single letters do not count`, async () => {
    const month = await seedMonth(t, user);
    const text = Array.from({ length: SEARCH_MAX_WORDS }, (_, i) => `word${i}`).join(' ');
    await seedJournal(t, user, month.id, text);
    expect(await highlights(text)).toEqual([text]);
    expect(await highlights(`${text} word0 a e o`)).toEqual([text]);
  });

  it('leaves single letters out, and still needs every longer word', async () => {
    const month = await seedMonth(t, user);
    await seedJournal(t, user, month.id, 'Ran 5k with Ana');
    await seedJournal(t, user, month.id, 'Ran 10k');
    // "a" is in neither highlight as a word of its own; it is left out, not matched.
    expect(await highlights('ran 5k a')).toEqual(['Ran 5k with Ana']);
    expect(await highlights('5k')).toEqual(['Ran 5k with Ana']);
    expect(await highlights('ran x')).toEqual(['Ran 10k', 'Ran 5k with Ana']);
  });

  it('keeps a blank search a blank one', async () => {
    const response = await searchFor('   ');
    expect(response.json()).toEqual({ search: [MESSAGES.blank] });
  });
});

describe('the search index', () => {
  it('follows creates, edits of the highlight or the note, deletes and restores from the bin', async () => {
    const month = await seedMonth(t, user);
    const created = await api('POST', '/api/journals/', {
      month_id: month.id,
      highlight: 'Picnic by the lake',
    });
    const journal = created.json() as Journal;
    expect(await highlights('picnic')).toEqual(['Picnic by the lake']);

    // The note alone: the folded copy is redone on the next search.
    await api('PATCH', `/api/journals/${journal.id}/`, { note: 'Brought croissants' });
    expect(await highlights('croissant')).toEqual(['Picnic by the lake']);
    await api('PATCH', `/api/journals/${journal.id}/`, {
      highlight: 'Rainy afternoon',
      note: '',
    });
    expect(await highlights('picnic')).toEqual([]);
    expect(await highlights('croissant')).toEqual([]);
    expect(await highlights('rainy')).toEqual(['Rainy afternoon']);

    expect((await api('DELETE', `/api/journals/delete/${journal.id}/`)).statusCode).toBe(204);
    expect(await highlights('rainy')).toEqual([]);
    const restored = await api('POST', `/api/journals/${journal.id}/restore/`);
    expect(restored.statusCode).toBeLessThan(300);
    expect(await highlights('rainy')).toEqual(['Rainy afternoon']);

    // A whole month to the bin and back takes its entries with it.
    expect((await api('DELETE', `/api/months/delete/${month.id}/`)).statusCode).toBe(204);
    expect(await highlights('rainy')).toEqual([]);
    expect((await api('POST', `/api/months/${month.id}/restore/`)).statusCode).toBeLessThan(300);
    expect(await highlights('rainy')).toEqual(['Rainy afternoon']);

    if (t.database.dialect === 'sqlite') {
      expect(await indexed('rainy')).toEqual([journal.id]);
      expect(await indexed('picnic')).toEqual([]);
    }
  });

  it.runIf(!process.env.TEST_DATABASE_URL)(
    'is what the search reads (SQLite): an entry missing from it is not found',
    async () => {
      const month = await seedMonth(t, user);
      const journal = await seedJournal(t, user, month.id, 'Sunrise swim');
      expect(await indexed('sunrise')).toEqual([journal.id]);
      await sql`delete from journal_search where rowid = ${journal.id}`.execute(t.database.db);
      expect(await highlights('sunrise')).toEqual([]);
      // A two-letter word has no trigram, so it is matched without the index.
      expect(await highlights('sw')).toEqual(['Sunrise swim']);
    },
  );

  it('holds every entry of a user with the account’s other users’ entries apart', async () => {
    const stranger = await createUser(t);
    const mine = await seedJournal(t, user, (await seedMonth(t, user)).id, 'shared lagoon');
    await seedJournal(t, stranger, (await seedMonth(t, stranger)).id, 'shared lagoon');
    const hits = (await searchFor('lagoon')).json() as Journal[];
    expect(hits.map((hit) => hit.id)).toEqual([mine.id]);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'serves LIKE through the trigram index (PostgreSQL)',
    async () => {
      const { rows } = await sql<{ plan: string }>`
        select indexdef as plan from pg_indexes
        where schemaname = current_schema() and indexname = 'journals_search_trgm_idx'`.execute(
        t.database.db,
      );
      expect(rows[0]?.plan).toMatch(/USING gin \(highlight_search \S*gin_trgm_ops\)/);
      const plan = await t.database.db.connection().execute(async (db) => {
        await sql`set enable_seqscan = off`.execute(db);
        try {
          const explained = await sql<{ 'QUERY PLAN': string }>`
            explain select id from journals where highlight_search like '%lagoon%'`.execute(db);
          return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
        } finally {
          await sql`reset enable_seqscan`.execute(db);
        }
      });
      expect(plan).toContain('journals_search_trgm_idx');
    },
  );
});
