import type { PersistedClient } from '@tanstack/query-persist-client-core';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import type { Goal, Month } from '../../../contract/entities';
import { storeTokens } from '../../../src/api/tokens';
import {
  forgetSavedQueries,
  SAVED_QUERIES_BUSTER,
  SAVED_QUERIES_MAX_AGE_MS,
  savedQueriesBuster,
  setSavedQueriesStorage,
  startQueryPersistence,
  stopQueryPersistence,
} from '../../../src/offline/query-persistence';
import { newTempId, queuedWrites } from '../../../src/offline/sync';
import { loadWriteKinds } from '../../../src/queries/all-writes';
import { paymentStatusQueryOptions } from '../../../src/queries/billing';
import { billingKeys, goalKeys, monthKeys } from '../../../src/queries/keys';
import { monthsQueryOptions } from '../../../src/queries/months';
import { monthDataAtRest } from '../../../src/queries/private-rows-open';
import { endSessionHere } from '../../../src/queries/session';
import { createQueryClient } from '../../../src/query-client';
import { makeGoal, makeJwt, makeMonth, USER_ID } from '../../fixtures/factories';
import { db } from '../msw/db';
import { setupMswServer } from '../msw/server';
import {
  type MemoryStorage,
  memoryStorage,
  restoreOnlineAfterEach,
  setBrowserOnline,
} from './offline-support';

setupMswServer();
restoreOnlineAfterEach();

const OTHER_USER_ID = USER_ID + 1;
const DAY_MS = 24 * 60 * 60 * 1000;

function signInAs(userId: number): void {
  storeTokens({
    access: makeJwt(30 * 60, { user_id: userId }),
    refresh: makeJwt(24 * 60 * 60, { token_type: 'refresh', user_id: userId }),
  });
}

const clients: QueryClient[] = [];
/** A fresh client, as a new page load has. */
function newPage(): QueryClient {
  const client = createQueryClient();
  clients.push(client);
  return client;
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = memoryStorage();
  setSavedQueriesStorage(storage);
});
afterEach(() => {
  for (const client of clients.splice(0)) {
    stopQueryPersistence(client);
    client.clear();
  }
  setSavedQueriesStorage(null);
});

interface SavedQuery {
  queryKey: readonly unknown[];
  data: unknown;
  updatedAt: number;
}

/** A persisted client holding these queries, as TanStack's persister writes it. */
function persisted(queries: SavedQuery[], userId: number, timestamp = Date.now()): PersistedClient {
  const scratch = new QueryClient();
  for (const { queryKey, data, updatedAt } of queries)
    scratch.setQueryData(queryKey, data, { updatedAt });
  return { timestamp, buster: savedQueriesBuster(userId), clientState: dehydrate(scratch) };
}

/** Saved queries of the given user, as an earlier page would have left them. */
function savedFor(
  userId: number,
  overrides: { buster?: string; savedAt?: number; queries?: SavedQuery[] } = {},
): PersistedClient {
  const now = Date.now();
  const savedAt = overrides.savedAt ?? now;
  const queries = overrides.queries ?? [
    { queryKey: monthKeys.list(), data: [makeMonth({ name: 'Saved' })], updatedAt: savedAt },
  ];
  const client = persisted(queries, userId, savedAt);
  return overrides.buster === undefined ? client : { ...client, buster: overrides.buster };
}

const savedQueries = () => storage.current()?.clientState.queries ?? [];
const savedKeys = () => savedQueries().map((query) => query.queryKey);
/** The user a save was made for, read back from the buster. */
const savedUser = () => {
  const buster = storage.current()?.buster;
  return buster === undefined ? undefined : Number(buster.split('#user-')[1]);
};

