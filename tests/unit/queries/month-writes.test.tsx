// Months (with their habits and measures), month edits and deletes, and restores from the bin,
// queued offline and sent in order after a reload.
import type { QueryClient } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { Journal, Month } from '../../../contract/entities';
import { stopQueryPersistence } from '../../../src/offline/query-persistence';
import { queuedWrites } from '../../../src/offline/sync';
import { journalsQueryOptions, useCreateJournal } from '../../../src/queries/journals';
import {
  habitKeys,
  journalKeys,
  measureKeys,
  monthKeys,
  trashKeys,
} from '../../../src/queries/keys';
import { useEditMonth } from '../../../src/queries/month-edit';
import {
  monthSummariesQueryOptions,
  useCreateMonth,
  useDeleteMonth,
  useMonthCounts,
  useUpdateMonth,
} from '../../../src/queries/months';
import { trashQueryOptions, useRestoreItem } from '../../../src/queries/trash';
import { makeMonth, makeMonthFixture } from '../../fixtures/factories';
import { db, seedMonth } from '../msw/db';
import { binItem } from '../msw/handlers/trash';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { restoreOnlineAfterEach, setBrowserOnline } from '../offline/offline-support';
import { savingDeviceEachTest } from '../offline/saving-device';
import { refusedWrites, whenSynced } from './sync-helpers';
import { renderQueryHook } from './wrapper';

setupMswServer();
restoreOnlineAfterEach();

const device = savingDeviceEachTest();

/** A page load: the app's client with its saved data and queue restored; online, the months read. */
async function openApp(months: Month[]) {
  const queryClient = await device.load();
  if (queryClient.getQueryData(monthKeys.list()) === undefined)
    queryClient.setQueryData(monthKeys.list(), structuredClone(months));
  return queryClient;
}

/** The tab closes (its memory goes with it). */
function closeTab(queryClient: QueryClient) {
  stopQueryPersistence(queryClient);
  queryClient.getMutationCache().clear();
}

const { savedWrites } = device;
const names = (queryClient: QueryClient) =>
  queuedWrites(queryClient).map((write) => write.options.mutationKey?.[1]);
const monthNames = (queryClient: QueryClient) =>
  queryClient.getQueryData<Month[]>(monthKeys.list())?.map((month) => month.name);

