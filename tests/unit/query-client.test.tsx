import { useQuery } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import type { Goal } from '../../contract/entities';
import { queuedWrites } from '../../src/offline/sync';
import { OFFLINE_TEXTS } from '../../src/offline/texts';
import { OfflineError } from '../../src/offline-error';
import { goalsQueryOptions, useToggleGoal } from '../../src/queries/goals';
import { goalKeys, monthKeys } from '../../src/queries/keys';
import { latestMonthId } from '../../src/queries/months';
import { createQueryClient } from '../../src/query-client';
import { makeGoal, makeMonth } from '../fixtures/factories';
import { db } from './msw/db';
import { requestLog, setupMswServer } from './msw/server';
import { restoreOnlineAfterEach, setBrowserOnline } from './offline/offline-support';
import { renderQueryHook } from './queries/wrapper';
import { signIn } from './routes/render-route';

setupMswServer();
restoreOnlineAfterEach();

function seedGoal() {
  const month = makeMonth();
  const goal = makeGoal(month, { name: 'Read 3 books' });
  db.months.push(month);
  db.goals.push(goal);
  return { month, goal };
}

describe('the query client offline', () => {
  it('queues a write offline (shown at once, not sent), and sends it once back online', async () => {
    signIn();
    const { month, goal } = seedGoal();
    const queryClient = createQueryClient();
    await queryClient.fetchQuery(goalsQueryOptions(month.id));
    const { result } = renderQueryHook(() => useToggleGoal(month.id), queryClient);
    requestLog.length = 0;

    setBrowserOnline(false);
    act(() => result.current.mutate({ goalId: goal.id, isCompleted: true }));
    expect(queryClient.getQueryData<Goal[]>(goalKeys.list(month.id))?.[0]?.is_completed).toBe(true);
    await waitFor(() =>
      expect(queuedWrites(queryClient).map((write) => write.state.isPaused)).toEqual([true]),
    );
    expect(requestLog).toEqual([]);

    setBrowserOnline(true);
    await waitFor(() => expect(queuedWrites(queryClient)).toEqual([]));
    expect(requestLog.filter((request) => request.startsWith('PATCH'))).toEqual([
      `PATCH /api/goals/${goal.id}/`,
    ]);
    expect(db.goals[0]?.is_completed).toBe(true);
  });

  it('fails a read of data not saved on this device at once, without retrying', async () => {
    signIn();
    const { month } = seedGoal();
    const queryClient = createQueryClient();
    setBrowserOnline(false);
    await expect(queryClient.fetchQuery(goalsQueryOptions(month.id))).rejects.toThrow(
      OFFLINE_TEXTS.readUnavailable,
    );
    expect(queryClient.getQueryState(goalKeys.list(month.id))?.fetchFailureCount).toBe(1);
    expect(requestLog).toEqual([]);
  });

  it('keeps showing the data it has when a refetch fails offline', async () => {
    signIn();
    const { month } = seedGoal();
    const { result } = renderQueryHook(
      () => useQuery(goalsQueryOptions(month.id)),
      createQueryClient(),
    );
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    setBrowserOnline(false);
    await act(() => result.current.refetch());
    await waitFor(() => expect(result.current.error).toBeInstanceOf(OfflineError));
    expect(result.current.data?.map((goal) => goal.name)).toEqual(['Read 3 books']);
  });

  it('answers from the cache however old while offline, and refetches it on reconnect', async () => {
    signIn();
    const { month } = seedGoal();
    const queryClient = createQueryClient();
    const old = [makeGoal(month, { name: 'Saved a while ago' })];
    const anHourAgo = Date.now() - 60 * 60_000;
    queryClient.setQueryData(goalKeys.list(month.id), old, { updatedAt: anHourAgo });
    queryClient.setQueryData(monthKeys.list(), [month], { updatedAt: anHourAgo });
    setBrowserOnline(false);
    const { result } = renderQueryHook(() => useQuery(goalsQueryOptions(month.id)), queryClient);
    await expect(queryClient.fetchQuery(goalsQueryOptions(month.id))).resolves.toEqual(old);
    // The navbar's Journals entry still finds the latest month.
    await expect(latestMonthId(queryClient)).resolves.toBe(month.id);
    expect(result.current.isError).toBe(false);
    // Only this month's requests: an earlier test's client may still refetch as it goes.
    const mine = () => requestLog.filter((request) => request.endsWith(`month=${month.id}`));
    expect(mine()).toEqual([]);

    setBrowserOnline(true);
    await waitFor(() => expect(result.current.data?.[0]?.name).toBe('Read 3 books'));
    expect(mine()).toEqual([`GET /api/goals/?month=${month.id}`]);
  });
});
