import { useQuery } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { QUOTA_EXCEEDED, QUOTA_MESSAGES } from '../../../contract/quotas';
import { QuotaExceededError } from '../../../src/api/quota';
import { monthKeys } from '../../../src/queries/keys';
import {
  latestMonthId,
  monthQueryOptions,
  monthsQueryOptions,
  useCreateMonth,
  useDeleteMonth,
  useUpdateMonth,
} from '../../../src/queries/months';
import { makeMonth, makeMonthFixture } from '../../fixtures/factories';
import { db, seedMonth } from '../msw/db';
import { failing, unreachable } from '../msw/responses';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { createTestQueryClient, renderQueryHook } from './wrapper';

setupMswServer();

function silenceErrors() {
  return vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

describe('month reads', () => {
  it('lists the months', async () => {
    db.months.push(makeMonth({ name: 'January' }), makeMonth({ name: 'February' }));
    const { result } = renderQueryHook(() => useQuery(monthsQueryOptions()));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.map((m) => m.name)).toEqual(['January', 'February']);
    expect(requestLog).toEqual(['GET /api/months/']);
  });

  it('reads one month under its own scope', async () => {
    const month = makeMonth({ name: 'March' });
    db.months.push(month);
    const { result, queryClient } = renderQueryHook(() => useQuery(monthQueryOptions(month.id)));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(month);
    expect(queryClient.getQueryData(['months', month.id, 'detail'])).toEqual(month);
    expect(requestLog).toEqual([`GET /api/months/${month.id}/`]);
  });

  it('surfaces a failure', async () => {
    server.use(failing('get', 'api/months/', 500));
    const { result } = renderQueryHook(() => useQuery(monthsQueryOptions()));
    await waitFor(() => expect(result.current.isError).toBe(true));
  });
});

describe('latestMonthId', () => {
  it('is the last month of the list', async () => {
    db.months.push(makeMonth(), makeMonth({ id: 77 }));
    await expect(latestMonthId(createTestQueryClient())).resolves.toBe(77);
  });

  it('is null without months', async () => {
    await expect(latestMonthId(createTestQueryClient())).resolves.toBeNull();
  });

  it('is null when the lookup fails', async () => {
    silenceErrors();
    server.use(unreachable('get', 'api/months/'));
    await expect(latestMonthId(createTestQueryClient())).resolves.toBeNull();
  });
});

describe('useCreateMonth', () => {
  const input = { name: 'April', measure: 'Sleep hours', habits: ['Read', 'Walk', 'Stretch'] };

  it('creates the month, each habit in order, then the measure, and refreshes the list', async () => {
    const { result } = renderQueryHook(() => ({
      months: useQuery(monthsQueryOptions()),
      create: useCreateMonth(),
    }));
    await waitFor(() => expect(result.current.months.isSuccess).toBe(true));
    requestLog.length = 0;

    const month = await act(() => result.current.create.mutateAsync(input));

    expect(requestLog).toEqual([
      'POST /api/months/',
      'POST /api/habits/',
      'POST /api/habits/',
      'POST /api/habits/',
      'POST /api/measures/',
      'GET /api/months/',
    ]);
    expect(db.habits.map((h) => [h.name, h.month_id])).toEqual([
      ['Read', month.id],
      ['Walk', month.id],
      ['Stretch', month.id],
    ]);
    expect(db.measures.map((m) => [m.name, m.month_id])).toEqual([['Sleep hours', month.id]]);
    // The refetched list reaches the component on its next render.
    await waitFor(() => expect(result.current.months.data).toEqual([month]));
  });

  it('deletes the month and fails when a habit cannot be made', async () => {
    server.use(failing('post', 'api/habits/', 400));
    const { result } = renderQueryHook(() => useCreateMonth());

    await act(() => result.current.mutateAsync(input).catch(() => undefined));

    await waitFor(() => expect(result.current.isError).toBe(true));
    const created = requestLog[0];
    expect(created).toBe('POST /api/months/');
    expect(requestLog).toHaveLength(3);
    expect(requestLog[2]).toMatch(/^DELETE \/api\/months\/delete\/\d+\/$/);
    expect(db.months).toEqual([]);
  });

  it('deletes the month when the measure cannot be made', async () => {
    server.use(unreachable('post', 'api/measures/'));
    const { result } = renderQueryHook(() => useCreateMonth());
    await act(() => result.current.mutateAsync(input).catch(() => undefined));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(requestLog.at(-1)).toMatch(/^DELETE \/api\/months\/delete\/\d+\/$/);
    expect(db.months).toEqual([]);
  });

  it('fails with the original error even when the undo fails too', async () => {
    const errors = silenceErrors();
    server.use(
      failing('post', 'api/habits/', 400),
      failing('delete', 'api/months/delete/:id/', 500),
    );
    const { result } = renderQueryHook(() => useCreateMonth());
    await act(() => result.current.mutateAsync(input).catch(() => undefined));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect((result.current.error as { response?: Response }).response?.status).toBe(400);
    expect(errors).toHaveBeenCalled();
  });

  it('fails with the server’s quota sentence when the month has too many habits, and deletes it', async () => {
    const detail = QUOTA_MESSAGES.habits;
    server.use(
      http.post(apiUrl('api/habits/'), () =>
        HttpResponse.json({ detail, code: QUOTA_EXCEEDED }, { status: 400 }),
      ),
    );
    const { result } = renderQueryHook(() => useCreateMonth());

    await act(() => result.current.mutateAsync(input).catch(() => undefined));

    await waitFor(() => expect(result.current.isError).toBe(true));
    // An Error whose message the create modal's toast shows as it is.
    expect(result.current.error).toBeInstanceOf(QuotaExceededError);
    expect(result.current.error?.message).toBe(detail);
    expect(db.months).toEqual([]);
  });

  it('fails with the server’s quota sentence when the account holds its 1,200 months', async () => {
    server.use(
      http.post(apiUrl('api/months/'), () =>
        HttpResponse.json({ detail: QUOTA_MESSAGES.months, code: QUOTA_EXCEEDED }, { status: 400 }),
      ),
    );
    const { result } = renderQueryHook(() => useCreateMonth());
    await act(() => result.current.mutateAsync(input).catch(() => undefined));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe(
      'Month not created — an account holds at most 1,200 months.',
    );
    expect(requestLog).toEqual(['POST /api/months/']);
  });

  it('makes nothing more when the month itself fails', async () => {
    server.use(failing('post', 'api/months/', 400));
    const { result } = renderQueryHook(() => useCreateMonth());
    await act(() => result.current.mutateAsync(input).catch(() => undefined));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(requestLog).toEqual(['POST /api/months/']);
  });
});