describe('saving the query cache for offline use', () => {
  it('saves the month data a page fetched, and a new page starts with it', async () => {
    signInAs(USER_ID);
    db.months.push(makeMonth({ name: 'January' }), makeMonth({ name: 'February' }));
    const first = newPage();
    await startQueryPersistence(first, loadWriteKinds, monthDataAtRest);
    await first.fetchQuery(monthsQueryOptions());
    await waitFor(() => expect(savedKeys()).toEqual([monthKeys.list()]));
    expect(storage.current()?.buster).toBe(savedQueriesBuster(USER_ID));
    expect(storage.current()?.buster.startsWith(SAVED_QUERIES_BUSTER)).toBe(true);

    const second = newPage();
    await startQueryPersistence(second, loadWriteKinds, monthDataAtRest);
    const months = second.getQueryData<Month[]>(monthKeys.list()) ?? [];
    expect(months.map((month) => month.name)).toEqual(['January', 'February']);
    // Counted as fetched when it was, so the screen still refreshes it when online.
    expect(second.getQueryState(monthKeys.list())?.dataUpdatedAt).toBe(
      first.getQueryState(monthKeys.list())?.dataUpdatedAt,
    );
    // Online, it may predate a change made just before the reload: the screen refetches it.
    expect(second.getQueryState(monthKeys.list())?.isInvalidated).toBe(true);
  });

  it('still reads a saved list again online when it shows queued changes over it', async () => {
    signInAs(USER_ID);
    const month = makeMonth();
    const goal = makeGoal(month, { name: 'Swim', is_completed: false });
    db.months.push(month);
    db.goals.push(goal);
    // An earlier page saved the month's goals, and a tab closed with a tick of one unsent.
    const saved = persisted(
      [{ queryKey: goalKeys.list(month.id), data: [goal], updatedAt: Date.now() }],
      USER_ID,
    );
    await storage.setItem('queries', JSON.stringify(saved));
    const tick = {
      mutationKey: ['write', 'goal.update'],
      state: {
        context: undefined,
        data: undefined,
        error: null,
        failureCount: 0,
        failureReason: null,
        isPaused: true,
        status: 'pending',
        variables: { monthId: month.id, goalId: goal.id, isCompleted: true },
        submittedAt: Date.now(),
      },
    };
    const outbox = { ...persisted([], USER_ID), clientState: { queries: [], mutations: [tick] } };
    await storage.setItem('outbox:closed-tab', JSON.stringify(outbox));

    const page = newPage();
    await startQueryPersistence(page, loadWriteKinds, monthDataAtRest);
    // The tick shows over the saved list, which may lack what changed elsewhere since: the
    // screen must still read it (showing the tick wrote the list, which made it look fresh).
    expect(page.getQueryData<Goal[]>(goalKeys.list(month.id))?.[0]?.is_completed).toBe(true);
    expect(page.getQueryState(goalKeys.list(month.id))?.isInvalidated).toBe(true);
    await waitFor(() => expect(queuedWrites(page)).toEqual([]));
  });

  it('saves no row of a create still queued: the queue saved with it shows it again', async () => {
    signInAs(USER_ID);
    const page = newPage();
    await startQueryPersistence(page, loadWriteKinds, monthDataAtRest);
    const month = makeMonth();
    const goal = makeGoal(month, { name: 'Saved' });
    page.setQueryData(goalKeys.list(month.id), [
      goal,
      { ...goal, id: newTempId(), name: 'Queued' },
    ]);
    await waitFor(() => expect(savedKeys()).toEqual([goalKeys.list(month.id)]));
    expect(savedQueries()[0]?.state.data).toEqual([goal]);
  });

  it('keeps restored data valid while offline, where it is all there is', async () => {
    signInAs(USER_ID);
    db.months.push(makeMonth({ name: 'Saved' }));
    const first = newPage();
    await startQueryPersistence(first, loadWriteKinds, monthDataAtRest);
    await first.fetchQuery(monthsQueryOptions());
    await waitFor(() => expect(savedKeys()).toEqual([monthKeys.list()]));

    setBrowserOnline(false);
    const second = newPage();
    await startQueryPersistence(second, loadWriteKinds, monthDataAtRest);
    expect(second.getQueryState(monthKeys.list())?.isInvalidated).toBe(false);
  });

  it('never saves the payment status', async () => {
    signInAs(USER_ID);
    const page = newPage();
    await startQueryPersistence(page, loadWriteKinds, monthDataAtRest);
    await page.fetchQuery(paymentStatusQueryOptions());
    await page.fetchQuery(monthsQueryOptions());
    await waitFor(() => expect(savedKeys()).toEqual([monthKeys.list()]));
    expect(page.getQueryData(billingKeys.status())).toEqual({ has_paid: true });
  });

  it('keeps the data saved when a refetch fails offline', async () => {
    signInAs(USER_ID);
    db.months.push(makeMonth({ name: 'Kept' }));
    const page = newPage();
    await startQueryPersistence(page, loadWriteKinds, monthDataAtRest);
    await page.fetchQuery(monthsQueryOptions());
    await waitFor(() => expect(storage.writes).toBe(1));

    setBrowserOnline(false);
    await expect(
      page.refetchQueries({ queryKey: monthKeys.list() }, { throwOnError: true }),
    ).rejects.toThrow(/offline/);
    page.setQueryData(monthKeys.detail(99), makeMonth({ id: 99 }));
    await waitFor(() => expect(storage.writes).toBe(2));
    const saved = savedQueries().find((query) => query.queryKey[1] === 'list');
    expect(saved?.state.data).toEqual([expect.objectContaining({ name: 'Kept' })]);
  });

  it('restores nothing of another user, and deletes it', async () => {
    storage = memoryStorage(savedFor(OTHER_USER_ID));
    setSavedQueriesStorage(storage);
    signInAs(USER_ID);
    const page = newPage();
    await startQueryPersistence(page, loadWriteKinds, monthDataAtRest);
    expect(page.getQueryData(monthKeys.list())).toBeUndefined();
    expect(storage.current()).toBeUndefined();
  });

  it('restores nothing saved by another version of the app, or longer ago than the maximum age', async () => {
    for (const stale of [
      savedFor(USER_ID, { buster: `monthbook@0.0.0-old#user-${USER_ID}` }),
      savedFor(USER_ID, { savedAt: Date.now() - SAVED_QUERIES_MAX_AGE_MS - DAY_MS }),
    ]) {
      storage = memoryStorage(stale);
      setSavedQueriesStorage(storage);
      signInAs(USER_ID);
      const page = newPage();
      await startQueryPersistence(page, loadWriteKinds, monthDataAtRest);
      expect(page.getQueryData(monthKeys.list())).toBeUndefined();
      expect(storage.current()).toBeUndefined();
    }
  });

  it('skips a saved query older than the maximum age, restoring the rest', async () => {
    const now = Date.now();
    const month = makeMonth({ name: 'Recent' });
    storage = memoryStorage(
      savedFor(USER_ID, {
        queries: [
          { queryKey: monthKeys.list(), data: [makeMonth()], updatedAt: now - 8 * DAY_MS },
          { queryKey: monthKeys.detail(month.id), data: month, updatedAt: now - DAY_MS },
        ],
      }),
    );
    setSavedQueriesStorage(storage);
    signInAs(USER_ID);
    const page = newPage();
    await startQueryPersistence(page, loadWriteKinds, monthDataAtRest);
    expect(page.getQueryData(monthKeys.list())).toBeUndefined();
    expect(page.getQueryData(monthKeys.detail(month.id))).toEqual(month);
  });

  it('does not overwrite newer data the page already has', async () => {
    storage = memoryStorage(savedFor(USER_ID, { savedAt: Date.now() - DAY_MS }));
    setSavedQueriesStorage(storage);
    signInAs(USER_ID);
    const page = newPage();
    const fresh = [makeMonth({ name: 'Fresh' })];
    page.setQueryData(monthKeys.list(), fresh);
    await startQueryPersistence(page, loadWriteKinds, monthDataAtRest);
    expect(page.getQueryData(monthKeys.list())).toEqual(fresh);
  });

  it('forgets the saved data on logout', async () => {
    storage = memoryStorage(savedFor(USER_ID));
    setSavedQueriesStorage(storage);
    signInAs(USER_ID);
    endSessionHere(newPage());
    await waitFor(() => expect(storage.current()).toBeUndefined());
  });

  it('starts empty for a user who logs in after another on the same page', async () => {
    signInAs(USER_ID);
    db.months.push(makeMonth({ name: 'First user' }));
    const page = newPage();
    await startQueryPersistence(page, loadWriteKinds, monthDataAtRest);
    await page.fetchQuery(monthsQueryOptions());
    await waitFor(() => expect(savedUser()).toBe(USER_ID));

    // What useLogin does: drop the cache, store the new user's tokens; then the guard runs again.
    page.removeQueries();
    signInAs(OTHER_USER_ID);
    db.months = [makeMonth({ name: 'Second user' })];
    await startQueryPersistence(page, loadWriteKinds, monthDataAtRest);
    expect(page.getQueryData(monthKeys.list())).toBeUndefined();
    expect(storage.current()).toBeUndefined();

    await page.fetchQuery(monthsQueryOptions());
    await waitFor(() => expect(savedUser()).toBe(OTHER_USER_ID));
    expect(savedQueries()[0]?.state.data).toEqual([
      expect.objectContaining({ name: 'Second user' }),
    ]);
  });

  it("never writes one user's cache under another user who signed in from another tab", async () => {
    signInAs(USER_ID);
    db.months.push(makeMonth({ name: 'Mine' }));
    const page = newPage();
    await startQueryPersistence(page, loadWriteKinds, monthDataAtRest);
    await page.fetchQuery(monthsQueryOptions());
    await waitFor(() => expect(storage.writes).toBe(1));

    // The other tab shares localStorage: this page now sees the other user's token.
    signInAs(OTHER_USER_ID);
    vi.useFakeTimers();
    try {
      page.setQueryData(monthKeys.detail(5), makeMonth({ id: 5 }));
      await vi.runAllTimersAsync();
    } finally {
      vi.useRealTimers();
    }
    expect(storage.writes).toBe(1);
    expect(savedUser()).toBe(USER_ID);
  });

  it('writes the changes queued in one task once, in the next task, and at once if the tab hides', async () => {
    signInAs(USER_ID);
    const page = newPage();
    await startQueryPersistence(page, loadWriteKinds, monthDataAtRest);
    const queue = (count: number) => {
      for (let index = 0; index < count; index += 1)
        void page
          .getMutationCache()
          .build(page, {
            mutationKey: ['write', `change-${index}`],
            mutationFn: () => new Promise(() => {}),
          })
          .execute(index);
    };
    // A Save queues one write per step (an entry, its measure, a tick per habit).
    queue(5);
    expect(storage.writes).toBe(0);
    await waitFor(() => expect(storage.current()?.clientState.mutations).toHaveLength(5));
    expect(storage.writes).toBe(1);

    // The tab hidden (perhaps closing) before the next task: written then and there.
    queue(2);
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      document.dispatchEvent(new Event('visibilitychange'));
    } finally {
      hidden.mockRestore();
    }
    await waitFor(() => expect(storage.current()?.clientState.mutations).toHaveLength(7));
    expect(storage.writes).toBe(2);
    // Not a wait for something to happen: a zero-delay timer set now runs after the one the
    // queueing set, so by then a next-task write the hidden tab failed to cancel would show.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(storage.writes).toBe(2);
  });

  it('saves nothing without a session, and forgetting works without anything saved', async () => {
    const page = newPage();
    await startQueryPersistence(page, loadWriteKinds, monthDataAtRest);
    page.setQueryData(monthKeys.list(), [makeMonth()]);
    await forgetSavedQueries();
    expect(storage.current()).toBeUndefined();
    expect(storage.writes).toBe(0);
  });
});
