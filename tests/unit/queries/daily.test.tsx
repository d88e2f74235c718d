import { useQuery } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { queuedWrites } from '../../../src/offline/sync';
import {
  dailyHabitsQueryOptions,
  dailyMeasuresQueryOptions,
  useTickMissingHabit,
  useToggleDailyHabit,
} from '../../../src/queries/daily';
import { journalsQueryOptions } from '../../../src/queries/journal-list';
import { dailyHabitKeys, habitKeys, journalKeys } from '../../../src/queries/keys';
import { makeHabit, makeMonthFixture } from '../../fixtures/factories';
import { db, seedMonth } from '../msw/db';
import { failing, unreachable } from '../msw/responses';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { refusedWrites, whenSynced } from './sync-helpers';
import { createTestQueryClient, renderQueryHook } from './wrapper';

setupMswServer();

describe('dailyHabitsQueryOptions', () => {
  it("loads the month's daily habits with one ?month= request (plus the journal ids)", async () => {
    const { month, dailyHabits } = seedMonth(makeMonthFixture({ journals: 5 }));
    seedMonth(makeMonthFixture({ journals: 2 }));
    const { result } = renderQueryHook(() => useQuery(dailyHabitsQueryOptions(month.id)));

    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    expect(result.current.data).toEqual(dailyHabits);
    expect(requestLog.toSorted()).toEqual([
      `GET /api/dailyhabits/?month=${month.id}`,
      `GET /api/journals/?month=${month.id}`,
    ]);
  });

  it('reuses cached journals instead of fetching them again', async () => {
    const { month, journals, dailyHabits } = seedMonth(makeMonthFixture());
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(journalKeys.list(month.id), journals);
    const { result } = renderQueryHook(
      () => useQuery(dailyHabitsQueryOptions(month.id)),
      queryClient,
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(dailyHabits);
    expect(requestLog).toEqual([`GET /api/dailyhabits/?month=${month.id}`]);
  });

  it('joins a journals refetch in flight instead of filtering by the older cached list', async () => {
    const { month, journals, dailyHabits } = seedMonth(makeMonthFixture({ journals: 3 }));
    const queryClient = createTestQueryClient();
    // The cache still lacks the third entry (written on another device); a refetch brings it.
    queryClient.setQueryData(journalKeys.list(month.id), journals.slice(0, 2));
    const refetched = queryClient.fetchQuery({ ...journalsQueryOptions(month.id), staleTime: 0 });

    const list = await queryClient.fetchQuery(dailyHabitsQueryOptions(month.id));
    await refetched;

    expect(list).toEqual(dailyHabits);
    expect(list.some((item) => item.journal_id === journals[2]!.id)).toBe(true);
    // One journals request: the refetch's, joined.
    expect(requestLog.filter((line) => line.startsWith('GET /api/journals/'))).toHaveLength(1);
  });

  it("keeps only this month's items when the server ignores ?month=", async () => {
    const { month, dailyHabits } = seedMonth(makeMonthFixture({ journals: 3 }));
    const other = seedMonth(makeMonthFixture({ journals: 4 }));
    // The reference server: every daily habit of the user, whatever the query.
    server.use(http.get(apiUrl('api/dailyhabits/'), () => HttpResponse.json(db.dailyHabits)));
    const { result } = renderQueryHook(() => useQuery(dailyHabitsQueryOptions(month.id)));

    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    expect(db.dailyHabits).toHaveLength(dailyHabits.length + other.dailyHabits.length);
    expect(result.current.data).toEqual(dailyHabits);
  });

  it('fails when the daily habits cannot be read', async () => {
    const { month } = seedMonth(makeMonthFixture());
    server.use(failing('get', 'api/dailyhabits/', 500));
    const { result } = renderQueryHook(() => useQuery(dailyHabitsQueryOptions(month.id)));
    await waitFor(() => expect(result.current.isError).toBe(true));
  });

  it('fails when the journal ids cannot be read', async () => {
    const { month } = seedMonth(makeMonthFixture());
    server.use(unreachable('get', 'api/journals/'));
    const { result } = renderQueryHook(() => useQuery(dailyHabitsQueryOptions(month.id)));
    await waitFor(() => expect(result.current.isError).toBe(true));
  });
});

describe('dailyMeasuresQueryOptions', () => {
  it("loads the month's daily measures with one ?month= request", async () => {
    const { month, dailyMeasures } = seedMonth(makeMonthFixture({ journals: 4 }));
    seedMonth(makeMonthFixture());
    const { result } = renderQueryHook(() => useQuery(dailyMeasuresQueryOptions(month.id)));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(dailyMeasures);
    expect(requestLog).toContain(`GET /api/dailymeasures/?month=${month.id}`);
    expect(requestLog).toHaveLength(2);
  });

  it("keeps only this month's items when the server ignores ?month=", async () => {
    const { month, dailyMeasures } = seedMonth(makeMonthFixture({ journals: 2 }));
    seedMonth(makeMonthFixture({ journals: 3 }));
    server.use(http.get(apiUrl('api/dailymeasures/'), () => HttpResponse.json(db.dailyMeasures)));
    const { result } = renderQueryHook(() => useQuery(dailyMeasuresQueryOptions(month.id)));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(dailyMeasures);
  });

  it('fails when the daily measures cannot be read', async () => {
    const { month } = seedMonth(makeMonthFixture());
    server.use(failing('get', 'api/dailymeasures/', 502));
    const { result } = renderQueryHook(() => useQuery(dailyMeasuresQueryOptions(month.id)));
    await waitFor(() => expect(result.current.isError).toBe(true));
  });
});

describe('useToggleDailyHabit', () => {
  it('makes exactly one PATCH and updates only that daily habit in cache', async () => {
    const { month, journals, dailyHabits } = seedMonth(makeMonthFixture({ journals: 31 }));
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(journalKeys.list(month.id), journals);
    const { result } = renderQueryHook(
      () => ({
        list: useQuery(dailyHabitsQueryOptions(month.id)),
        toggle: useToggleDailyHabit(month.id),
      }),
      queryClient,
    );
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    requestLog.length = 0;
    const target = dailyHabits[4]!;
    const ticked = !target.is_practiced;
    const before = queryClient.getQueryData(dailyHabitsQueryOptions(month.id).queryKey)!;

    await act(() => result.current.toggle.mutate({ dailyHabitId: target.id, isPracticed: ticked }));
    await whenSynced(queryClient);

    expect(requestLog).toEqual([`PATCH /api/dailyhabits/${target.id}/`]);
    const after = queryClient.getQueryData(dailyHabitsQueryOptions(month.id).queryKey)!;
    expect(after).toHaveLength(before.length);
    after.forEach((row, i) => {
      if (row.id === target.id) expect(row.is_practiced).toBe(ticked);
      // Untouched rows keep their identity, so their cards do not re-render.
      else expect(row).toBe(before[i]);
    });
  });

  it('sends the new value and can untick as well as tick', async () => {
    const { month, dailyHabits } = seedMonth(makeMonthFixture());
    const ticked = dailyHabits.find((d) => d.is_practiced)!;
    const { result, queryClient } = renderQueryHook(() => useToggleDailyHabit(month.id));
    await act(() => result.current.mutate({ dailyHabitId: ticked.id, isPracticed: false }));
    await whenSynced(queryClient);
    expect(db.dailyHabits.find((d) => d.id === ticked.id)?.is_practiced).toBe(false);
  });

  it('shows the new value in cache while the PATCH is still under way', async () => {
    const { month, dailyHabits } = seedMonth(makeMonthFixture());
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(dailyHabitKeys.list(month.id), dailyHabits);
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.patch(apiUrl('api/dailyhabits/:id/'), async ({ params }) => {
        await answered;
        const row = dailyHabits.find((d) => d.id === Number(params.id))!;
        return HttpResponse.json({ ...row, is_practiced: !row.is_practiced });
      }),
    );
    const { result } = renderQueryHook(() => useToggleDailyHabit(month.id), queryClient);
    const target = dailyHabits[0]!;

    act(() =>
      result.current.mutate({ dailyHabitId: target.id, isPracticed: !target.is_practiced }),
    );

    await waitFor(() =>
      expect(
        queryClient
          .getQueryData(dailyHabitsQueryOptions(month.id).queryKey)
          ?.find((d) => d.id === target.id)?.is_practiced,
      ).toBe(!target.is_practiced),
    );
    // Waiting to sync until the server answers.
    expect(queuedWrites(queryClient).map((write) => write.state.status)).toEqual(['pending']);
    answer();
    await whenSynced(queryClient);
  });

  it('keeps a refused tick on screen with the refusal listed, and sends it only once', async () => {
    const { month, dailyHabits } = seedMonth(makeMonthFixture());
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(dailyHabitKeys.list(month.id), dailyHabits);
    server.use(failing('patch', 'api/dailyhabits/:id/', 400));
    const { result } = renderQueryHook(() => useToggleDailyHabit(month.id), queryClient);
    const target = dailyHabits[0]!;

    await act(() =>
      result.current.mutate({ dailyHabitId: target.id, isPracticed: !target.is_practiced }),
    );
    await whenSynced(queryClient);

    expect(refusedWrites(queryClient)).toEqual([
      { name: 'daily-habit.update', message: 'Failed with 400' },
    ]);
    expect(
      queryClient
        .getQueryData(dailyHabitsQueryOptions(month.id).queryKey)
        ?.find((d) => d.id === target.id)?.is_practiced,
    ).toBe(!target.is_practiced);
    expect(requestLog).toEqual([`PATCH /api/dailyhabits/${target.id}/`]);
  });
});

