import { onlineManager, useQuery } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import type { Goal } from '../../../contract/entities';
import type { UpdateGoal } from '../../../contract/requests';
import { discardWrite, queuedWrites } from '../../../src/offline/sync';
import { isDeletedElsewhere } from '../../../src/queries/deleted-elsewhere';
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
import { apiUrl } from '../msw/url';
import { refusedWrites, whenSynced } from './sync-helpers';
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
  it('shows the goal at once, posts it for the month, and swaps in the server row', async () => {
    const { queryClient, key, monthId, fixture } = withGoals(['First']);
    const { result } = renderQueryHook(() => useCreateGoal(monthId), queryClient);

    act(() => result.current.mutate({ name: 'Second' }));
    expect(queryClient.getQueryData(key)?.[1]).toMatchObject({
      name: 'Second',
      month_id: monthId,
      is_completed: false,
    });
    await whenSynced(queryClient);

    expect(requestLog).toEqual(['POST /api/goals/']);
    const goal = db.goals.find((g) => g.name === 'Second');
    expect(goal).toMatchObject({ name: 'Second', month_id: monthId, is_completed: false });
    expect(queryClient.getQueryData(key)).toEqual([...fixture.goals, goal]);
  });

  it('lists a refused goal with its message; discarding it takes it off the list', async () => {
    const { queryClient, key, monthId, fixture } = withGoals(['First']);
    server.use(failing('post', 'api/goals/', 400));
    const { result } = renderQueryHook(() => useCreateGoal(monthId), queryClient);
    await act(() => result.current.mutate({ name: 'x' }));
    await whenSynced(queryClient);
    expect(refusedWrites(queryClient)).toEqual([
      { name: 'goal.create', message: 'Failed with 400' },
    ]);
    expect(queryClient.getQueryData(key)).toHaveLength(2);

    discardWrite(queryClient, queuedWrites(queryClient)[0]!);
    expect(queryClient.getQueryData(key)).toEqual(fixture.goals);
  });
});

describe('useToggleGoal', () => {
  it('makes one PATCH and updates only that goal in cache', async () => {
    const { queryClient, key, monthId, fixture } = withGoals(['A', 'B', 'C']);
    const target = fixture.goals[1]!;
    const before = queryClient.getQueryData(key)!;
    const { result } = renderQueryHook(() => useToggleGoal(monthId), queryClient);

    await act(() => result.current.mutate({ goalId: target.id, isCompleted: true }));
    await whenSynced(queryClient);

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
    await act(() => result.current.mutate({ goalId: fixture.goals[0]!.id, isCompleted: false }));
    expect(queryClient.getQueryData(key)?.[0]?.is_completed).toBe(false);
  });

  it('keeps the tick on screen while a failing server is retried, and sends it once it answers', async () => {
    const { queryClient, key, monthId, fixture } = withGoals(['A']);
    let failures = 1;
    server.use(
      http.patch(apiUrl('api/goals/:id/'), () =>
        failures-- > 0 ? HttpResponse.json({ detail: 'down' }, { status: 503 }) : undefined,
      ),
    );
    const { result } = renderQueryHook(() => useToggleGoal(monthId), queryClient);
    await act(() => result.current.mutate({ goalId: fixture.goals[0]!.id, isCompleted: true }));
    expect(queryClient.getQueryData<Goal[]>(key)?.[0]?.is_completed).toBe(true);
    await whenSynced(queryClient, 8000);
    expect(db.goals[0]?.is_completed).toBe(true);
    expect(refusedWrites(queryClient)).toEqual([]);
  }, 12_000);
});

describe("the goal hooks' state", () => {
  it("is TanStack's own: paused offline with its variables, then done once the server has it", async () => {
    const { queryClient, monthId, fixture } = withGoals(['A']);
    const goalId = fixture.goals[0]!.id;
    const { result } = renderQueryHook(() => useToggleGoal(monthId), queryClient);
    onlineManager.setOnline(false);
    try {
      act(() => result.current.mutate({ goalId, isCompleted: true }));
      await waitFor(() => expect(result.current.isPaused).toBe(true));
      expect(result.current.isPending).toBe(true);
      expect(result.current.variables).toMatchObject({ monthId, goalId, isCompleted: true });
      expect(requestLog).toEqual([]);
    } finally {
      onlineManager.setOnline(true);
    }
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.isPaused).toBe(false);
    expect(db.goals[0]?.is_completed).toBe(true);
  });
});

