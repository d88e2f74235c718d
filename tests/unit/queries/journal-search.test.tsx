// journalSearchQueryOptions and normalizeSearch: the request, the disabled blank search, invalidation by journal writes.
import { useQuery } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { journalSearchQueryOptions, normalizeSearch } from '../../../src/queries/journal-search';
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
    const { result } = renderQueryHook(() => useQuery(journalSearchQueryOptions('cafe')));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requestLog).toEqual(['GET /api/journals/?search=cafe']);
    expect(result.current.data).toEqual([
      expect.objectContaining({ id: 1, highlight: 'Café crème', month_name: 'March' }),
    ]);
  });

  it('sends nothing for a blank search', async () => {
    const { result } = renderQueryHook(() => useQuery(journalSearchQueryOptions('')));
    // A query that runs is 'fetching' from the render on: idle now means it never will.
    expect(result.current.fetchStatus).toBe('idle');
    expect(requestLog).toEqual([]);
  });

  it('surfaces a failure', async () => {
    server.use(failing('get', 'api/journals/', 500));
    const { result } = renderQueryHook(() => useQuery(journalSearchQueryOptions('x')));
    await waitFor(() => expect(result.current.isError).toBe(true));
  });

  it('refetches a shown search after a journal edit or delete', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 2 }));
    const { result, queryClient } = renderQueryHook(() => ({
      search: useQuery(journalSearchQueryOptions('day')),
      update: useUpdateJournal(fixture.month.id),
      remove: useDeleteJournal(fixture.month.id),
    }));
    await waitFor(() => expect(result.current.search.data).toHaveLength(2));

    await act(() =>
      result.current.update.mutateAsync({ journalId: fixture.journals[0]!.id, highlight: 'Night' }),
    );
    await waitFor(() => expect(result.current.search.data).toHaveLength(1));

    await act(() => result.current.remove.mutateAsync(fixture.journals[1]!.id));
    await waitFor(() => expect(result.current.search.data).toHaveLength(0));
    expect(queryClient.getQueryState(journalSearchKeys.words('day'))?.isInvalidated).toBe(false);
  });
});
