// The bin's read: GET /api/trash/ answers in pages, and the bin screen's query holds every item of them.
import { QueryClient } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import type { TrashItem } from '../../../contract/trash';
import { purgeAt } from '../../../contract/trash-rules';
import { trashQueryOptions } from '../../../src/queries/trash';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';

setupMswServer({ transportOnly: true });

const deletedAt = '2026-11-01T10:00:00.000Z';
const goal = (id: number): TrashItem => ({
  kind: 'goal',
  id,
  label: `Goal ${id}`,
  month: 1,
  month_name: 'November',
  date: null,
  deleted_at: deletedAt,
  purge_at: purgeAt(deletedAt),
});

describe('trashQueryOptions', () => {
  it('follows the Link header to the last page: a bin past one page is listed whole', async () => {
    const items = Array.from({ length: 150 }, (_, index) => goal(150 - index));
    server.use(
      http.get(apiUrl('api/trash/'), ({ request }) => {
        const url = new URL(request.url);
        if (url.searchParams.get('cursor') === 'second') {
          return HttpResponse.json(items.slice(100));
        }
        return HttpResponse.json(items.slice(0, 100), {
          headers: { link: '</api/trash/?cursor=second>; rel="next"' },
        });
      }),
    );

    const listed = await new QueryClient().fetchQuery(trashQueryOptions());

    expect(listed).toEqual(items);
    expect(requestLog).toEqual(['GET /api/trash/', 'GET /api/trash/?cursor=second']);
  });
});
