import { useQuery } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { discardWrite, queuedWrites } from '../../../src/offline/sync';
import { dailyHabitsQueryOptions, dailyMeasuresQueryOptions } from '../../../src/queries/daily';
import { isDeletedElsewhere } from '../../../src/queries/deleted-elsewhere';
import {
  journalsQueryOptions,
  useCreateJournal,
  useDeleteJournal,
  useUpdateJournal,
} from '../../../src/queries/journals';
import { goalKeys, habitKeys, measureKeys } from '../../../src/queries/keys';
import { type MonthFixture, makeMonthFixture } from '../../fixtures/factories';
import { db, seedMonth } from '../msw/db';
import { failing } from '../msw/responses';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { restoreOnlineAfterEach, setBrowserOnline } from '../offline/offline-support';
import { refusedWrites, whenSynced } from './sync-helpers';
import { createTestQueryClient, renderQueryHook } from './wrapper';

setupMswServer();
restoreOnlineAfterEach();

/** A cache as the journals page leaves it, with observers so invalidation refetches. */
async function renderOnPage<T>(fixture: MonthFixture, hook: () => T) {
  const id = fixture.month.id;
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(measureKeys.list(id), fixture.measures);
  queryClient.setQueryData(goalKeys.list(id), fixture.goals);
  const rendered = renderQueryHook(
    () => ({
      journals: useQuery(journalsQueryOptions(id)),
      dailyHabits: useQuery(dailyHabitsQueryOptions(id)),
      dailyMeasures: useQuery(dailyMeasuresQueryOptions(id)),
      hook: hook(),
    }),
    queryClient,
  );
  await waitFor(() => expect(rendered.result.current.dailyMeasures.isSuccess).toBe(true));
  await waitFor(() => expect(rendered.result.current.dailyHabits.isSuccess).toBe(true));
  requestLog.length = 0;
  return rendered;
}

describe('journalsQueryOptions', () => {
  it("lists the month's journals with ?month=", async () => {
    const { month, journals } = seedMonth(makeMonthFixture({ journals: 3 }));
    seedMonth(makeMonthFixture({ journals: 2 }));
    const { result } = renderQueryHook(() => useQuery(journalsQueryOptions(month.id)));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(journals);
    expect(requestLog).toEqual([`GET /api/journals/?month=${month.id}`]);
  });

  it('surfaces a failure', async () => {
    server.use(failing('get', 'api/journals/', 500));
    const { result } = renderQueryHook(() => useQuery(journalsQueryOptions(1)));
    await waitFor(() => expect(result.current.isError).toBe(true));
  });
});