describe('useTickMissingHabit', () => {
  /** A month whose third habit, Stretch, was added after its entries: none of them has a row. */
  function monthWithNewHabit() {
    const fixture = seedMonth(makeMonthFixture());
    const stretch = makeHabit(fixture.month, { name: 'Stretch' });
    db.habits.push(stretch);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(habitKeys.list(fixture.month.id), [...fixture.habits, stretch]);
    queryClient.setQueryData(dailyHabitKeys.list(fixture.month.id), fixture.dailyHabits);
    return { ...fixture, stretch, queryClient };
  }
  const rowsOf = (
    queryClient: ReturnType<typeof createTestQueryClient>,
    monthId: number,
    habitId: number,
  ) =>
    queryClient
      .getQueryData(dailyHabitsQueryOptions(monthId).queryKey)
      ?.filter((row) => row.habit_id === habitId) ?? [];

  it("creates the entry's daily habit, ticked: shown at once, one POST", async () => {
    const { month, journals, stretch, queryClient } = monthWithNewHabit();
    const journal = journals[1]!;
    const { result } = renderQueryHook(() => useTickMissingHabit(month.id), queryClient);

    act(() => result.current.mutate({ journalId: journal.id, habitId: stretch.id, state: 'done' }));

    // On screen before the server answers, under a temporary id.
    const shown = rowsOf(queryClient, month.id, stretch.id);
    expect(shown.map((row) => [row.journal_id, row.is_practiced])).toEqual([[journal.id, true]]);
    await whenSynced(queryClient);
    expect(requestLog).toEqual(['POST /api/dailyhabits/']);
    const saved = db.dailyHabits.filter((row) => row.habit_id === stretch.id);
    expect(saved.map((row) => [row.journal_id, row.is_practiced])).toEqual([[journal.id, true]]);
    // The cache holds the server's row in its place.
    expect(rowsOf(queryClient, month.id, stretch.id).map((row) => row.id)).toEqual([saved[0]!.id]);
  });

  it('on an entry deleted elsewhere (its create refused with a field error): says so, and the card leaves', async () => {
    const { month, journals, stretch, queryClient } = monthWithNewHabit();
    const journal = journals[0]!;
    queryClient.setQueryData(journalKeys.list(month.id), journals);
    // Deleted on another device: gone from the server, still on this screen.
    db.journals = db.journals.filter((row) => row.id !== journal.id);
    server.use(
      http.post(apiUrl('api/dailyhabits/'), () =>
        HttpResponse.json(
          { journal_id: [`Invalid pk "${journal.id}" - object does not exist.`] },
          { status: 400 },
        ),
      ),
    );
    const { result } = renderQueryHook(() => useTickMissingHabit(month.id), queryClient);

    act(() => result.current.mutate({ journalId: journal.id, habitId: stretch.id, state: 'done' }));
    await whenSynced(queryClient);

    expect(refusedWrites(queryClient)).toEqual([
      { name: 'daily-habit.create', message: expect.stringMatching(/deleted elsewhere/) },
    ]);
    expect(
      queryClient.getQueryData(journalsQueryOptions(month.id).queryKey)?.map((row) => row.id),
    ).not.toContain(journal.id);
    expect(rowsOf(queryClient, month.id, stretch.id)).toEqual([]);
  });

  it('creates it skipped, and shows the skip at once', async () => {
    const { month, journals, stretch, queryClient } = monthWithNewHabit();
    const journal = journals[0]!;
    const { result } = renderQueryHook(() => useTickMissingHabit(month.id), queryClient);

    act(() =>
      result.current.mutate({ journalId: journal.id, habitId: stretch.id, state: 'skipped' }),
    );

    expect(
      rowsOf(queryClient, month.id, stretch.id).map((row) => [row.is_practiced, row.is_skipped]),
    ).toEqual([[false, true]]);
    await whenSynced(queryClient);
    expect(
      db.dailyHabits
        .filter((row) => row.habit_id === stretch.id)
        .map((row) => [row.journal_id, row.is_skipped]),
    ).toEqual([[journal.id, true]]);
  });
});
