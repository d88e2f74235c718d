import { HttpResponse, http } from 'msw';
import type { Month } from '../../../contract/entities';
import { listMonths } from '../../../src/api/months';
import { getAll, nextPageUrl } from '../../../src/api/pages';
import { storeTokens } from '../../../src/api/tokens';
import { makeJwt } from '../../fixtures/factories';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';

// Placeholder answers: these tests check the HTTP client (headers, retries, refreshes), not the data.
setupMswServer({ transportOnly: true });

const month = (id: number): Month => ({ id, name: `Month ${id}`, author: 1 });

/**
 * Answers GET `path` in pages of `size` from `rows`, as the server does: a relative
 * `Link: </path?limit=…&cursor=…>; rel="next"` while there are more. Records each Authorization.
 */
function paged<Row extends { id: number }>(
  path: string,
  rows: Row[],
  size: number,
  auth: (string | null)[] = [],
) {
  server.use(
    http.get(apiUrl(path), ({ request }) => {
      auth.push(request.headers.get('authorization'));
      const url = new URL(request.url);
      const after = Number(url.searchParams.get('cursor') ?? 0);
      const page = rows.filter((row) => row.id > after).slice(0, size);
      const last = page.at(-1);
      const more = last !== undefined && rows.some((row) => row.id > last.id);
      const headers: Record<string, string> = {};
      if (more) {
        url.searchParams.set('cursor', String(last.id));
        headers.link = `<${url.pathname}${url.search}>; rel="next"`;
      }
      return HttpResponse.json(page, { headers });
    }),
  );
}

describe('getAll', () => {
  it('follows rel="next" to the end: every item once, in order, one request per page', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => month(i + 1));
    paged('api/journals/', rows, 3);

    const all = await getAll<Month>('api/journals/', { searchParams: { limit: 3 } });

    expect(all).toEqual(rows);
    expect(requestLog).toEqual([
      'GET /api/journals/?limit=3',
      'GET /api/journals/?limit=3&cursor=3',
      'GET /api/journals/?limit=3&cursor=6',
    ]);
  });

  it('makes the one request it always did when the answer has no Link', async () => {
    server.use(http.get(apiUrl('api/months/'), () => HttpResponse.json([month(1), month(2)])));

    expect(await getAll<Month>('api/months/')).toEqual([month(1), month(2)]);
    expect(requestLog).toEqual(['GET /api/months/']);
  });

  it('sends every page through the authenticated client (Bearer token on each)', async () => {
    const access = makeJwt(600);
    storeTokens({ access, refresh: makeJwt(3600) });
    const auth: (string | null)[] = [];
    paged('api/habits/', [month(1), month(2), month(3)], 1, auth);

    expect(await getAll<Month>('api/habits/')).toHaveLength(3);
    expect(auth).toEqual([`Bearer ${access}`, `Bearer ${access}`, `Bearer ${access}`]);
  });

  it('listMonths follows the pages of a server that pages months', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => month(i + 1));
    paged('api/months/', rows, 2);

    expect(await listMonths()).toEqual(rows);
    expect(requestLog).toHaveLength(3);
  });
});

describe('nextPageUrl', () => {
  const response = (link: string | null) =>
    Object.defineProperty(new Response('[]', link === null ? {} : { headers: { link } }), 'url', {
      value: 'https://api.example/api/journals/?limit=2',
    });

  it.each([
    ['</api/journals/?cursor=abc>; rel="next"', 'https://api.example/api/journals/?cursor=abc'],
    ['<https://other.example/p?cursor=x>; rel=next', 'https://other.example/p?cursor=x'],
    ['</a?page=1>; rel="prev", </a?page=3>; rel="next"', 'https://api.example/a?page=3'],
    ['</a?x=1>; title="next, please"; rel="last next"', 'https://api.example/a?x=1'],
  ])('%s → %s', (link, expected) => {
    expect(nextPageUrl(response(link))).toBe(expected);
  });

  it.each([[null], ['</a?page=1>; rel="prev"'], ['</a?page=1>; rel="nextpage"']])(
    'none in %s',
    (link) => {
      expect(nextPageUrl(response(link))).toBeNull();
    },
  );
});