describe('useCreateJournal', () => {
  it('shows the entry at once, then sends journal → daily measure → daily habits in order, with no reload', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 2, habits: ['Read', 'Walk', 'Yoga'] }));
    const [read, walk, yoga] = fixture.habits;
    const { result, queryClient } = await renderOnPage(fixture, () =>
      useCreateJournal(fixture.month.id),
    );

    const shown = await act(() =>
      result.current.hook.mutateAsync({
        highlight: 'Finished the book',
        metric: 6.5,
        habits: [
          { habitId: read!.id, isPracticed: true },
          { habitId: walk!.id, isPracticed: false },
          { habitId: yoga!.id, isPracticed: true },
        ],
      }),
    );
    const id = fixture.month.id;
    // On screen before the server answers, with a temporary id.
    expect(shown.id).toBeLessThan(0);
    expect(shown.highlight).toBe('Finished the book');
    await whenSynced(queryClient);

    expect(requestLog).toEqual([
      'POST /api/journals/',
      'POST /api/dailymeasures/',
      'POST /api/dailyhabits/',
      'POST /api/dailyhabits/',
      'POST /api/dailyhabits/',
    ]);
    const journal = db.journals.find((j) => j.highlight === 'Finished the book')!;
    const made = db.dailyHabits.filter((d) => d.journal_id === journal.id);
    expect(made.map((d) => [d.habit_id, d.is_practiced])).toEqual([
      [read!.id, true],
      [walk!.id, false],
      [yoga!.id, true],
    ]);
    expect(db.dailyMeasures.filter((d) => d.journal_id === journal.id)).toMatchObject([
      { measure_id: fixture.measures[0]!.id, metric: 6.5 },
    ]);
    // The temporary ids were swapped for the server's everywhere in the cache.
    expect(queryClient.getQueryData(journalsQueryOptions(id).queryKey)).toContainEqual(journal);
    expect(
      queryClient
        .getQueryData(dailyHabitsQueryOptions(id).queryKey)
        ?.filter((d) => d.journal_id === journal.id),
    ).toEqual(made);
    expect(
      queryClient
        .getQueryData(dailyMeasuresQueryOptions(id).queryKey)
        ?.filter((d) => d.journal_id === journal.id),
    ).toEqual(db.dailyMeasures.filter((d) => d.journal_id === journal.id));
    const everything = JSON.stringify(
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.state.data),
    );
    expect(everything).not.toMatch(/"(id|journal_id|journal)":-\d/);
    // Goals were not touched.
    expect(queryClient.getQueryState(goalKeys.list(id))?.isInvalidated).toBe(false);
  });

  it("keeps another tab's edit and tick of an entry still queued here: shown again, the create does not undo them", async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 1, habits: ['Read'] }));
    const [read] = fixture.habits;
    const id = fixture.month.id;
    const { result, queryClient } = await renderOnPage(fixture, () => useCreateJournal(id));
    // The page has the month's habits: the new entry's tick is shown with it.
    queryClient.setQueryData(habitKeys.list(id), fixture.habits);
    setBrowserOnline(false);
    const shown = await act(() =>
      result.current.hook.mutateAsync({
        highlight: 'Written here',
        metric: 2,
        habits: [{ habitId: read!.id, isPracticed: true }],
      }),
    );

    // Another tab edits the entry and unticks its habit; its lists come whole (src/offline/tabs.ts).
    const journals = queryClient.getQueryData(journalsQueryOptions(id).queryKey) ?? [];
    const dailies = queryClient.getQueryData(dailyHabitsQueryOptions(id).queryKey) ?? [];
    await act(async () => {
      queryClient.setQueryData(
        journalsQueryOptions(id).queryKey,
        journals.map((j) =>
          j.id === shown.id ? { ...j, highlight: 'Edited in the other tab' } : j,
        ),
      );
      queryClient.setQueryData(
        dailyHabitsQueryOptions(id).queryKey,
        dailies.map((d) => (d.journal_id === shown.id ? { ...d, is_practiced: false } : d)),
      );
    });

    expect(
      queryClient
        .getQueryData(journalsQueryOptions(id).queryKey)
        ?.filter((j) => j.id === shown.id)
        .map((j) => j.highlight),
    ).toEqual(['Edited in the other tab']);
    expect(
      queryClient
        .getQueryData(dailyHabitsQueryOptions(id).queryKey)
        ?.filter((d) => d.journal_id === shown.id)
        .map((d) => d.is_practiced),
    ).toEqual([false]);
  });

  it("writes each step's change to the cache once, however many changes wait to sync", async () => {
    const habits = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
    const fixture = seedMonth(makeMonthFixture({ journals: 2, habits }));
    const { result, queryClient } = await renderOnPage(fixture, () =>
      useCreateJournal(fixture.month.id),
    );
    // As on the page: a tick shows at once only with its habit known.
    queryClient.setQueryData(habitKeys.list(fixture.month.id), fixture.habits);
    const entry = (highlight: string) => ({
      highlight,
      metric: 1,
      habits: fixture.habits.map((habit) => ({ habitId: habit.id, isPracticed: true })),
    });
    // Offline, a first entry's ten steps wait to sync.
    setBrowserOnline(false);
    await act(() => result.current.hook.mutateAsync(entry('Waiting')));
    const cacheWrites = vi.spyOn(queryClient, 'setQueryData');
    await act(async () => {
      await result.current.hook.mutateAsync(entry('Second'));
      // Every step's onMutate has run.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const writes = cacheWrites.mock.calls.map(([key]) => JSON.stringify(key));
    cacheWrites.mockRestore();
    // The entry, its measure and one tick per habit, each written over the cache (which shows the
    // waiting changes already) once: not every waiting change again on each step.
    expect(writes).toHaveLength(1 + 1 + habits.length);
    setBrowserOnline(true);
    await whenSynced(queryClient);
    expect(db.journals.filter((j) => ['Waiting', 'Second'].includes(j.highlight))).toHaveLength(2);
  });

  it('keeps the entry and shows a refused daily habit with its message; nothing is deleted behind the user', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 1, habits: ['Read', 'Walk'] }));
    const { result, queryClient } = await renderOnPage(fixture, () =>
      useCreateJournal(fixture.month.id),
    );
    server.use(failing('post', 'api/dailyhabits/', 400));

    await act(() =>
      result.current.hook.mutateAsync({
        highlight: 'Half made',
        metric: 1,
        habits: fixture.habits.map((h) => ({ habitId: h.id, isPracticed: false })),
      }),
    );
    await whenSynced(queryClient);

    expect(requestLog).toEqual([
      'POST /api/journals/',
      'POST /api/dailymeasures/',
      'POST /api/dailyhabits/',
      'POST /api/dailyhabits/',
    ]);
    expect(db.journals.some((j) => j.highlight === 'Half made')).toBe(true);
    expect(refusedWrites(queryClient).map((write) => write.name)).toEqual([
      'daily-habit.create',
      'daily-habit.create',
    ]);
  });

  it('sends a step cut by the network again with its key, then the rest: nothing twice, nothing missing', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 0 }));
    const { result, queryClient } = await renderOnPage(fixture, () =>
      useCreateJournal(fixture.month.id),
    );
    let cut = 1;
    server.use(
      // Once cut, then the usual handler answers.
      http.post(apiUrl('api/dailymeasures/'), () => (cut-- > 0 ? HttpResponse.error() : undefined)),
    );

    await act(() => result.current.hook.mutateAsync({ highlight: 'x', metric: 1, habits: [] }));
    await whenSynced(queryClient, 8000);

    expect(db.journals).toHaveLength(1);
    expect(db.dailyMeasures.filter((d) => d.journal_id === db.journals[0]!.id)).toHaveLength(1);
    expect(refusedWrites(queryClient)).toEqual([]);
  }, 12_000);

  it('sends nothing more when the journal itself is refused: its steps are refused with it', async () => {
    const fixture = seedMonth(makeMonthFixture({ habits: ['Read'] }));
    const { result, queryClient } = await renderOnPage(fixture, () =>
      useCreateJournal(fixture.month.id),
    );
    server.use(failing('post', 'api/journals/', 400));
    await act(() =>
      result.current.hook.mutateAsync({
        highlight: 'x',
        metric: 1,
        habits: [{ habitId: fixture.habits[0]!.id, isPracticed: true }],
      }),
    );
    await whenSynced(queryClient);
    expect(requestLog).toEqual(['POST /api/journals/']);
    expect(refusedWrites(queryClient).map((write) => write.name)).toEqual([
      'journal.create',
      'daily-measure.create',
      'daily-habit.create',
    ]);
  });

  it('reads the measures first when they are not cached yet', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 0, habits: [] }));
    const { result, queryClient } = renderQueryHook(() => useCreateJournal(fixture.month.id));
    await act(() => result.current.mutateAsync({ highlight: 'x', metric: 3, habits: [] }));
    await whenSynced(queryClient);
    expect(requestLog).toEqual([
      `GET /api/measures/?month=${fixture.month.id}`,
      'POST /api/journals/',
      'POST /api/dailymeasures/',
    ]);
  });
});

