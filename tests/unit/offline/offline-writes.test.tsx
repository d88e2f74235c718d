// Writes made offline are queued, saved with the cache, and sent in order after a reload.

import { MutationObserver } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { Journal } from '../../../contract/entities';
import { storeTokens } from '../../../src/api/tokens';
import { stopQueryPersistence } from '../../../src/offline/query-persistence';
import { queuedWrites } from '../../../src/offline/sync';
import {
  dailyHabitsQueryOptions,
  dailyMeasuresQueryOptions,
  useToggleDailyHabit,
} from '../../../src/queries/daily';
import { useToggleGoal } from '../../../src/queries/goals';
import {
  journalsQueryOptions,
  useCreateJournal,
  useDeleteJournal,
  useUpdateJournal,
} from '../../../src/queries/journals';
import { goalKeys, habitKeys, measureKeys } from '../../../src/queries/keys';
import { makeJwt, makeMonthFixture, USER_ID } from '../../fixtures/factories';
import { db, seedMonth } from '../msw/db';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { refusedWrites, whenSynced } from '../queries/sync-helpers';
import { renderQueryHook } from '../queries/wrapper';
import { restoreOnlineAfterEach, setBrowserOnline } from './offline-support';
import { savingDeviceEachTest } from './saving-device';

setupMswServer();
restoreOnlineAfterEach();

const device = savingDeviceEachTest();

/** A page load: the app's client, its saved data and queue restored, the month's lists on screen. */
async function openPage(fixture: ReturnType<typeof seedMonth>) {
  const queryClient = await device.load();
  const id = fixture.month.id;
  // What the journals page has read (online) or restored (offline).
  if (queryClient.getQueryData(measureKeys.list(id)) === undefined) {
    queryClient.setQueryData(measureKeys.list(id), fixture.measures);
    queryClient.setQueryData(habitKeys.list(id), fixture.habits);
    queryClient.setQueryData(goalKeys.list(id), structuredClone(fixture.goals));
    queryClient.setQueryData(journalsQueryOptions(id).queryKey, structuredClone(fixture.journals));
    queryClient.setQueryData(
      dailyHabitsQueryOptions(id).queryKey,
      structuredClone(fixture.dailyHabits),
    );
    queryClient.setQueryData(
      dailyMeasuresQueryOptions(id).queryKey,
      structuredClone(fixture.dailyMeasures),
    );
  }
  return queryClient;
}

const { savedWrites } = device;