describe('useUpdateMonth', () => {
  it('renames the month in its detail and in the list, without refetching', async () => {
    const month = makeMonth({ name: 'Old' });
    const other = makeMonth({ name: 'Other' });
    db.months.push(month, other);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(monthKeys.list(), [month, other]);
    queryClient.setQueryData(monthKeys.detail(month.id), month);
    const { result } = renderQueryHook(() => useUpdateMonth(), queryClient);

    await act(() => result.current.mutateAsync({ id: month.id, name: 'New' }));

    expect(requestLog).toEqual([`PATCH /api/months/${month.id}/`]);
    expect(queryClient.getQueryData(monthKeys.detail(month.id))).toEqual({ ...month, name: 'New' });
    expect(queryClient.getQueryData(monthKeys.list())).toEqual([{ ...month, name: 'New' }, other]);
  });

  it('leaves the cache alone on failure', async () => {
    const month = makeMonth({ name: 'Old' });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(monthKeys.list(), [month]);
    server.use(failing('patch', 'api/months/:id/', 500));
    const { result } = renderQueryHook(() => useUpdateMonth(), queryClient);
    await act(() =>
      result.current.mutateAsync({ id: month.id, name: 'New' }).catch(() => undefined),
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(queryClient.getQueryData(monthKeys.list())).toEqual([month]);
  });

  it('drops a month deleted elsewhere (404) from the cache, and says so (issue 15 #5)', async () => {
    const gone = makeMonth({ name: 'Gone' });
    const kept = makeMonth({ name: 'Kept' });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(monthKeys.list(), [gone, kept]);
    queryClient.setQueryData(monthKeys.detail(gone.id), gone);
    server.use(failing('patch', 'api/months/:id/', 404));
    const { result } = renderQueryHook(() => useUpdateMonth(), queryClient);

    const error = await act(() =>
      result.current.mutateAsync({ id: gone.id, name: 'New' }).catch((caught: unknown) => caught),
    );

    expect((error as Error).message).toBe(
      'This month was deleted elsewhere (in another tab or device). You can restore it from Settings → Recently deleted for 30 days.',
    );
    expect(queryClient.getQueryData(monthKeys.list())).toEqual([kept]);
    expect(queryClient.getQueryData(monthKeys.detail(gone.id))).toBeUndefined();
  });
});

describe('useDeleteMonth', () => {
  it('drops the month from the list and everything cached under it', async () => {
    const kept = seedMonth(makeMonthFixture({ name: 'Kept' }));
    const gone = seedMonth(makeMonthFixture({ name: 'Gone' }));
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(monthKeys.list(), [kept.month, gone.month]);
    queryClient.setQueryData(['months', gone.month.id, 'journals'], gone.journals);
    queryClient.setQueryData(['months', kept.month.id, 'journals'], kept.journals);
    const { result } = renderQueryHook(() => useDeleteMonth(), queryClient);

    await act(() => result.current.mutateAsync(gone.month.id));

    expect(requestLog).toEqual([`DELETE /api/months/delete/${gone.month.id}/`]);
    expect(queryClient.getQueryData(monthKeys.list())).toEqual([kept.month]);
    expect(queryClient.getQueryData(['months', gone.month.id, 'journals'])).toBeUndefined();
    expect(queryClient.getQueryData(['months', kept.month.id, 'journals'])).toEqual(kept.journals);
  });

  it('keeps the month cached when the delete fails', async () => {
    const month = makeMonth();
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(monthKeys.list(), [month]);
    server.use(failing('delete', 'api/months/delete/:id/', 500));
    const { result } = renderQueryHook(() => useDeleteMonth(), queryClient);
    await act(() => result.current.mutateAsync(month.id).catch(() => undefined));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(queryClient.getQueryData(monthKeys.list())).toEqual([month]);
  });
});