describe('useUpdateJournal', () => {
  it('patches only what changed and updates those rows in cache', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 3, habits: ['Read', 'Walk'] }));
    const id = fixture.month.id;
    const journal = fixture.journals[1]!;
    const [readTick, walkTick] = fixture.dailyHabits.filter((d) => d.journal_id === journal.id);
    const dailyMeasure = fixture.dailyMeasures.find((d) => d.journal_id === journal.id)!;
    const { result, queryClient } = await renderOnPage(fixture, () => useUpdateJournal(id));

    await act(() =>
      result.current.hook.mutateAsync({
        journalId: journal.id,
        highlight: 'Edited',
        metric: 42,
        habits: [
          { habitId: readTick!.habit_id, isPracticed: readTick!.is_practiced },
          { habitId: walkTick!.habit_id, isPracticed: !walkTick!.is_practiced },
        ],
      }),
    );

    expect(requestLog).toEqual([
      `PATCH /api/journals/${journal.id}/`,
      `PATCH /api/dailymeasures/${dailyMeasure.id}/`,
      `PATCH /api/dailyhabits/${walkTick!.id}/`,
    ]);
    const journals = queryClient.getQueryData(journalsQueryOptions(id).queryKey)!;
    expect(journals.find((j) => j.id === journal.id)?.highlight).toBe('Edited');
    expect(journals.filter((j) => j.id !== journal.id).map((j) => j.highlight)).toEqual([
      'Day 1',
      'Day 3',
    ]);
    expect(
      queryClient
        .getQueryData(dailyMeasuresQueryOptions(id).queryKey)
        ?.find((d) => d.id === dailyMeasure.id)?.metric,
    ).toBe(42);
    expect(
      queryClient
        .getQueryData(dailyHabitsQueryOptions(id).queryKey)
        ?.find((d) => d.id === walkTick!.id)?.is_practiced,
    ).toBe(walkTick!.is_practiced);
  });

  it('sends nothing for an edit that changes nothing', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 1 }));
    const journal = fixture.journals[0]!;
    const { metric } = fixture.dailyMeasures[0]!;
    const { result } = await renderOnPage(fixture, () => useUpdateJournal(fixture.month.id));
    await act(() =>
      result.current.hook.mutateAsync({
        journalId: journal.id,
        highlight: journal.highlight,
        metric,
        habits: fixture.dailyHabits.map((d) => ({
          habitId: d.habit_id,
          isPracticed: d.is_practiced,
        })),
      }),
    );
    expect(requestLog).toEqual([]);
  });

  it('creates the daily items a journal lacks', async () => {
    const fixture = makeMonthFixture({ journals: 1, habits: ['Read'] });
    seedMonth({ ...fixture, dailyHabits: [], dailyMeasures: [] });
    const journal = fixture.journals[0]!;
    const { result, queryClient } = await renderOnPage(
      { ...fixture, dailyHabits: [], dailyMeasures: [] },
      () => useUpdateJournal(fixture.month.id),
    );
    // The page has the habits list, as the journals page does.
    queryClient.setQueryData(habitKeys.list(fixture.month.id), fixture.habits);
    await act(() =>
      result.current.hook.mutateAsync({
        journalId: journal.id,
        metric: 5,
        habits: [{ habitId: fixture.habits[0]!.id, isPracticed: true }],
      }),
    );
    // Shown at once.
    expect(
      queryClient.getQueryData(dailyHabitsQueryOptions(fixture.month.id).queryKey),
    ).toHaveLength(1);
    await whenSynced(queryClient);
    expect(requestLog).toEqual(['POST /api/dailymeasures/', 'POST /api/dailyhabits/']);
    expect(queryClient.getQueryData(dailyHabitsQueryOptions(fixture.month.id).queryKey)).toEqual(
      db.dailyHabits,
    );
    expect(
      queryClient.getQueryData(dailyMeasuresQueryOptions(fixture.month.id).queryKey),
    ).toMatchObject([{ metric: 5, id: db.dailyMeasures[0]!.id }]);
  });

  it('keeps every step on screen, and the refused one listed with its message', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 1 }));
    const journal = fixture.journals[0]!;
    const { result, queryClient } = await renderOnPage(fixture, () =>
      useUpdateJournal(fixture.month.id),
    );
    server.use(failing('patch', 'api/dailymeasures/:id/', 400));

    await act(() =>
      result.current.hook.mutateAsync({ journalId: journal.id, highlight: 'Saved', metric: 99 }),
    );
    await whenSynced(queryClient);

    expect(db.journals[0]?.highlight).toBe('Saved');
    expect(
      queryClient.getQueryData(journalsQueryOptions(fixture.month.id).queryKey)?.[0]?.highlight,
    ).toBe('Saved');
    // Never dropped without a word: still shown, marked refused, until edited or discarded.
    expect(
      queryClient.getQueryData(dailyMeasuresQueryOptions(fixture.month.id).queryKey)?.[0]?.metric,
    ).toBe(99);
    expect(refusedWrites(queryClient).map((write) => write.name)).toEqual(['daily-measure.update']);
  });
});

