import { useQuery } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { QUOTA_EXCEEDED, QUOTA_MESSAGES } from '../../../contract/quotas';
import { discardWrite, queuedWrites } from '../../../src/offline/sync';
import { habitKeys, measureKeys, monthKeys } from '../../../src/queries/keys';
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
import { restoreOnlineAfterEach, setBrowserOnline } from '../offline/offline-support';
import { refusedWrites, whenSynced } from './sync-helpers';
import { createTestQueryClient, renderQueryHook } from './wrapper';

setupMswServer();
restoreOnlineAfterEach();

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

  it('shows the month at once, then sends the month, each habit in order, then the measure', async () => {
    const { result, queryClient } = renderQueryHook(() => ({
      months: useQuery(monthsQueryOptions()),
      create: useCreateMonth(),
    }));
    await waitFor(() => expect(result.current.months.isSuccess).toBe(true));
    requestLog.length = 0;

    const shown = await act(() => result.current.create.mutateAsync(input));
    // On screen before the server answers, with a temporary id.
    expect(shown).toMatchObject({ name: 'April' });
    expect(shown.id).toBeLessThan(0);
    await whenSynced(queryClient);

    expect(requestLog).toEqual([
      'POST /api/months/',
      'POST /api/habits/',
      'POST /api/habits/',
      'POST /api/habits/',
      'POST /api/measures/',
    ]);
    const month = db.months[0]!;
    expect(db.habits.map((h) => [h.name, h.month_id])).toEqual([
      ['Read', month.id],
      ['Walk', month.id],
      ['Stretch', month.id],
    ]);
    expect(db.measures.map((m) => [m.name, m.month_id])).toEqual([['Sleep hours', month.id]]);
    // The temporary ids were swapped for the server's: the list and the month's page hold them.
    expect(queryClient.getQueryData(monthKeys.list())).toEqual([month]);
    expect(queryClient.getQueryData(habitKeys.list(month.id))).toEqual(
      db.habits.filter((h) => h.month_id === month.id),
    );
    expect(JSON.stringify(queryClient.getQueryData(measureKeys.list(month.id)))).not.toMatch(
      /":-\d/,
    );
  });

  it('sends each step with its own Idempotency-Key, derived from one per action', async () => {
    const keys: string[] = [];
    const listen = ({ request }: { request: Request }) => {
      const key = request.headers.get('Idempotency-Key');
      if (key) keys.push(key);
    };
    server.events.on('request:start', listen);
    const { result, queryClient } = renderQueryHook(() => useCreateMonth());
    await act(() => result.current.mutateAsync({ ...input, habits: ['Read', 'Walk'] }));
    await whenSynced(queryClient);
    server.events.removeListener('request:start', listen);
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(4);
    const action = keys[0]!.replace(/\.month$/, '');
    expect(keys).toEqual([
      `${action}.month`,
      `${action}.habit-0`,
      `${action}.habit-1`,
      `${action}.measure`,
    ]);
  });

  it('keeps the month and shows a refused habit with its message; nothing is deleted behind the user', async () => {
    server.use(failing('post', 'api/habits/', 400));
    const { result, queryClient } = renderQueryHook(() => useCreateMonth());

    await act(() => result.current.mutateAsync(input));
    await whenSynced(queryClient);

    expect(requestLog.filter((r) => !r.startsWith('GET'))).toEqual([
      'POST /api/months/',
      'POST /api/habits/',
      'POST /api/habits/',
      'POST /api/habits/',
      'POST /api/measures/',
    ]);
    expect(db.months).toHaveLength(1);
    expect(refusedWrites(queryClient).map((write) => write.name)).toEqual([
      'habit.create',
      'habit.create',
      'habit.create',
    ]);
  });

  it('tells the caller of a refused create at once (the spec’s toast), with the server’s quota sentence', async () => {
    server.use(
      http.post(apiUrl('api/months/'), () =>
        HttpResponse.json({ detail: QUOTA_MESSAGES.months, code: QUOTA_EXCEEDED }, { status: 400 }),
      ),
    );
    const onError = vi.fn();
    const { result, queryClient } = renderQueryHook(() => useCreateMonth({ onFailure: onError }));
    await act(() => result.current.mutateAsync(input));
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect((onError.mock.calls[0]![0] as Error).message).toBe(
      'Month not created — an account holds at most 1,200 months.',
    );
    await whenSynced(queryClient);
    // Nothing more is sent for a month the server refused: its steps are refused with it.
    expect(requestLog).toEqual(['POST /api/months/']);
    expect(refusedWrites(queryClient).map((write) => write.name)).toEqual([
      'month.create',
      'habit.create',
      'habit.create',
      'habit.create',
      'measure.create',
    ]);
  });

  it('discarding a refused create takes the month off the list', async () => {
    server.use(failing('post', 'api/months/', 400));
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(monthKeys.list(), []);
    const { result } = renderQueryHook(() => useCreateMonth(), queryClient);
    await act(() => result.current.mutateAsync(input));
    await whenSynced(queryClient);
    expect(queryClient.getQueryData<unknown[]>(monthKeys.list())).toHaveLength(1);
    act(() => {
      for (const write of queuedWrites(queryClient)) discardWrite(queryClient, write);
    });
    expect(queryClient.getQueryData(monthKeys.list())).toEqual([]);
  });
});

