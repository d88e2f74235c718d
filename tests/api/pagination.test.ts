// API tests for the paginated lists: pages with a Link rel="next", limit bounds, cursors, and every row once while rows are added.
import type { Insertable } from 'kysely';
import { JOURNALS_PER_MONTH, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../../contract/quotas.js';
import { MESSAGES } from '../../contract/rules.js';
import type { DB } from '../../server/db/schema.js';
import { seedMonth } from '../support/factories.js';
import { createUser, injectAs, setUpTestApp, type TestUser } from '../support/test-app.js';

const { t, user } = setUpTestApp();

const get = (url: string, as: TestUser = user) => injectAs(t, as, { method: 'GET', url });

/** The URL of `Link: <url>; rel="next"`, or null when the header says nothing of a next page. */
function nextOf(link: string | string[] | number | undefined): string | null {
  const match = /^<([^>]*)>;\s*rel="next"$/.exec(String(link ?? ''));
  return match?.[1] ?? null;
}

interface Row {
  id: number;
  created_at?: string;
}

/** Follows next from `url` to the end; `between` runs after each page (to write meanwhile). */
async function followAll(url: string, between: (page: number) => Promise<void> = async () => {}) {
  const pages: Row[][] = [];
  let next: string | null = url;
  while (next) {
    const response = await get(next);
    expect(response.statusCode).toBe(200);
    pages.push(response.json<Row[]>());
    next = nextOf(response.headers.link);
    await between(pages.length);
    if (pages.length > 100) throw new Error('no end to the pages');
  }
  return pages;
}

const ids = (rows: Row[]) => rows.map((row) => row.id);

/** Journals inserted behind the API's back, `dates[i]` for the i-th, in `monthId`. */
async function insertJournals(monthId: number, dates: string[], highlight = 'Day'): Promise<void> {
  const rows = dates.map((created_at, i) => ({
    author_id: user.id,
    month_id: monthId,
    highlight: `${highlight} ${i}`,
    highlight_search: `${highlight.toLowerCase()} ${i}`,
    created_at,
  }));
  for (let start = 0; start < rows.length; start += 500) {
    await t.database.db
      .insertInto('journals')
      .values(rows.slice(start, start + 500) as Insertable<DB['journals']>[])
      .execute();
  }
}

/** Every journal of the user in the list's order: date, then id. */
async function journalsInOrder(direction: 'asc' | 'desc' = 'asc'): Promise<number[]> {
  const rows = await t.database.db
    .selectFrom('journals')
    .select('id')
    .where('author_id', '=', user.id)
    .orderBy('created_at', direction)
    .orderBy('id', direction)
    .execute();
  return rows.map((row) => row.id);
}

/** `n` dates in January 2024, out of order and with repeats (so ids break ties). */
const dates = (n: number, seed = 7) =>
  Array.from({ length: n }, (_, i) => `2024-01-${String(((i * seed) % 28) + 1).padStart(2, '0')}`);

/** Writes through the API, so the user has a data version and reads go through the cache. */
const bumpVersion = async () => {
  const response = await injectAs(t, user, {
    method: 'POST',
    url: '/api/months/',
    payload: { name: 'Versioned' },
  });
  expect(response.statusCode).toBe(201);
};

describe('GET /api/journals/ without ?month=', () => {
  it(`answers at most ${PAGE_LIMIT_DEFAULT} by default, with a Link to the rest`, async () => {
    const a = await seedMonth(t, user, 'A');
    const b = await seedMonth(t, user, 'B');
    await insertJournals(a.id, dates(JOURNALS_PER_MONTH));
    await insertJournals(b.id, dates(1, 3));

    const first = await get('/api/journals/');

    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(PAGE_LIMIT_DEFAULT);
    const next = nextOf(first.headers.link);
    expect(next).toMatch(/^\/api\/journals\/\?cursor=[\w-]+$/);
    const pages = await followAll('/api/journals/');
    expect(pages.map((page) => page.length)).toEqual([100, 100, 1]);
    expect(ids(pages.flat())).toEqual(await journalsInOrder());
  });

  it('has no Link when everything fits in the page', async () => {
    const month = await seedMonth(t, user);
    await insertJournals(month.id, dates(3));

    for (const url of ['/api/journals/', '/api/journals/?limit=3']) {
      const response = await get(url);
      expect(response.json()).toHaveLength(3);
      expect(response.headers.link).toBeUndefined();
    }
    expect(nextOf((await get('/api/journals/?limit=2')).headers.link)).not.toBeNull();
  });

  it.each([
    ['uncached (no data version yet)', false],
    ['cached', true],
  ])('following next returns every row exactly once, in order: %s', async (_, cached) => {
    const month = await seedMonth(t, user);
    await insertJournals(month.id, dates(25));
    if (cached) await bumpVersion();
    const expected = await journalsInOrder();

    const pages = await followAll('/api/journals/?limit=4');

    expect(pages.map((page) => page.length)).toEqual([4, 4, 4, 4, 4, 4, 1]);
    expect(ids(pages.flat())).toEqual(expected);
    // A second walk (from the cache when there is a version) says the same, Links included.
    expect(ids((await followAll('/api/journals/?limit=4')).flat())).toEqual(expected);
  });

  it('rows added between pages: none repeats or is skipped; those after the cursor show up in place', async () => {
    const month = await seedMonth(t, user);
    await insertJournals(month.id, dates(12));
    await bumpVersion();
    const before = await journalsInOrder();

    const pages = await followAll('/api/journals/?limit=5', async (page) => {
      if (page !== 1) return;
      // One before everything (2023), one after everything (2025), one on a date already seen.
      await insertJournals(month.id, ['2023-12-31', '2025-01-01', '2024-01-01'], 'New');
      await bumpVersion();
    });

    const seen = ids(pages.flat());
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
    // Each page continues after the last row answered, in the list's order.
    const all = await journalsInOrder();
    expect(seen).toEqual(all.filter((id) => seen.includes(id)));
    const [firstPage] = pages;
    const lastOfFirst = firstPage?.at(-1)?.id as number;
    expect(seen).toEqual([...ids(firstPage ?? []), ...all.slice(all.indexOf(lastOfFirst) + 1)]);
  });

  it('stays a plain whole array with ?month=, beyond the default page size', async () => {
    const month = await seedMonth(t, user);
    await insertJournals(month.id, dates(JOURNALS_PER_MONTH));

    const response = await get(`/api/journals/?month=${month.id}&limit=5`);

    expect(response.json()).toHaveLength(JOURNALS_PER_MONTH);
    expect(response.headers.link).toBeUndefined();
  });
});

describe('?limit= and ?cursor=', () => {
  it.each([
    ['0', MESSAGES.minValue(1)],
    [String(PAGE_LIMIT_MAX + 1), MESSAGES.maxValue(PAGE_LIMIT_MAX)],
    ['many', MESSAGES.invalidInteger],
    ['1.5', MESSAGES.invalidInteger],
  ])('limit=%s is a 400 field error', async (limit, message) => {
    for (const path of ['journals', 'habits', 'goals', 'dailyhabits']) {
      const response = await get(`/api/${path}/?limit=${limit}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ limit: [message] });
    }
  });

  it(`takes limit=${PAGE_LIMIT_MAX}`, async () => {
    const month = await seedMonth(t, user);
    await insertJournals(month.id, dates(JOURNALS_PER_MONTH));
    await insertJournals((await seedMonth(t, user)).id, dates(JOURNALS_PER_MONTH));
    await insertJournals((await seedMonth(t, user)).id, dates(JOURNALS_PER_MONTH));

    const response = await get(`/api/journals/?limit=${PAGE_LIMIT_MAX}`);

    expect(response.json()).toHaveLength(PAGE_LIMIT_MAX);
    expect(nextOf(response.headers.link)).not.toBeNull();
  });

  const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  it.each([
    ['not base64 JSON', 'not-a-cursor'],
    ['an id where a date and id belong', cursor([5])],
    ['an impossible date', cursor(['2024-02-31', 5])],
    ['year 0', cursor(['0000-01-01', 5])],
    ['an id too large', cursor(['2024-01-01', 2 ** 40])],
  ])('a cursor that is %s is a 400 field error', async (_, value) => {
    const response = await get(`/api/journals/?cursor=${value}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ cursor: ['Invalid cursor.'] });
  });

  it('a cursor only moves within the caller’s own rows', async () => {
    const other = await createUser(t);
    const month = await seedMonth(t, user);
    await insertJournals(month.id, dates(3));
    const response = await get(`/api/journals/?cursor=${cursor(['2000-01-01', 0])}`, other);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });
});

describe('search', () => {
  it('pages the hits newest first, 50 a page by default, and ?month= does not change that', async () => {
    const month = await seedMonth(t, user);
    await insertJournals(month.id, dates(120), 'Walk');

    const first = await get('/api/journals/?search=walk');
    expect(first.json()).toHaveLength(50);
    const pages = await followAll('/api/journals/?search=walk');
    expect(pages.map((page) => page.length)).toEqual([50, 50, 20]);
    expect(ids(pages.flat())).toEqual(await journalsInOrder('desc'));

    const inMonth = await followAll(`/api/journals/?search=walk&month=${month.id}&limit=40`);
    expect(inMonth.map((page) => page.length)).toEqual([40, 40, 40]);
    expect(ids(inMonth.flat())).toEqual(await journalsInOrder('desc'));
  });
});

describe('the other lists without their filter', () => {
  it.each([
    ['habits', 'habits'],
    ['measures', 'measures'],
    ['goals', 'goals'],
  ] as const)('/api/%s/ pages by id; ?month= answers the month whole', async (path, table) => {
    const months = [await seedMonth(t, user, 'A'), await seedMonth(t, user, 'B')];
    const rows = Array.from({ length: 24 }, (_, i) => ({
      author_id: user.id,
      month_id: months[i % 2]?.id as number,
      name: `Item ${i}`,
    }));
    await t.database.db
      .insertInto(table as 'habits')
      .values(rows)
      .execute();
    const all = await t.database.db
      .selectFrom(table as 'habits')
      .select(['id', 'month_id'])
      .where('author_id', '=', user.id)
      .orderBy('id')
      .execute();

    const pages = await followAll(`/api/${path}/?limit=5`);

    expect(pages.map((page) => page.length)).toEqual([5, 5, 5, 5, 4]);
    expect(ids(pages.flat())).toEqual(all.map((row) => row.id));
    const scoped = await get(`/api/${path}/?month=${months[0]?.id}&limit=5`);
    expect(scoped.json()).toHaveLength(12);
    expect(scoped.headers.link).toBeUndefined();
  });

  it.each([
    ['dailyhabits', 'daily_habits'],
    ['dailymeasures', 'daily_measures'],
  ] as const)('/api/%s/ pages by id; ?journal= or ?month= answers whole', async (path, table) => {
    const month = await seedMonth(t, user);
    await insertJournals(month.id, dates(6));
    const journals = await journalsInOrder();
    const item = await t.database.db
      .insertInto(table === 'daily_habits' ? 'habits' : 'measures')
      .values({ author_id: user.id, month_id: month.id, name: 'Item' })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const journal_id of journals) {
      if (table === 'daily_habits') {
        await t.database.db
          .insertInto('daily_habits')
          .values({ author_id: user.id, journal_id, habit_id: item.id, is_practiced: 1 })
          .execute();
      } else {
        await t.database.db
          .insertInto('daily_measures')
          .values({ author_id: user.id, journal_id, measure_id: item.id, metric: 1 })
          .execute();
      }
    }
    const all = await t.database.db
      .selectFrom(table)
      .select('id')
      .where('author_id', '=', user.id)
      .orderBy('id')
      .execute();

    const pages = await followAll(`/api/${path}/?limit=4`);

    expect(pages.map((page) => page.length)).toEqual([4, 2]);
    expect(ids(pages.flat())).toEqual(all.map((row) => row.id));
    for (const scope of [`month=${month.id}`, `journal=${journals[0]}`]) {
      const scoped = await get(`/api/${path}/?${scope}&limit=1`);
      expect(scoped.headers.link).toBeUndefined();
      expect((scoped.json() as Row[]).length).toBe(scope.startsWith('month') ? 6 : 1);
    }
  });
});

describe('GET /api/months/', () => {
  it('answers every month whole: the quota bounds it', async () => {
    await t.database.db
      .insertInto('months')
      .values(Array.from({ length: 150 }, (_, i) => ({ author_id: user.id, name: `M${i}` })))
      .execute();
    const response = await get('/api/months/');
    expect(response.json()).toHaveLength(150);
    expect(response.headers.link).toBeUndefined();
  });
});

describe('the OpenAPI document', () => {
  it('documents limit and cursor, and the Link header, on every paginated list', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<
        string,
        { get?: { description?: string; parameters?: Array<{ name: string; in: string }> } }
      >;
    }>();
    for (const path of [
      'journals',
      'habits',
      'measures',
      'goals',
      'dailyhabits',
      'dailymeasures',
    ]) {
      const list = document.paths[`/api/${path}/`]?.get;
      const query = (list?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      expect(query).toEqual(expect.arrayContaining(['limit', 'cursor']));
      expect(list?.description).toContain('rel="next"');
    }
  });
});
