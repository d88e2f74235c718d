// journalSearchQueryOptions, normalizeSearch and searchPeriod: the request, pages to the oldest hit, the period, the disabled blank search, invalidation by journal writes.
import { useInfiniteQuery } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import {
  journalSearchQueryOptions,
  normalizeSearch,
  searchPeriod,
} from '../../../src/queries/journal-search';
import { useDeleteJournal, useUpdateJournal } from '../../../src/queries/journals';
import { journalSearchKeys } from '../../../src/queries/keys';
import { makeMonthFixture } from '../../fixtures/factories';
import { db, seedMonth } from '../msw/db';
import { failing } from '../msw/responses';
import { requestLog, server, setupMswServer } from '../msw/server';
import { renderQueryHook } from './wrapper';

setupMswServer();

describe('normalizeSearch', () => {
  it.each([
    ['  Café   au  lait ', 'Café au lait'],
    ['   ', ''],
    ['\u0301', ''],
    ['', ''],
    // Single letters only: the server would refuse it, so nothing is sent.
    ['a e o', ''],
    ['a cafe', 'a cafe'],
    // More words than a search takes.
    ['w1 w2 w3 w4 w5 w6 w7 w8 w9', ''],
  ])('%j → %j', (text, expected) => {
    expect(normalizeSearch(text)).toBe(expected);
  });
});

describe('journalSearchQueryOptions', () => {
  it('asks for ?search= and answers the hits with their month names', async () => {
    const { month } = seedMonth(makeMonthFixture({ name: 'March', journals: 0 }));
    db.journals.push(
      {
        id: 1,
        created_at: '2024-03-01',
        highlight: 'Café crème',
        author: 1,
        month: month.id,
        month_id: month.id,
      },
      {
        id: 2,
        created_at: '2024-03-02',
        highlight: 'Tea',
        author: 1,
        month: month.id,
        month_id: month.id,
      },
    );
    const { result } = renderQueryHook(() => useInfiniteQuery(journalSearchQueryOptions('cafe')));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requestLog).toEqual(['GET /api/journals/?search=cafe']);
    expect(result.current.data?.pages).toEqual([
      {
        hits: [expect.objectContaining({ id: 1, highlight: 'Café crème', month_name: 'March' })],
        next: null,
      },
    ]);
    expect(result.current.hasNextPage).toBe(false);
  });

  it('follows each page’s next link to the oldest hit, with the period on every page', async () => {
    const { month } = seedMonth(makeMonthFixture({ name: 'Archive', journals: 0 }));
    for (let i = 0; i < 120; i++) {
      const year = 2016 + Math.floor(i / 12);
      const date = `${year}-${String((i % 12) + 1).padStart(2, '0')}-03`;
      db.journals.push({
        id: 1000 + i,
        created_at: date,
        highlight: `Cafe ${date}`,
        author: 1,
        month: month.id,
        month_id: month.id,
      });
    }
    const { result } = renderQueryHook(() => useInfiniteQuery(journalSearchQueryOptions('cafe')));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.hasNextPage).toBe(false));
    const hits = result.current.data!.pages.flatMap((page) => page.hits);
    expect(hits).toHaveLength(120);
    expect(hits.at(-1)?.created_at).toBe('2016-01-03');

    requestLog.length = 0;
    const inYear = renderQueryHook(() =>
      useInfiniteQuery(journalSearchQueryOptions('cafe', searchPeriod(2020, 2))),
    );
    await waitFor(() => expect(inYear.result.current.isSuccess).toBe(true));
    expect(requestLog).toEqual(['GET /api/journals/?search=cafe&period=2020-02']);
    expect(inYear.result.current.data?.pages[0]?.hits.map((hit) => hit.highlight)).toEqual([
      'Cafe 2020-02-03',
    ]);
  });

  it('sends nothing for a blank search', async () => {
    const { result } = renderQueryHook(() => useInfiniteQuery(journalSearchQueryOptions('')));
    // A query that runs is 'fetching' from the render on: idle now means it never will.
    expect(result.current.fetchStatus).toBe('idle');
    expect(requestLog).toEqual([]);
  });

  it('surfaces a failure', async () => {
    server.use(failing('get', 'api/journals/', 500));
    const { result } = renderQueryHook(() => useInfiniteQuery(journalSearchQueryOptions('x')));
    await waitFor(() => expect(result.current.isError).toBe(true));
  });

  it('refetches a shown search after a journal edit or delete', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 2 }));
    const { result, queryClient } = renderQueryHook(() => ({
      search: useInfiniteQuery(journalSearchQueryOptions('day')),
      update: useUpdateJournal(fixture.month.id),
      remove: useDeleteJournal(fixture.month.id),
    }));
    const hits = () => result.current.search.data?.pages.flatMap((page) => page.hits);
    await waitFor(() => expect(hits()).toHaveLength(2));

    await act(() =>
      result.current.update.mutateAsync({ journalId: fixture.journals[0]!.id, highlight: 'Night' }),
    );
    await waitFor(() => expect(hits()).toHaveLength(1));

    await act(() => result.current.remove.mutate(fixture.journals[1]!.id));
    await waitFor(() => expect(hits()).toHaveLength(0));
    expect(queryClient.getQueryState(journalSearchKeys.words('day'))?.isInvalidated).toBe(false);
  });
});

describe('searchPeriod', () => {
  it.each([
    [null, null, null],
    [2025, null, '2025'],
    [2025, 1, '2025-01'],
    [2025, 12, '2025-12'],
    [2025, 13, null],
  ])('%j, %j → %j', (year, month, period) => {
    expect(searchPeriod(year, month)).toBe(period);
  });
});