describe('useUpdateMonth', () => {
  it('renames the month in its detail and in the list at once, sending the version it saw', async () => {
    const month = { ...makeMonth({ name: 'Old' }), version: 3 };
    const other = makeMonth({ name: 'Other' });
    db.months.push(month, other);
    const ifMatch: (string | null)[] = [];
    const listen = ({ request }: { request: Request }) => {
      if (request.method === 'PATCH') ifMatch.push(request.headers.get('If-Match'));
    };
    server.events.on('request:start', listen);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(monthKeys.list(), [month, other]);
    queryClient.setQueryData(monthKeys.detail(month.id), month);
    const { result } = renderQueryHook(() => useUpdateMonth(), queryClient);

    act(() => void result.current.mutate({ id: month.id, name: 'New' }));
    expect(queryClient.getQueryData(monthKeys.list())).toEqual([{ ...month, name: 'New' }, other]);
    await whenSynced(queryClient);
    server.events.removeListener('request:start', listen);

    expect(requestLog).toEqual([`PATCH /api/months/${month.id}/`]);
    expect(ifMatch).toEqual(['"3"']);
    expect(queryClient.getQueryData(monthKeys.detail(month.id))).toMatchObject({ name: 'New' });
    expect(queryClient.getQueryData(monthKeys.list())).toEqual([{ ...month, name: 'New' }, other]);
  });

  it('drops a month deleted elsewhere (404) from the cache, and says so', async () => {
    const gone = makeMonth({ name: 'Gone' });
    const kept = makeMonth({ name: 'Kept' });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(monthKeys.list(), [gone, kept]);
    queryClient.setQueryData(monthKeys.detail(gone.id), gone);
    server.use(failing('patch', 'api/months/:id/', 404));
    const onError = vi.fn();
    const { result } = renderQueryHook(() => useUpdateMonth({ onFailure: onError }), queryClient);

    act(() => result.current.mutate({ id: gone.id, name: 'New' }));
    await waitFor(() => expect(onError).toHaveBeenCalled());

    expect((onError.mock.calls[0]![0] as Error).message).toBe(
      'This month was deleted elsewhere (in another tab or device). You can restore it from Settings → Recently deleted for 30 days.',
    );
    expect(queryClient.getQueryData(monthKeys.list())).toEqual([kept]);
    expect(queryClient.getQueryData(monthKeys.detail(gone.id))).toBeUndefined();
  });
});

describe('useDeleteMonth', () => {
  it('drops the month from the list at once, and everything cached under it once deleted', async () => {
    const kept = seedMonth(makeMonthFixture({ name: 'Kept' }));
    const gone = seedMonth(makeMonthFixture({ name: 'Gone' }));
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(monthKeys.list(), [kept.month, gone.month]);
    queryClient.setQueryData(['months', gone.month.id, 'journals'], gone.journals);
    queryClient.setQueryData(['months', kept.month.id, 'journals'], kept.journals);
    const { result } = renderQueryHook(() => useDeleteMonth(), queryClient);

    await act(() => result.current.mutate(gone.month.id));
    expect(queryClient.getQueryData(monthKeys.list())).toEqual([kept.month]);
    await whenSynced(queryClient);

    expect(requestLog).toEqual([`DELETE /api/months/delete/${gone.month.id}/`]);
    expect(queryClient.getQueryData(['months', gone.month.id, 'journals'])).toBeUndefined();
    expect(queryClient.getQueryData(['months', kept.month.id, 'journals'])).toEqual(kept.journals);
  });

  it('brings the month back when a refused delete is discarded', async () => {
    const month = makeMonth();
    db.months.push(month);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(monthKeys.list(), [month]);
    server.use(failing('delete', 'api/months/delete/:id/', 403));
    const { result } = renderQueryHook(
      () => ({ months: useQuery(monthsQueryOptions()), remove: useDeleteMonth() }),
      queryClient,
    );
    await act(() => result.current.remove.mutate(month.id));
    await whenSynced(queryClient);
    expect(refusedWrites(queryClient).map((write) => write.name)).toEqual(['month.delete']);
    act(() => discardWrite(queryClient, queuedWrites(queryClient)[0]!));
    await waitFor(() => expect(result.current.months.data).toEqual([month]));
  });

  it('never sends the create of a month made offline and deleted before it synced', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(monthKeys.list(), []);
    const { result } = renderQueryHook(
      () => ({ create: useCreateMonth(), remove: useDeleteMonth() }),
      queryClient,
    );
    setBrowserOnline(false);
    const shown = await act(() =>
      result.current.create.mutateAsync({ name: 'May', measure: 'Steps', habits: ['Run'] }),
    );
    await act(() => result.current.remove.mutate(shown.id));
    expect(queryClient.getQueryData(monthKeys.list())).toEqual([]);
    setBrowserOnline(true);
    await whenSynced(queryClient);
    expect(queuedWrites(queryClient)).toEqual([]);
    expect(requestLog).toEqual([]);
    expect(db.months).toEqual([]);
  });
});
