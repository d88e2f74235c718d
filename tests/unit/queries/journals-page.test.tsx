// src/queries/journals-page.ts: the journals page's seven reads, seven requests, whatever the size of the month.
import { useQueries } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { ensureJournalsPage, journalsPageQueries } from '../../../src/queries/journals-page';
import { makeMonthFixture } from '../../fixtures/factories';
import { seedMonth } from '../msw/db';
import { requestLog, setupMswServer } from '../msw/server';
import { createTestQueryClient, renderQueryHook } from './wrapper';

setupMswServer();

function expectedRequests(monthId: number): string[] {
  return [
    `GET /api/months/${monthId}/`,
    `GET /api/journals/?month=${monthId}`,
    `GET /api/goals/?month=${monthId}`,
    `GET /api/habits/?month=${monthId}`,
    `GET /api/measures/?month=${monthId}`,
    `GET /api/dailyhabits/?month=${monthId}`,
    `GET /api/dailymeasures/?month=${monthId}`,
  ].sort();
}

describe('journals page reads', () => {
  it.each([0, 1, 31])('loads a month of %i entries in 7 requests (loader)', async (entries) => {
    const fixture = seedMonth(makeMonthFixture({ journals: entries, habits: ['A', 'B', 'C'] }));
    const queryClient = createTestQueryClient();
    const id = fixture.month.id;

    const [month, journals, goals, , , dailyHabits, dailyMeasures] = await ensureJournalsPage(
      queryClient,
      id,
    );

    expect(requestLog.toSorted()).toEqual(expectedRequests(id));
    expect(month).toEqual(fixture.month);
    expect(journals).toHaveLength(entries);
    expect(goals).toEqual(fixture.goals);
    expect(dailyHabits).toHaveLength(entries * 3);
    expect(dailyMeasures).toEqual(fixture.dailyMeasures);
  });

  it('makes no request more when the components read what the loader cached', async () => {
    const { month } = seedMonth(makeMonthFixture({ journals: 31 }));
    const queryClient = createTestQueryClient();
    await ensureJournalsPage(queryClient, month.id);
    const { result } = renderQueryHook(
      () =>
        useQueries({
          queries: journalsPageQueries(month.id).map((o) => ({ ...o, staleTime: 60_000 })),
        }),
      queryClient,
    );
    await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true));
    expect(requestLog).toHaveLength(7);
  });

  it('loads in 7 requests when the components fetch without a loader', async () => {
    const { month } = seedMonth(makeMonthFixture({ journals: 31 }));
    const { result } = renderQueryHook(() =>
      useQueries({ queries: journalsPageQueries(month.id) }),
    );
    await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true));
    expect(requestLog.toSorted()).toEqual(expectedRequests(month.id));
  });
});