describe('useDeleteJournal', () => {
  it('removes the journal and its daily items from the caches, without refetching', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 3, habits: ['Read', 'Walk'] }));
    const id = fixture.month.id;
    const gone = fixture.journals[0]!;
    const { result, queryClient } = await renderOnPage(fixture, () => useDeleteJournal(id));

    await act(() => result.current.hook.mutate(gone.id));

    expect(requestLog).toEqual([`DELETE /api/journals/delete/${gone.id}/`]);
    expect(queryClient.getQueryData(journalsQueryOptions(id).queryKey)?.map((j) => j.id)).toEqual(
      fixture.journals.slice(1).map((j) => j.id),
    );
    expect(queryClient.getQueryData(dailyHabitsQueryOptions(id).queryKey)).toHaveLength(4);
    expect(
      queryClient
        .getQueryData(dailyHabitsQueryOptions(id).queryKey)
        ?.some((d) => d.journal_id === gone.id),
    ).toBe(false);
    expect(
      queryClient.getQueryData(dailyMeasuresQueryOptions(id).queryKey)?.map((d) => d.journal_id),
    ).toEqual(fixture.journals.slice(1).map((j) => j.id));
  });

  it('shows a refused delete, and discarding it brings the entry back from the server', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 2 }));
    const { result, queryClient } = await renderOnPage(fixture, () =>
      useDeleteJournal(fixture.month.id),
    );
    server.use(failing('delete', 'api/journals/delete/:id/', 403));
    await act(() => result.current.hook.mutate(fixture.journals[0]!.id));
    expect(queryClient.getQueryData(journalsQueryOptions(fixture.month.id).queryKey)).toHaveLength(
      1,
    );
    await whenSynced(queryClient);
    expect(refusedWrites(queryClient).map((write) => write.name)).toEqual(['journal.delete']);

    server.resetHandlers();
    discardWrite(queryClient, queuedWrites(queryClient)[0]!);
    await waitFor(() =>
      expect(
        queryClient.getQueryData(journalsQueryOptions(fixture.month.id).queryKey),
      ).toHaveLength(2),
    );
    expect(queuedWrites(queryClient)).toEqual([]);
  });
});

