// The bin's read: GET /api/trash/ answers in pages, and the bin screen's query holds every item of them.
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { TrashItem } from '../../../contract/trash';
import { purgeAt } from '../../../contract/trash-rules';
import { enqueueWrite, queuedWrites } from '../../../src/offline/sync';
import { trashQueryOptions, trashRestore } from '../../../src/queries/trash';
import { makeGoal, makeMonth } from '../../fixtures/factories';
import { db } from '../msw/db';
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

describe('restoring from the bin', () => {
  it('counts a restore answered 404 as done when the item is back (its first answer was lost)', async () => {
    // The first send restored the goal, and the connection dropped before its answer came: the
    // goal is live and no longer in the bin, so the same restore sent again is answered 404.
    const month = makeMonth();
    const goal = makeGoal(month, { name: 'Swim' });
    db.months.push(month);
    db.goals.push(goal);
    const queryClient = new QueryClient();
    await enqueueWrite(queryClient, trashRestore, {
      ref: { kind: 'goal', id: goal.id, month: month.id },
    });
    expect(queuedWrites(queryClient)).toEqual([]);
    expect(requestLog).toEqual([
      `POST /api/goals/${goal.id}/restore/`,
      `GET /api/goals/?month=${month.id}`,
    ]);
  });

  it('still refuses the restore of an item gone for good', async () => {
    const month = makeMonth();
    db.months.push(month);
    const queryClient = new QueryClient();
    await expect(
      enqueueWrite(queryClient, trashRestore, { ref: { kind: 'goal', id: 99, month: month.id } }),
    ).rejects.toThrow();
    await waitFor(() =>
      expect(queuedWrites(queryClient).map((write) => write.state.status)).toEqual(['error']),
    );
  });
});