describe('month writes made offline', () => {
  it('creates a month with its habits and measure, an entry in it, renames, deletes and restores — over a reload, in order', async () => {
    const renamed = { ...makeMonth({ name: 'February' }), version: 2 };
    const deleted = seedMonth(makeMonthFixture({ name: 'March', journals: 1 }));
    const binned = makeMonth({ name: 'December' });
    db.months.push(renamed);
    binItem(
      {
        kind: 'month',
        id: binned.id,
        label: 'December',
        month: null,
        month_name: null,
        date: null,
      },
      () => {
        db.months.push(binned);
        return binned;
      },
    );
    const first = await openApp([renamed, deleted.month]);
    first.setQueryData(
      trashKeys.list(),
      db.trash.map((entry) => entry.item),
    );
    const { result } = renderQueryHook(
      () => ({
        create: useCreateMonth(),
        rename: useUpdateMonth(),
        remove: useDeleteMonth(),
        restore: useRestoreItem(),
      }),
      first,
    );
    requestLog.length = 0;
    setBrowserOnline(false);

    const made = await act(() =>
      result.current.create.mutateAsync({
        name: 'April',
        measure: 'Sleep hours',
        habits: ['Read', 'Walk'],
      }),
    );
    // The new month's page is there at once, under its temporary id: an entry can be written in it.
    expect(first.getQueryData(habitKeys.list(made.id))).toMatchObject([
      { name: 'Read' },
      { name: 'Walk' },
    ]);
    const entry = renderQueryHook(() => useCreateJournal(made.id), first);
    const habits = first.getQueryData<{ id: number }[]>(habitKeys.list(made.id))!;
    await act(() =>
      entry.result.current.mutateAsync({
        highlight: 'First day',
        createdAt: '2024-04-01',
        metric: 7,
        habits: habits.map((habit) => ({ habitId: habit.id, isPracticed: true })),
      }),
    );
    await act(() => result.current.rename.mutate({ id: renamed.id, name: 'Feb.' }));
    await act(() => result.current.remove.mutate(deleted.month.id));
    await act(() => result.current.restore.mutate({ kind: 'month', id: binned.id, month: null }));

    expect(monthNames(first)).toEqual(['Feb.', 'December', 'April']);
    expect(requestLog).toEqual([]);
    await waitFor(() => expect(savedWrites()).toHaveLength(11));

    closeTab(first);
    const second = await openApp([]);
    expect(names(second)).toEqual([
      'month.create',
      'habit.create',
      'habit.create',
      'measure.create',
      'journal.create',
      'daily-measure.create',
      'daily-habit.create',
      'daily-habit.create',
      'month.update',
      'month.delete',
      'trash.restore',
    ]);
    // Still shown, from the saved cache and queue.
    expect(monthNames(second)).toEqual(['Feb.', 'December', 'April']);
    expect(
      second.getQueryData<Journal[]>(journalKeys.list(made.id))?.map((j) => j.highlight),
    ).toEqual(['First day']);
    expect(requestLog).toEqual([]);

    setBrowserOnline(true);
    await whenSynced(second, 10_000);
    expect(refusedWrites(second)).toEqual([]);
    const april = db.months.find((month) => month.name === 'April')!;
    // Each once; writes of other months go side by side, an item's own in the order made.
    const sent = requestLog.filter((request) => !request.startsWith('GET'));
    expect([...sent].sort()).toEqual(
      [
        'POST /api/months/',
        'POST /api/habits/',
        'POST /api/habits/',
        'POST /api/measures/',
        'POST /api/journals/',
        'POST /api/dailymeasures/',
        'POST /api/dailyhabits/',
        'POST /api/dailyhabits/',
        `PATCH /api/months/${renamed.id}/`,
        `DELETE /api/months/delete/${deleted.month.id}/`,
        `POST /api/months/${binned.id}/restore/`,
      ].sort(),
    );
    const at = (request: string) => sent.indexOf(request);
    const lastAt = (request: string) => sent.lastIndexOf(request);
    expect(at('POST /api/months/')).toBeLessThan(at('POST /api/habits/'));
    expect(at('POST /api/months/')).toBeLessThan(at('POST /api/measures/'));
    expect(lastAt('POST /api/habits/')).toBeLessThan(at('POST /api/journals/'));
    expect(at('POST /api/measures/')).toBeLessThan(at('POST /api/journals/'));
    expect(at('POST /api/journals/')).toBeLessThan(at('POST /api/dailymeasures/'));
    expect(at('POST /api/journals/')).toBeLessThan(at('POST /api/dailyhabits/'));
    // The server holds exactly that.
    expect(db.months.map((month) => month.name).sort()).toEqual(['April', 'December', 'Feb.']);
    expect(db.habits.filter((h) => h.month_id === april.id).map((h) => h.name)).toEqual([
      'Read',
      'Walk',
    ]);
    expect(db.measures.filter((m) => m.month_id === april.id).map((m) => m.name)).toEqual([
      'Sleep hours',
    ]);
    const journal = db.journals.find((j) => j.month_id === april.id)!;
    expect(journal).toMatchObject({ highlight: 'First day', created_at: '2024-04-01' });
    expect(db.dailyMeasures.filter((d) => d.journal_id === journal.id)).toMatchObject([
      { metric: 7 },
    ]);
    expect(
      db.dailyHabits
        .filter((d) => d.journal_id === journal.id)
        .map((d) => db.habits.find((h) => h.id === d.habit_id)?.month_id),
    ).toEqual([april.id, april.id]);
    // No temporary id is left in the cache, and the new month's page moved to its server id.
    const cached = JSON.stringify(
      second
        .getQueryCache()
        .getAll()
        .filter((query) => !(typeof query.queryKey[1] === 'number' && query.queryKey[1] < 0))
        .map((query) => query.state.data),
    );
    expect(cached).not.toMatch(/"(id|month|month_id|journal_id|habit_id|measure_id)":-\d/);
    expect(second.getQueryData(measureKeys.list(april.id))).toEqual(
      db.measures.filter((m) => m.month_id === april.id),
    );
    await waitFor(() => expect(savedWrites()).toEqual([]));
  }, 30_000);

  it('queues an edit (rename with If-Match, a habit added, one removed, the measure renamed) and sends it when back online', async () => {
    const fixture = seedMonth(makeMonthFixture({ name: 'May', habits: ['Read', 'Walk'] }));
    const month = { ...fixture.month, version: 4 };
    Object.assign(fixture.month, { version: 4 });
    const queryClient = await openApp([month]);
    queryClient.setQueryData(habitKeys.list(month.id), structuredClone(fixture.habits));
    queryClient.setQueryData(measureKeys.list(month.id), structuredClone(fixture.measures));
    const { result } = renderQueryHook(() => useEditMonth(), queryClient);
    const [read, walk] = fixture.habits;
    // The shared handlers have no habit DELETE; the server deletes the habit's ticks with it.
    server.use(
      http.delete(apiUrl('api/habits/:id/'), ({ params }) => {
        db.habits = db.habits.filter((h) => h.id !== Number(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    requestLog.length = 0;
    setBrowserOnline(false);

    await act(() =>
      result.current.mutateAsync({
        monthId: month.id,
        name: 'May 2024',
        measure: { id: fixture.measures[0]!.id, name: 'Steps' },
        habits: [
          { id: read!.id, name: 'Read' },
          { id: null, name: 'Swim' },
        ],
        removed: [walk!.id],
      }),
    );
    expect(monthNames(queryClient)).toEqual(['May 2024']);
    expect(
      queryClient.getQueryData<{ name: string }[]>(habitKeys.list(month.id))?.map((h) => h.name),
    ).toEqual(['Read', 'Swim']);
    expect(names(queryClient)).toEqual([
      'month.update',
      'measure.update',
      'habit.delete',
      'habit.create',
    ]);
    expect(requestLog).toEqual([]);

    setBrowserOnline(true);
    await whenSynced(queryClient, 8000);
    expect(requestLog.filter((request) => !request.startsWith('GET'))).toEqual([
      `PATCH /api/months/${month.id}/`,
      `PATCH /api/measures/${fixture.measures[0]!.id}/`,
      `DELETE /api/habits/${walk!.id}/`,
      'POST /api/habits/',
    ]);
    expect(db.months[0]?.name).toBe('May 2024');
    expect(db.measures[0]?.name).toBe('Steps');
    expect(db.habits.filter((h) => h.month_id === month.id).map((h) => h.name)).toEqual([
      'Read',
      'Swim',
    ]);
  }, 20_000);
});

describe('a month made offline, over a reload before it lands', () => {
  it('its page keeps the queued habits and measures, so the entry modal shows them', async () => {
    const first = await openApp([]);
    const { result } = renderQueryHook(() => useCreateMonth(), first);
    setBrowserOnline(false);
    const made = await act(() =>
      result.current.mutateAsync({
        name: 'June',
        measure: 'Km',
        habits: ['Run'],
        moreMeasures: [{ name: 'Pages', unit: null, target: null, target_direction: null }],
      }),
    );
    await waitFor(() => expect(savedWrites()).toHaveLength(4));

    closeTab(first);
    const second = await openApp([]);
    const measureNames = () =>
      second.getQueryData<{ name: string }[]>(measureKeys.list(made.id))?.map((m) => m.name);
    await waitFor(() => expect(measureNames()).toEqual(['Km', 'Pages']));
    expect(
      second.getQueryData<{ name: string }[]>(habitKeys.list(made.id))?.map((h) => h.name),
    ).toEqual(['Run']);
  });
});

describe('Edit month offline, for a month whose habits and measures were never read', () => {
  it('queues the rename at once: a name-only edit does not need them', async () => {
    const month = { ...makeMonth({ name: 'July' }), version: 1 };
    db.months.push(month);
    const queryClient = await openApp([month]);
    const { result } = renderQueryHook(() => useEditMonth(), queryClient);
    setBrowserOnline(false);

    await act(() =>
      result.current.mutateAsync({ monthId: month.id, name: 'July 2024', moodEnabled: true }),
    );
    expect(names(queryClient)).toEqual(['month.update']);
    expect(monthNames(queryClient)).toEqual(['July 2024']);

    setBrowserOnline(true);
    await whenSynced(queryClient);
    expect(db.months.find((m) => m.id === month.id)?.name).toBe('July 2024');
  });
});

describe('a month restored from the bin offline', () => {
  it('shows its counts at once, as they were when it was deleted on this device, and over a reload', async () => {
    const fixture = seedMonth(
      makeMonthFixture({ name: 'September', journals: 2, goals: ['Swim'] }),
    );
    Object.assign(fixture.goals[0]!, { is_completed: true });
    const { month } = fixture;
    const first = await openApp([month]);
    await first.fetchQuery(monthSummariesQueryOptions());
    const { result } = renderQueryHook(() => useDeleteMonth(), first);
    await act(() => result.current.mutate(month.id));
    await whenSynced(first);
    // The server keeps it in the bin with everything of it.
    binItem(
      { kind: 'month', id: month.id, label: month.name, month: null, month_name: null, date: null },
      () => {
        db.months.push(month);
        db.journals.push(...fixture.journals);
        db.goals.push(...fixture.goals);
        return month;
      },
    );
    await first.refetchQueries({ queryKey: monthKeys.summaries() });
    await first.fetchQuery(trashQueryOptions());
    expect(first.getQueryData(monthKeys.summaries())).toEqual([]);

    setBrowserOnline(false);
    const view = renderQueryHook(
      () => ({ restore: useRestoreItem(), counts: useMonthCounts(month.id) }),
      first,
    );
    await act(() =>
      view.result.current.restore.mutate({ kind: 'month', id: month.id, month: null }),
    );
    expect(monthNames(first)).toEqual(['September']);
    // Offline, nothing else can bring them: without the kept counts this never holds.
    await waitFor(() =>
      expect(view.result.current.counts).toMatchObject({ journals: 2, goals: 1, goals_done: 1 }),
    );

    // Still so over a reload while offline.
    await waitFor(() => expect(savedWrites()).toHaveLength(1));
    closeTab(first);
    const second = await openApp([]);
    const after = renderQueryHook(() => useMonthCounts(month.id), second);
    await waitFor(() =>
      expect(after.result.current).toMatchObject({ journals: 2, goals: 1, goals_done: 1 }),
    );
    setBrowserOnline(true);
    await whenSynced(second);
    await waitFor(() =>
      expect(after.result.current).toEqual({
        month: month.id,
        journals: 2,
        goals: 1,
        goals_done: 1,
      }),
    );
  });
});

describe('a month deleted on another device, restored from the bin offline', () => {
  it('shows the counts the bin kept for it at once', async () => {
    const fixture = seedMonth(makeMonthFixture({ name: 'November', journals: 3, goals: ['Swim'] }));
    const { month } = fixture;
    // Deleted elsewhere: this device never counted it; the server's bin did.
    db.months = db.months.filter((m) => m.id !== month.id);
    binItem(
      {
        kind: 'month',
        id: month.id,
        label: month.name,
        month: null,
        month_name: null,
        date: null,
        counts: { journals: 3, goals: 1, goals_done: 0 },
      },
      () => {
        db.months.push(month);
        return month;
      },
    );
    const queryClient = await openApp([]);
    await queryClient.fetchQuery(monthSummariesQueryOptions());
    await queryClient.fetchQuery(trashQueryOptions());

    setBrowserOnline(false);
    const view = renderQueryHook(
      () => ({ restore: useRestoreItem(), counts: useMonthCounts(month.id) }),
      queryClient,
    );
    await act(() =>
      view.result.current.restore.mutate({ kind: 'month', id: month.id, month: null }),
    );
    expect(monthNames(queryClient)).toEqual(['November']);
    await waitFor(() =>
      expect(view.result.current.counts).toMatchObject({ journals: 3, goals: 1, goals_done: 0 }),
    );
    setBrowserOnline(true);
    await whenSynced(queryClient);
  });
});

describe('a month deleted and undone offline', () => {
  it('keeps what is cached of it when both land, so a page showing it keeps its entries', async () => {
    const fixture = seedMonth(makeMonthFixture({ name: 'October', journals: 2 }));
    const { month } = fixture;
    const queryClient = await openApp([month]);
    await queryClient.fetchQuery(journalsQueryOptions(month.id));
    requestLog.length = 0;

    setBrowserOnline(false);
    const { result } = renderQueryHook(
      () => ({ remove: useDeleteMonth(), restore: useRestoreItem() }),
      queryClient,
    );
    await act(() => result.current.remove.mutate(month.id));
    await act(() => result.current.restore.mutate({ kind: 'month', id: month.id, month: null }));
    // The server bins it as the delete lands, and the restore puts it back.
    const entries = structuredClone(fixture.journals);
    binItem(
      { kind: 'month', id: month.id, label: month.name, month: null, month_name: null, date: null },
      () => {
        db.months.push(month);
        db.journals.push(...entries);
        return month;
      },
    );
    setBrowserOnline(true);
    await whenSynced(queryClient);
    expect(requestLog.slice(0, 2)).toEqual([
      `DELETE /api/months/delete/${month.id}/`,
      `POST /api/months/${month.id}/restore/`,
    ]);
    expect(queryClient.getQueryData<Journal[]>(journalKeys.list(month.id))).toHaveLength(2);
  });
});
