import { useQuery } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import {
  goalsQueryOptions,
  useCreateGoal,
  useDeleteGoal,
  useToggleGoal,
} from '../../../src/queries/goals';
import { makeMonthFixture } from '../../fixtures/factories';
import { db, seedMonth } from '../msw/db';
import { failing } from '../msw/responses';
import { requestLog, server, setupMswServer } from '../msw/server';
import { createTestQueryClient, renderQueryHook } from './wrapper';

setupMswServer();

function withGoals(names: string[]) {
  const fixture = seedMonth(makeMonthFixture({ goals: names }));
  const queryClient = createTestQueryClient();
  const key = goalsQueryOptions(fixture.month.id).queryKey;
  queryClient.setQueryData(key, structuredClone(fixture.goals));
  return { fixture, queryClient, key, monthId: fixture.month.id };
}

describe('goalsQueryOptions', () => {
  it("lists the month's goals with ?month=", async () => {
    const { month, goals } = seedMonth(makeMonthFixture({ goals: ['A', 'B'] }));
    seedMonth(makeMonthFixture({ goals: ['Other'] }));
    const { result } = renderQueryHook(() => useQuery(goalsQueryOptions(month.id)));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(goals);
    expect(requestLog).toEqual([`GET /api/goals/?month=${month.id}`]);
  });

  it('surfaces a failure', async () => {
    server.use(failing('get', 'api/goals/', 500));
    const { result } = renderQueryHook(() => useQuery(goalsQueryOptions(1)));
    await waitFor(() => expect(result.current.isError).toBe(true));
  });
});

describe('useCreateGoal', () => {
  it('posts the goal for the month and appends it to the cached list', async () => {
    const { queryClient, key, monthId, fixture } = withGoals(['First']);
    const { result } = renderQueryHook(() => useCreateGoal(monthId), queryClient);

    const goal = await act(() => result.current.mutateAsync({ name: 'Second' }));

    expect(requestLog).toEqual(['POST /api/goals/']);
    expect(goal).toMatchObject({ name: 'Second', month_id: monthId, is_completed: false });
    expect(queryClient.getQueryData(key)).toEqual([...fixture.goals, goal]);
  });

  it('leaves the list alone on failure', async () => {
    const { queryClient, key, monthId, fixture } = withGoals(['First']);
    server.use(failing('post', 'api/goals/', 400));
    const { result } = renderQueryHook(() => useCreateGoal(monthId), queryClient);
    await act(() => result.current.mutateAsync({ name: 'x' }).catch(() => undefined));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(queryClient.getQueryData(key)).toEqual(fixture.goals);
  });
});

describe('useToggleGoal', () => {
  it('makes one PATCH and updates only that goal in cache', async () => {
    const { queryClient, key, monthId, fixture } = withGoals(['A', 'B', 'C']);
    const target = fixture.goals[1]!;
    const before = queryClient.getQueryData(key)!;
    const { result } = renderQueryHook(() => useToggleGoal(monthId), queryClient);

    await act(() => result.current.mutateAsync({ goalId: target.id, isCompleted: true }));

    expect(requestLog).toEqual([`PATCH /api/goals/${target.id}/`]);
    const after = queryClient.getQueryData(key)!;
    expect(after[1]?.is_completed).toBe(true);
    expect(after[0]).toBe(before[0]);
    expect(after[2]).toBe(before[2]);
    expect(db.goals.find((g) => g.id === target.id)?.is_completed).toBe(true);
  });

  it('can untick a completed goal', async () => {
    const { queryClient, key, monthId, fixture } = withGoals(['A']);
    db.goals[0]!.is_completed = true;
    const { result } = renderQueryHook(() => useToggleGoal(monthId), queryClient);
    await act(() =>
      result.current.mutateAsync({ goalId: fixture.goals[0]!.id, isCompleted: false }),
    );
    expect(queryClient.getQueryData(key)?.[0]?.is_completed).toBe(false);
  });

  it('fails and keeps the cached goal on failure', async () => {
    const { queryClient, key, monthId, fixture } = withGoals(['A']);
    server.use(failing('patch', 'api/goals/:id/', 500));
    const { result } = renderQueryHook(() => useToggleGoal(monthId), queryClient);
    await act(() =>
      result.current
        .mutateAsync({ goalId: fixture.goals[0]!.id, isCompleted: true })
        .catch(() => undefined),
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(queryClient.getQueryData(key)?.[0]?.is_completed).toBe(false);
  });
});

describe('useDeleteGoal', () => {
  it('deletes the goal and drops it from the cached list', async () => {
    const { queryClient, key, monthId, fixture } = withGoals(['A', 'B']);
    const { result } = renderQueryHook(() => useDeleteGoal(monthId), queryClient);

    await act(() => result.current.mutateAsync(fixture.goals[0]!.id));

    expect(requestLog).toEqual([`DELETE /api/goals/delete/${fixture.goals[0]!.id}/`]);
    expect(queryClient.getQueryData(key)?.map((g) => g.name)).toEqual(['B']);
  });

  it('keeps the goal cached when the delete fails', async () => {
    const { queryClient, key, monthId, fixture } = withGoals(['A']);
    server.use(failing('delete', 'api/goals/delete/:id/', 500));
    const { result } = renderQueryHook(() => useDeleteGoal(monthId), queryClient);
    await act(() => result.current.mutateAsync(fixture.goals[0]!.id).catch(() => undefined));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(queryClient.getQueryData(key)).toHaveLength(1);
  });
});