describe('journal dates', () => {
  it('creates the journal on the given day', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 1, habits: [] }));
    const { result, queryClient } = await renderOnPage(fixture, () =>
      useCreateJournal(fixture.month.id),
    );
    const journal = await act(() =>
      result.current.hook.mutateAsync({
        highlight: 'Forgotten',
        createdAt: '2024-01-20',
        metric: 1,
        habits: [],
      }),
    );
    expect(journal.created_at).toBe('2024-01-20');
    await whenSynced(queryClient);
    expect(db.journals.find((j) => j.highlight === 'Forgotten')?.created_at).toBe('2024-01-20');
  });

  it('moves an entry to another day in one PATCH, keeping the cached list in date order', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 3 }));
    const id = fixture.month.id;
    const [day1, day2, day3] = fixture.journals;
    const { result, queryClient } = await renderOnPage(fixture, () => useUpdateJournal(id));

    await act(() =>
      result.current.hook.mutateAsync({
        journalId: day3!.id,
        highlight: 'Really the first',
        createdAt: '2023-12-31',
      }),
    );

    expect(requestLog).toEqual([`PATCH /api/journals/${day3!.id}/`]);
    expect(queryClient.getQueryData(journalsQueryOptions(id).queryKey)?.map((j) => j.id)).toEqual([
      day3!.id,
      day1!.id,
      day2!.id,
    ]);
  });

  it('sends no PATCH when the date and highlight are unchanged', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 1 }));
    const journal = fixture.journals[0]!;
    const { result } = await renderOnPage(fixture, () => useUpdateJournal(fixture.month.id));
    await act(() =>
      result.current.hook.mutateAsync({
        journalId: journal.id,
        highlight: journal.highlight,
        createdAt: journal.created_at,
      }),
    );
    expect(requestLog).toEqual([]);
  });
});

describe('a failed attempt', () => {
  it("tells an edit's first failed attempt at once, as a create's, while the change stays queued to be sent again", async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 1, habits: ['Read'] }));
    const [journal] = fixture.journals;
    const onError = vi.fn();
    const { result, queryClient } = await renderOnPage(fixture, () =>
      useUpdateJournal(fixture.month.id, { onFailure: onError }),
    );
    server.use(failing('patch', 'api/journals/:id/', 503));

    act(() => result.current.hook.mutate({ journalId: journal!.id, highlight: 'Edited' }));
    // The edit compares with the cached entry first (an await) before it queues its writes.
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(queuedWrites(queryClient).map((write) => write.state.status)).toEqual(['pending']);
  });
});