describe('writes made offline', () => {
  it('queues them in order, keeps them over a reload, and sends them in order when back online', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 1, habits: ['Read'], goals: ['Swim'] }));
    const id = fixture.month.id;
    const first = await openPage(fixture);
    const { result } = renderQueryHook(
      () => ({ create: useCreateJournal(id), edit: useUpdateJournal(id), tick: useToggleGoal(id) }),
      first,
    );
    requestLog.length = 0;
    setBrowserOnline(false);

    const shown = await act(() =>
      result.current.create.mutateAsync({
        highlight: 'On the plane',
        createdAt: '2024-01-09',
        metric: 4,
        habits: [{ habitId: fixture.habits[0]!.id, isPracticed: true }],
      }),
    );
    // A later edit of the entry made offline refers to its temporary id.
    await act(() =>
      result.current.edit.mutateAsync({ journalId: shown.id, highlight: 'Above the clouds' }),
    );
    act(() => result.current.tick.mutate({ goalId: fixture.goals[0]!.id, isCompleted: true }));

    expect(
      first.getQueryData<Journal[]>(journalsQueryOptions(id).queryKey)?.map((j) => j.highlight),
    ).toContain('Above the clouds');
    expect(requestLog).toEqual([]);
    await waitFor(() => expect(savedWrites()).toHaveLength(5));

    // The tab is closed (its memory goes with it); a new one opens, still offline.
    stopQueryPersistence(first);
    first.getMutationCache().clear();
    const second = await openPage(fixture);
    expect(queuedWrites(second).map((write) => write.options.mutationKey?.[1])).toEqual([
      'journal.create',
      'daily-measure.create',
      'daily-habit.create',
      'journal.update',
      'goal.update',
    ]);
    expect(
      second.getQueryData<Journal[]>(journalsQueryOptions(id).queryKey)?.map((j) => j.highlight),
    ).toContain('Above the clouds');
    expect(requestLog).toEqual([]);

    setBrowserOnline(true);
    await whenSynced(second, 8000);
    // The entry's writes in the order made (its ticks side by side); the goal's on its own.
    const sent = requestLog.filter((request) => !request.startsWith('GET'));
    const entryPatch = `PATCH /api/journals/${db.journals.at(-1)!.id}/`;
    expect(
      sent.filter((request) => request !== `PATCH /api/goals/${fixture.goals[0]!.id}/`),
    ).toEqual([
      'POST /api/journals/',
      ...sent.filter((request) => request.startsWith('POST /api/daily')),
      entryPatch,
    ]);
    expect([...sent].sort()).toEqual(
      [
        'POST /api/journals/',
        'POST /api/dailymeasures/',
        'POST /api/dailyhabits/',
        entryPatch,
        `PATCH /api/goals/${fixture.goals[0]!.id}/`,
      ].sort(),
    );
    const made = db.journals.at(-1)!;
    expect(made).toMatchObject({ highlight: 'Above the clouds', created_at: '2024-01-09' });
    expect(db.dailyMeasures.filter((d) => d.journal_id === made.id)).toMatchObject([{ metric: 4 }]);
    expect(db.dailyHabits.filter((d) => d.journal_id === made.id)).toMatchObject([
      { is_practiced: true },
    ]);
    expect(db.goals[0]?.is_completed).toBe(true);
    expect(refusedWrites(second)).toEqual([]);
    // The cache holds the server's ids: no temporary one is left anywhere.
    const cached = JSON.stringify(
      second
        .getQueryCache()
        .getAll()
        .map((query) => query.state.data),
    );
    expect(cached).not.toMatch(/"(id|journal_id|journal)":-\d/);
    await waitFor(() => expect(savedWrites()).toEqual([]));
  }, 20_000);

  it('resumes a creation cut after the journal POST without a second journal or an orphan', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 0, habits: ['Read', 'Walk'] }));
    const id = fixture.month.id;
    const first = await openPage(fixture);
    const { result } = renderQueryHook(() => useCreateJournal(id), first);
    // The journal lands; the tab dies before its value and ticks are answered.
    server.use(
      http.post(apiUrl('api/dailymeasures/'), () => new Promise<never>(() => {})),
      http.post(apiUrl('api/dailyhabits/'), () => new Promise<never>(() => {})),
    );
    await act(() =>
      result.current.mutateAsync({
        highlight: 'Cut',
        metric: 2,
        habits: fixture.habits.map((habit) => ({ habitId: habit.id, isPracticed: true })),
      }),
    );
    await waitFor(() => expect(db.journals).toHaveLength(1));
    await waitFor(() =>
      expect(savedWrites().map((write) => write.mutationKey?.[1])).toEqual([
        'daily-measure.create',
        'daily-habit.create',
        'daily-habit.create',
      ]),
    );
    stopQueryPersistence(first);
    first.getMutationCache().clear();
    server.resetHandlers();

    const second = await openPage(fixture);
    await whenSynced(second, 8000);
    expect(db.journals).toHaveLength(1);
    const journal = db.journals[0]!;
    // The saved steps already refer to the server's id, swapped before the tab died.
    expect(db.dailyMeasures.map((d) => d.journal_id)).toEqual([journal.id]);
    expect(db.dailyHabits.map((d) => d.journal_id)).toEqual([journal.id, journal.id]);
  }, 20_000);

  it('sends a step only once the device has saved it: a tab closed as the server gets the entry loses no value or tick', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 0, habits: ['Read'] }));
    const id = fixture.month.id;
    const first = await openPage(fixture);
    // A slow device: each save is written a moment after it is asked for (IndexedDB commits later).
    const storage = device.storage();
    const write = storage.setItem;
    storage.setItem = async (key, value) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await write(key, value);
    };
    // The tab dies as its entry reaches the server: the device keeps what was saved by then.
    let savedAtArrival: unknown[] | undefined;
    server.use(
      http.post(apiUrl('api/journals/'), () => {
        savedAtArrival ??= savedWrites().map((saved) => saved.mutationKey?.[1]);
        return undefined;
      }),
    );
    const { result } = renderQueryHook(() => useCreateJournal(id), first);
    await act(() =>
      result.current.mutateAsync({
        highlight: 'Closed at once',
        metric: 4,
        habits: fixture.habits.map((habit) => ({ habitId: habit.id, isPracticed: true })),
      }),
    );
    await waitFor(() => expect(savedAtArrival).toBeDefined());
    expect(savedAtArrival).toEqual([
      'journal.create',
      'daily-measure.create',
      'daily-habit.create',
    ]);
  });

  it('sends writes of different items side by side: one slow answer holds back only its own item', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 0, goals: ['Swim', 'Run'] }));
    const [swim, run] = [fixture.goals[0]!, fixture.goals[1]!];
    const queryClient = await openPage(fixture);
    const { result } = renderQueryHook(() => useToggleGoal(fixture.month.id), queryClient);
    let answerSwim = () => {};
    const swimHeld = new Promise<void>((resolve) => {
      answerSwim = resolve;
    });
    server.use(
      http.patch(apiUrl(`api/goals/${swim.id}/`), async () => {
        await swimHeld;
        return undefined;
      }),
    );
    act(() => result.current.mutate({ goalId: swim.id, isCompleted: true }));
    act(() => result.current.mutate({ goalId: run.id, isCompleted: true }));
    // Run's tick lands while Swim's request is still unanswered.
    await waitFor(() =>
      expect(db.goals.find((goal) => goal.id === run.id)?.is_completed).toBe(true),
    );
    expect(db.goals.find((goal) => goal.id === swim.id)?.is_completed).toBe(false);
    answerSwim();
    await whenSynced(queryClient);
    expect(db.goals.every((goal) => goal.is_completed)).toBe(true);
  });

  it('deletes an entry only after its earlier ticks are answered', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 1, habits: ['Read'] }));
    const journal = fixture.journals[0]!;
    const tick = fixture.dailyHabits[0]!;
    const queryClient = await openPage(fixture);
    const { result } = renderQueryHook(
      () => ({
        tick: useToggleDailyHabit(fixture.month.id),
        remove: useDeleteJournal(fixture.month.id),
      }),
      queryClient,
    );
    let answerTick = () => {};
    const tickHeld = new Promise<void>((resolve) => {
      answerTick = resolve;
    });
    let ticked = false;
    server.use(
      http.patch(apiUrl(`api/dailyhabits/${tick.id}/`), async () => {
        ticked = true;
        await tickHeld;
        return undefined;
      }),
    );
    requestLog.length = 0;
    act(() =>
      result.current.tick.mutate({ dailyHabitId: tick.id, isPracticed: !tick.is_practiced }),
    );
    act(() => result.current.remove.mutate(journal.id));
    await waitFor(() => expect(ticked).toBe(true));
    expect(requestLog.some((request) => request.startsWith('DELETE'))).toBe(false);
    answerTick();
    await whenSynced(queryClient);
    expect(requestLog.filter((request) => !request.startsWith('GET'))).toEqual([
      `PATCH /api/dailyhabits/${tick.id}/`,
      `DELETE /api/journals/delete/${journal.id}/`,
    ]);
    expect(refusedWrites(queryClient)).toEqual([]);
  });

  it('saves only the queued writes: another mutation under way is no change of the user’s', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 0, goals: ['Swim'] }));
    const queryClient = await openPage(fixture);
    const { result } = renderQueryHook(() => useToggleGoal(fixture.month.id), queryClient);
    setBrowserOnline(false);
    // Such as the billing portal's link, asked for as the page goes to the portal.
    const portal = new MutationObserver(queryClient, {
      mutationKey: ['billing', 'portal'],
      mutationFn: () => new Promise<never>(() => {}),
    });
    portal.mutate().catch(() => {});
    act(() => result.current.mutate({ goalId: fixture.goals[0]!.id, isCompleted: true }));
    await waitFor(() => expect(savedWrites()).toHaveLength(1));
    expect(savedWrites().map((write) => write.mutationKey)).toEqual([['write', 'goal.update']]);
  });

  it('sends a write refused with 401 again once the session is refreshed', async () => {
    const fixture = seedMonth(makeMonthFixture({ goals: ['Swim'] }));
    const queryClient = await openPage(fixture);
    const { result } = renderQueryHook(() => useToggleGoal(fixture.month.id), queryClient);
    let refuse = true;
    server.use(
      http.patch(apiUrl('api/goals/:id/'), () =>
        refuse ? HttpResponse.json({ detail: 'expired' }, { status: 401 }) : undefined,
      ),
      http.post(apiUrl('api/token/refresh/'), () =>
        HttpResponse.json({ detail: 'no' }, { status: 401 }),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => result.current.mutate({ goalId: fixture.goals[0]!.id, isCompleted: true }));
    await waitFor(() => expect(queuedWrites(queryClient)[0]?.state.status).toBe('error'));
    expect(db.goals[0]?.is_completed).toBe(false);

    refuse = false;
    server.resetHandlers();
    storeTokens({ access: makeJwt(30 * 60, { user_id: USER_ID }), refresh: makeJwt(3600) });
    await whenSynced(queryClient);
    expect(db.goals[0]?.is_completed).toBe(true);
    vi.restoreAllMocks();
  });
});
