// API tests for a search's pages (reaching the oldest hit over years of entries) and its year or month filter (`?period=`).
import type { Journal } from '../../contract/entities.js';
import { SEARCH_MESSAGES, SEARCH_RESULTS_LIMIT } from '../../contract/search.js';
import { searchText } from '../../server/repositories/journal-search.js';
import { seedMonth } from '../support/factories.js';
import { injectAs, setUpTestApp } from '../support/test-app.js';

const { t, user } = setUpTestApp();

type Hit = Journal & { month_name: string };

const get = (url: string) => injectAs(t, user, { method: 'GET', url });

/** Every hit of a search, following each page's `Link: <…>; rel="next"` to the last. */
async function allPages(query: string): Promise<{ hits: Hit[]; pages: number }> {
  const hits: Hit[] = [];
  let url: string | undefined = `/api/journals/?${query}`;
  let pages = 0;
  while (url) {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    hits.push(...(response.json() as Hit[]));
    pages++;
    const link = response.headers.link as string | undefined;
    url = link ? /<([^>]+)>; rel="next"/.exec(link)?.[1] : undefined;
  }
  return { hits, pages };
}

/** One "cafe" a month for ten years (2016-01 … 2025-12), plus entries that do not match. */
async function tenYearsOfCafe(): Promise<void> {
  const month = await seedMonth(t, user, 'Archive');
  const rows = [];
  for (let year = 2016; year <= 2025; year++) {
    for (let m = 1; m <= 12; m++) {
      const date = `${year}-${String(m).padStart(2, '0')}`;
      for (const [day, highlight] of [
        ['03', `Café on ${date}`],
        ['04', `Tea on ${date}`],
      ] as const) {
        rows.push({
          author_id: user.id,
          month_id: month.id,
          highlight,
          highlight_search: searchText(highlight),
          created_at: `${date}-${day}`,
        });
      }
    }
  }
  await t.database.db.insertInto('journals').values(rows).execute();
}

describe('a search’s pages', () => {
  it('reaches the oldest hit, newest first, each hit once', async () => {
    await tenYearsOfCafe();
    const { hits, pages } = await allPages('search=cafe');
    expect(hits).toHaveLength(120);
    expect(pages).toBe(Math.ceil(120 / SEARCH_RESULTS_LIMIT));
    expect(new Set(hits.map((hit) => hit.id)).size).toBe(120);
    expect(hits[0]?.created_at).toBe('2025-12-03');
    expect(hits.at(-1)?.created_at).toBe('2016-01-03');
    const dates = hits.map((hit) => hit.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('filters by year and by calendar month of the entry’s date, on every page', async () => {
    await tenYearsOfCafe();
    const year = await allPages('search=cafe&period=2020&limit=5');
    expect(year.hits.map((hit) => hit.created_at)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2020-${String(12 - i).padStart(2, '0')}-03`),
    );
    expect(year.pages).toBe(3);

    const month = await allPages('search=cafe&period=2024-02');
    expect(month.hits.map((hit) => hit.highlight)).toEqual(['Café on 2024-02']);
    expect((await allPages('search=cafe&period=2030')).hits).toEqual([]);
  });

  it('reaches the last day of a month and of a year, and no further', async () => {
    const month = await seedMonth(t, user, 'Edges');
    for (const date of ['2024-02-29', '2024-03-01', '2024-12-31', '2025-01-01']) {
      await t.database.db
        .insertInto('journals')
        .values({
          author_id: user.id,
          month_id: month.id,
          highlight: `Swim ${date}`,
          highlight_search: searchText(`Swim ${date}`),
          created_at: date,
        })
        .execute();
    }
    const dates = async (period: string) =>
      (await allPages(`search=swim&period=${period}`)).hits.map((hit) => hit.created_at);
    expect(await dates('2024-02')).toEqual(['2024-02-29']);
    expect(await dates('2024')).toEqual(['2024-12-31', '2024-03-01', '2024-02-29']);
  });

  it.each([
    ['2024-13', { period: [SEARCH_MESSAGES.period] }],
    ['24', { period: [SEARCH_MESSAGES.period] }],
    ['0000', { period: [SEARCH_MESSAGES.period] }],
    ['2024-1', { period: [SEARCH_MESSAGES.period] }],
  ])('refuses the period %j with 400', async (period, errors) => {
    const response = await get(`/api/journals/?search=cafe&period=${period}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
  });

  it('refuses a period without search words', async () => {
    const response = await get('/api/journals/?period=2024');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ period: [SEARCH_MESSAGES.periodWithoutSearch] });
  });
});
