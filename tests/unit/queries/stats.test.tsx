// The month-at-a-glance read, and every write of the month refreshing it (MSW computes the stats).
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import type { HTTPError } from 'ky';
import type { MonthStats } from '../../../contract/stats';
import { useToggleDailyHabit } from '../../../src/queries/daily';
import { useCreateGoal, useDeleteGoal, useToggleGoal } from '../../../src/queries/goals';
import {
  useCreateJournal,
  useDeleteJournal,
  useUpdateJournal,
} from '../../../src/queries/journals';
import { measureKeys, monthKeys, statsKeys } from '../../../src/queries/keys';
import { monthStatsQueryOptions } from '../../../src/queries/stats';
import { type MonthFixture, makeMonthFixture } from '../../fixtures/factories';
import { seedMonth } from '../msw/db';
import { failing } from '../msw/responses';
import { requestLog, server, setupMswServer } from '../msw/server';
import { whenSynced } from './sync-helpers';
import { createTestQueryClient, renderQueryHook } from './wrapper';

setupMswServer();

const statsRequest = (monthId: number) => `GET /api/months/${monthId}/stats/`;

describe('monthStatsQueryOptions', () => {
  it("reads the month's stats in one request, under the month's keys", async () => {
    // Three entries; habits A (ticked on every entry) and B (never), by the fixture's pattern.
    const { month, journals } = seedMonth(
      makeMonthFixture({ journals: 3, habits: ['A', 'B'], goals: ['x', 'y'] }),
    );
    const { result } = renderQueryHook(() => useQuery(monthStatsQueryOptions(month.id)));

    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    expect(requestLog).toEqual([statsRequest(month.id)]);
    expect(monthStatsQueryOptions(month.id).queryKey).toEqual(statsKeys.month(month.id));
    expect(statsKeys.month(month.id).slice(0, 2)).toEqual(monthKeys.scope(month.id));
    const stats = result.current.data as MonthStats;
    expect(stats.entries.map((e) => e.id)).toEqual(journals.map((j) => j.id));
    expect(stats.habits.map((h) => [h.name, h.rate, h.current_streak])).toEqual([
      ['A', 1, 3],
      ['B', 0, 0],
    ]);
    expect(stats.goals).toEqual({ completed: 0, total: 2 });
  });

  it('surfaces a missing month as a 404 error', async () => {
    const { result } = renderQueryHook(() => useQuery(monthStatsQueryOptions(424242)));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect((result.current.error as HTTPError).response.status).toBe(404);
  });

  it('refetches when the whole month is invalidated', async () => {
    const { month } = seedMonth(makeMonthFixture());
    const { result, queryClient } = renderQueryHook(() =>
      useQuery(monthStatsQueryOptions(month.id)),
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    await act(() => queryClient.invalidateQueries({ queryKey: monthKeys.scope(month.id) }));

    expect(requestLog).toEqual([statsRequest(month.id), statsRequest(month.id)]);
  });
});

let latestClient: QueryClient | undefined;
/** When the stats were first read, before the write under test. */
let loadedAt = 0;

/** The stats on screen, as on the journals page, with the hook under test beside them. */
async function renderWithStats<T>(fixture: MonthFixture, hook: (monthId: number) => T) {
  const id = fixture.month.id;
  const queryClient: QueryClient = createTestQueryClient();
  // The journal hooks read the measures first; the page has them cached.
  queryClient.setQueryData(measureKeys.list(id), fixture.measures);
  const rendered = renderQueryHook(
    () => ({ stats: useQuery(monthStatsQueryOptions(id)), hook: hook(id) }),
    queryClient,
  );
  latestClient = queryClient;
  await waitFor(() => expect(rendered.result.current.stats.isSuccess).toBe(true));
  loadedAt = rendered.result.current.stats.dataUpdatedAt;
  requestLog.length = 0;
  return rendered;
}

/** Waits for the stats to be fetched again, and answers them. */
async function refreshedStats(
  result: {
    current: { stats: { data?: MonthStats; isFetching: boolean; dataUpdatedAt: number } };
  },
  monthId: number,
): Promise<MonthStats> {
  // Writes are queued: every step is sent (each refreshes the stats) before the last refresh counts.
  const before = loadedAt;
  if (latestClient) await whenSynced(latestClient);
  await waitFor(() => expect(requestLog).toContain(statsRequest(monthId)));
  await waitFor(() => {
    expect(result.current.stats.isFetching).toBe(false);
    expect(result.current.stats.dataUpdatedAt).toBeGreaterThan(before);
  });
  return result.current.stats.data as MonthStats;
}

describe('writes of the month refresh its stats', () => {
  it('ticking a habit', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 2, habits: ['A', 'B'] }));
    const unticked = fixture.dailyHabits.find((d) => !d.is_practiced)!;
    const { result } = await renderWithStats(fixture, useToggleDailyHabit);

    await act(() => result.current.hook.mutate({ dailyHabitId: unticked.id, isPracticed: true }));

    const stats = await refreshedStats(result, fixture.month.id);
    expect(stats.habits.find((h) => h.id === unticked.habit_id)?.completed).toBe(1);
  });

  it('ticking a goal', async () => {
    const fixture = seedMonth(makeMonthFixture({ goals: ['a', 'b'] }));
    const { result } = await renderWithStats(fixture, useToggleGoal);

    await act(() =>
      result.current.hook.mutate({ goalId: fixture.goals[0]!.id, isCompleted: true }),
    );

    expect((await refreshedStats(result, fixture.month.id)).goals).toEqual({
      completed: 1,
      total: 2,
    });
  });

  it('creating and deleting a goal', async () => {
    const fixture = seedMonth(makeMonthFixture({ goals: ['a'] }));
    const { result: created } = await renderWithStats(fixture, useCreateGoal);
    await act(() => created.current.hook.mutate({ name: 'b' }));
    expect((await refreshedStats(created, fixture.month.id)).goals.total).toBe(2);

    const { result: deleted } = await renderWithStats(fixture, useDeleteGoal);
    await act(() => deleted.current.hook.mutate(fixture.goals[0]!.id));
    expect((await refreshedStats(deleted, fixture.month.id)).goals.total).toBe(1);
  });

  it('creating a journal with its measure and ticks', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 1, habits: ['A'] }));
    const { result } = await renderWithStats(fixture, useCreateJournal);

    await act(() =>
      result.current.hook.mutateAsync({
        highlight: 'New',
        metric: 9,
        habits: [{ habitId: fixture.habits[0]!.id, isPracticed: true }],
      }),
    );

    const stats = await refreshedStats(result, fixture.month.id);
    expect(stats.entries).toHaveLength(2);
    expect(stats.habits[0]?.ticks).toEqual([true, true]);
  });

  it('editing a journal', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 1, habits: ['A'] }));
    const { result } = await renderWithStats(fixture, useUpdateJournal);

    await act(() =>
      result.current.hook.mutateAsync({ journalId: fixture.journals[0]!.id, metric: 42 }),
    );

    expect((await refreshedStats(result, fixture.month.id)).series.at(-1)?.value).toBe(42);
  });

  it('deleting a journal', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 2 }));
    const { result } = await renderWithStats(fixture, useDeleteJournal);

    await act(() => result.current.hook.mutate(fixture.journals[0]!.id));

    expect((await refreshedStats(result, fixture.month.id)).entries).toHaveLength(1);
  });

  it('even a write that fails, which may have changed part of the month', async () => {
    const fixture = seedMonth(makeMonthFixture({ goals: ['a'] }));
    server.use(failing('patch', `api/goals/${fixture.goals[0]!.id}/`, 400));
    const { result } = await renderWithStats(fixture, useToggleGoal);

    act(() => result.current.hook.mutate({ goalId: fixture.goals[0]!.id, isCompleted: true }));

    await refreshedStats(result, fixture.month.id);
    expect(requestLog.filter((r) => r === statsRequest(fixture.month.id))).toHaveLength(1);
  });

  it("leaves another month's stats alone", async () => {
    const other = seedMonth(makeMonthFixture());
    const fixture = seedMonth(makeMonthFixture({ goals: ['a'] }));
    const { result, queryClient } = await renderWithStats(other, () =>
      useToggleGoal(fixture.month.id),
    );

    await act(() =>
      result.current.hook.mutate({ goalId: fixture.goals[0]!.id, isCompleted: true }),
    );
    await whenSynced(queryClient);

    expect(queryClient.getQueryState(statsKeys.month(other.month.id))?.isInvalidated).toBe(false);
    expect(requestLog).toEqual([`PATCH /api/goals/${fixture.goals[0]!.id}/`]);
  });
});