describe('useDeleteGoal', () => {
  it('deletes the goal and drops it from the cached list', async () => {
    const { queryClient, key, monthId, fixture } = withGoals(['A', 'B']);
    const { result } = renderQueryHook(() => useDeleteGoal(monthId), queryClient);

    await act(() => result.current.mutate(fixture.goals[0]!.id));
    await whenSynced(queryClient);

    expect(requestLog).toEqual([`DELETE /api/goals/delete/${fixture.goals[0]!.id}/`]);
    expect(queryClient.getQueryData(key)?.map((g) => g.name)).toEqual(['B']);
  });

  it('lists a refused delete; discarding it brings the goal back from the server', async () => {
    const { queryClient, key, monthId, fixture } = withGoals(['A']);
    server.use(failing('delete', 'api/goals/delete/:id/', 403));
    // As on the page: the list is read with its query, so it can be read again.
    await queryClient.fetchQuery({ ...goalsQueryOptions(monthId), staleTime: 0 });
    const { result } = renderQueryHook(() => useDeleteGoal(monthId), queryClient);
    await act(() => result.current.mutate(fixture.goals[0]!.id));
    expect(queryClient.getQueryData(key)).toHaveLength(0);
    await whenSynced(queryClient);
    expect(refusedWrites(queryClient).map((write) => write.name)).toEqual(['goal.delete']);
    server.resetHandlers();
    discardWrite(queryClient, queuedWrites(queryClient)[0]!);
    await waitFor(() => expect(queryClient.getQueryData(key)).toHaveLength(1));
  });
});

describe('useToggleGoal on a slow network', () => {
  /** The server applies each PATCH when its delay is over, as a slow request would land. */
  function slowPatches(delays: number[]) {
    const started: string[] = [];
    let call = 0;
    server.use(
      http.patch(apiUrl('api/goals/:id/'), async ({ params, request }) => {
        const body = (await request.json()) as UpdateGoal;
        started.push(`start ${String(body.is_completed)}`);
        await delay(delays[call++] ?? 0);
        const goal = db.goals.find((g) => g.id === Number(params.id))!;
        Object.assign(goal, body);
        started.push(`done ${String(body.is_completed)}`);
        return HttpResponse.json(goal);
      }),
    );
    return started;
  }

  it('shows the new state at once, in the same task as the click', () => {
    const { queryClient, key, monthId, fixture } = withGoals(['A']);
    const { result } = renderQueryHook(() => useToggleGoal(monthId), queryClient);
    const painted: boolean[] = [];
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      painted.push(queryClient.getQueryData<Goal[]>(key)![0]!.is_completed);
    });

    result.current.mutate({ goalId: fixture.goals[0]!.id, isCompleted: true });

    // No await: the cache (and so the checkbox) has changed before the click's task ends.
    expect(queryClient.getQueryData<Goal[]>(key)?.[0]?.is_completed).toBe(true);
    unsubscribe();
    expect(painted).toContain(true);
  });

  it('lets the last click win on screen and on the server, whatever order the answers come in', async () => {
    const { queryClient, key, monthId, fixture } = withGoals(['A']);
    const goalId = fixture.goals[0]!.id;
    const log = slowPatches([300, 10]);
    const { result } = renderQueryHook(() => useToggleGoal(monthId), queryClient);
    const shown: boolean[] = [];
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      const value = queryClient.getQueryData<Goal[]>(key)?.[0]?.is_completed;
      if (shown.at(-1) !== value && value !== undefined) shown.push(value);
    });

    act(() => result.current.mutate({ goalId, isCompleted: true }));
    act(() => result.current.mutate({ goalId, isCompleted: false }));
    await waitFor(() => expect(log).toHaveLength(4), { timeout: 3000 });
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    unsubscribe();

    // ✓ then ✗, never ✓ again when the older answer lands.
    expect(shown).toEqual([true, false]);
    expect(queryClient.getQueryData<Goal[]>(key)?.[0]?.is_completed).toBe(false);
    // One at a time, in click order: the server ends on the last click.
    expect(log).toEqual(['start true', 'done true', 'start false', 'done false']);
    expect(db.goals[0]?.is_completed).toBe(false);
  });

  it('keeps a refused last click on screen, marked refused, until discarded', async () => {
    const { queryClient, key, monthId, fixture } = withGoals(['A']);
    const goalId = fixture.goals[0]!.id;
    await queryClient.fetchQuery({ ...goalsQueryOptions(monthId), staleTime: 0 });
    const { result } = renderQueryHook(() => useToggleGoal(monthId), queryClient);
    await act(() => result.current.mutate({ goalId, isCompleted: true }));
    await whenSynced(queryClient);
    server.use(failing('patch', 'api/goals/:id/', 400));

    await act(() => result.current.mutate({ goalId, isCompleted: false }));
    await whenSynced(queryClient);
    expect(queryClient.getQueryData<Goal[]>(key)?.[0]?.is_completed).toBe(false);
    expect(refusedWrites(queryClient).map((write) => write.name)).toEqual(['goal.update']);

    server.resetHandlers();
    discardWrite(queryClient, queuedWrites(queryClient)[0]!);
    await waitFor(() =>
      expect(queryClient.getQueryData<Goal[]>(key)?.[0]?.is_completed).toBe(true),
    );
  });
});