describe('an entry deleted elsewhere', () => {
  it('drops the card and its daily items from the caches on a 404, and says it was deleted elsewhere', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 2, habits: ['Read'] }));
    const [gone, kept] = fixture.journals;
    let error: unknown;
    const { result, queryClient } = await renderOnPage(fixture, () =>
      useUpdateJournal(fixture.month.id, { onFailure: (caught) => (error = caught) }),
    );
    db.journals = db.journals.filter((j) => j.id !== gone!.id);
    db.dailyHabits = db.dailyHabits.filter((d) => d.journal_id !== gone!.id);
    db.dailyMeasures = db.dailyMeasures.filter((d) => d.journal_id !== gone!.id);

    result.current.hook.mutate({ journalId: gone!.id, highlight: 'Edited in a stale tab' });
    await waitFor(() => expect(error).toBeDefined());

    expect(isDeletedElsewhere(error)).toBe(true);
    expect((error as Error).message).toBe(
      'This entry was deleted elsewhere (in another tab or device). You can restore it from Settings → Recently deleted for 30 days.',
    );
    const id = fixture.month.id;
    await waitFor(() =>
      expect(queryClient.getQueryData(journalsQueryOptions(id).queryKey)?.map((j) => j.id)).toEqual(
        [kept!.id],
      ),
    );
    const dailyHabits = queryClient.getQueryData(dailyHabitsQueryOptions(id).queryKey) ?? [];
    expect(dailyHabits.some((d) => d.journal_id === gone!.id)).toBe(false);
    const dailyMeasures = queryClient.getQueryData(dailyMeasuresQueryOptions(id).queryKey) ?? [];
    expect(dailyMeasures.some((d) => d.journal_id === gone!.id)).toBe(false);
  });
});

describe('useCreateJournal and the Idempotency-Key', () => {
  function recordKeys() {
    const keys: string[] = [];
    const record = ({ request }: { request: Request }) => {
      if (request.method === 'POST') keys.push(request.headers.get('idempotency-key') ?? 'none');
    };
    server.events.on('request:start', record);
    return { keys, stop: () => server.events.removeListener('request:start', record) };
  }
  const entryFor = (fixture: MonthFixture) => ({
    highlight: 'Once',
    createdAt: '2024-01-05',
    metric: 7,
    habits: [{ habitId: fixture.habits[0]!.id, isPracticed: true }],
  });

  it('sends a create whose answer was lost again with the same key, so the server answers the first result', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 0, habits: ['Read'] }));
    const { result, queryClient } = await renderOnPage(fixture, () =>
      useCreateJournal(fixture.month.id),
    );
    const { keys, stop } = recordKeys();
    // The answer never arrives (the server's side of a repeated key: tests/api).
    let lose = 1;
    server.use(
      http.post(apiUrl('api/journals/'), () => (lose-- > 0 ? HttpResponse.error() : undefined)),
    );
    await act(() => result.current.hook.mutateAsync(entryFor(fixture)));
    await whenSynced(queryClient, 8000);
    stop();

    // journal (answer lost), journal again, daily measure, daily habit: each step its own key.
    expect(keys).toHaveLength(4);
    expect(keys[1]).toBe(keys[0]);
    expect(new Set(keys.slice(1)).size).toBe(3);
    expect(keys.every((key) => key !== 'none')).toBe(true);
    expect(db.journals).toHaveLength(1);
    expect(db.dailyHabits).toHaveLength(1);
  }, 12_000);

  it('gives each new entry new keys, even with the same input', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 0, habits: ['Read'] }));
    const { result, queryClient } = await renderOnPage(fixture, () =>
      useCreateJournal(fixture.month.id),
    );
    const { keys, stop } = recordKeys();
    await act(() => result.current.hook.mutateAsync(entryFor(fixture)));
    await whenSynced(queryClient);
    const firstTry = keys.splice(0);
    await act(() => result.current.hook.mutateAsync(entryFor(fixture)));
    await whenSynced(queryClient);
    stop();

    expect(firstTry).toHaveLength(3);
    expect(keys).toHaveLength(3);
    expect(keys.some((key) => firstTry.includes(key))).toBe(false);
    expect(db.journals).toHaveLength(2);
  });
});