describe('a goal deleted elsewhere', () => {
  it('leaves the cached list on a 404, and the error says it was deleted elsewhere', async () => {
    const { queryClient, key, monthId, fixture } = withGoals(['Gone', 'Kept']);
    db.goals = db.goals.filter((g) => g.name !== 'Gone');
    let error: unknown;
    const { result } = renderQueryHook(
      () => useToggleGoal(monthId, { onFailure: (caught) => (error = caught) }),
      queryClient,
    );

    act(() => result.current.mutate({ goalId: fixture.goals[0]!.id, isCompleted: true }));
    await waitFor(() => expect(error).toBeDefined());

    expect(queryClient.getQueryData<Goal[]>(key)?.map((g) => g.name)).toEqual(['Kept']);
    expect(isDeletedElsewhere(error)).toBe(true);
    expect((error as Error).message).toBe(
      'This goal was deleted elsewhere (in another tab or device). You can restore it from Settings → Recently deleted for 30 days.',
    );
  });
});

describe('deleting a goal deleted elsewhere', () => {
  it('drops it from the cached list on a 404, as the delete wanted', async () => {
    const { queryClient, key, monthId, fixture } = withGoals(['Gone', 'Kept']);
    db.goals = db.goals.filter((g) => g.name !== 'Gone');
    const { result } = renderQueryHook(() => useDeleteGoal(monthId), queryClient);

    await act(() => result.current.mutate(fixture.goals[0]!.id));

    expect(queryClient.getQueryData<Goal[]>(key)?.map((g) => g.name)).toEqual(['Kept']);
  });
});

describe('useCreateGoal and the Idempotency-Key', () => {
  function recordKeys() {
    const keys: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST') keys.push(request.headers.get('idempotency-key'));
    });
    return keys;
  }
  afterEach(() => server.events.removeAllListeners('request:start'));

  it('sends a key, sends it again when the answer was lost, and takes a new one for the next goal', async () => {
    const { queryClient, monthId } = withGoals([]);
    const keys = recordKeys();
    const { result } = renderQueryHook(() => useCreateGoal(monthId), queryClient);
    let lose = 1;
    server.use(
      http.post(apiUrl('api/goals/'), () => (lose-- > 0 ? HttpResponse.error() : undefined)),
    );
    await act(() => result.current.mutate({ name: 'Swim' }));
    await whenSynced(queryClient, 8000);
    await act(() => result.current.mutate({ name: 'Swim' }));
    await whenSynced(queryClient);

    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[\w-]{16,}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(db.goals).toHaveLength(2);
  }, 12_000);
});
