// A private month read in the browser: its sealed rows opened with the month's key, shown locked where the account key is not open, undecryptable rows marked and kept, saved on the device sealed, and its creates and edits sealed on their way.
import { waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { Goal, Journal, Month } from '../../../contract/entities';
import { VERSION_CONFLICT } from '../../../contract/row-versions';
import { generateKey } from '../../../src/crypto/keys';
import { openFields, sealFields } from '../../../src/crypto/month-content';
import { enqueueWrite, newTempId, queuedWrites, syncErrorText } from '../../../src/offline/sync';
import { forgetAccountKeyHere, keepAccountKey } from '../../../src/queries/account-key-session';
import { goalCreate, goalsQueryOptions } from '../../../src/queries/goals';
import { habitsQueryOptions, habitUpdate } from '../../../src/queries/habits';
import { journalsQueryOptions } from '../../../src/queries/journal-list';
import { journalCreate, journalUpdate } from '../../../src/queries/journals';
import { monthQueryOptions, monthsQueryOptions, useMonthCounts } from '../../../src/queries/months';
import { unreadable } from '../../../src/queries/private-rows';
import {
  monthDataAtRest,
  openCachedRows,
  sealAtRest,
} from '../../../src/queries/private-rows-open';
import { monthStatsQueryOptions } from '../../../src/queries/stats';
import { yearQueryOptions } from '../../../src/queries/years';
import { makeMonthFixture } from '../../fixtures/factories';
import { db, seedMonth } from '../msw/db';
import { accountKey, monthKey, seedPrivateMonth } from '../msw/private-month';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { signIn } from '../routes/render-route';
import { refusedWrites } from './sync-helpers';
import { createTestQueryClient, renderQueryHook } from './wrapper';

setupMswServer();

beforeEach(() => signIn());
afterEach(() => forgetAccountKeyHere());

describe('a private month, with the account key open here', () => {
  it('opens its name, entries and goals as they arrive', async () => {
    await keepAccountKey(accountKey.slice());
    const monthId = seedPrivateMonth();
    const queryClient = createTestQueryClient();

    const month = await queryClient.fetchQuery(monthQueryOptions(monthId));
    const journals = await queryClient.fetchQuery(journalsQueryOptions(monthId));
    const goals = await queryClient.fetchQuery(goalsQueryOptions(monthId));

    expect(month.name).toBe('Secret March');
    expect(journals.map((j) => [j.highlight, j.note, j.mood])).toEqual(
      journals.map((j) => [`Canary ${j.id}`, 'Only mine', 4]),
    );
    expect(goals[0]).toMatchObject({ name: 'Hidden goal', is_completed: true });
    expect([month, ...journals, ...goals].map(unreadable)).toEqual(
      [month, ...journals, ...goals].map(() => null),
    );
    const list = await queryClient.fetchQuery(monthsQueryOptions());
    expect(list.find((row) => row.id === monthId)?.name).toBe('Secret March');
  });

  it('marks an envelope moved to another entry undecryptable, and opens the others', async () => {
    await keepAccountKey(accountKey.slice());
    const monthId = seedPrivateMonth();
    const [first, second] = db.journals.filter((row) => row.month_id === monthId) as Journal[];
    if (!first || !second) throw new Error('two entries seeded');
    // The server (or anything between) swaps two entries' envelopes: each is bound to its id.
    [first.sealed, second.sealed] = [second.sealed, first.sealed];
    const goal = db.goals.find((row) => row.month_id === monthId) as Goal;
    const queryClient = createTestQueryClient();

    const journals = await queryClient.fetchQuery(journalsQueryOptions(monthId));
    const goals = await queryClient.fetchQuery(goalsQueryOptions(monthId));

    expect(journals.map(unreadable)).toEqual(['undecryptable', 'undecryptable']);
    // Kept as the server sent it: nothing in it is taken for empty content.
    expect(journals[0]?.sealed).toEqual(first.sealed);
    expect(goals[0]?.name).toBe('Hidden goal');
    expect(goal.name).toBe('');
  });
});

describe('a private month where the account key is not open', () => {
  it('shows its rows locked, then opens them in place once the key opens, without a request', async () => {
    const monthId = seedPrivateMonth();
    const queryClient = createTestQueryClient();
    const month = await queryClient.fetchQuery(monthQueryOptions(monthId));
    const journals = await queryClient.fetchQuery(journalsQueryOptions(monthId));
    expect(unreadable(month)).toBe('locked');
    expect(journals.map(unreadable)).toEqual(['locked', 'locked']);
    expect(journals[0]?.highlight).toBe('');
    const requests = requestLog.length;

    await keepAccountKey(accountKey.slice());

    await waitFor(() =>
      expect(
        queryClient.getQueryData(journalsQueryOptions(monthId).queryKey)?.[0]?.highlight,
      ).toMatch(/^Canary /),
    );
    expect(queryClient.getQueryData(monthQueryOptions(monthId).queryKey)?.name).toBe(
      'Secret March',
    );
    expect(requestLog.length).toBe(requests);
  });

  it('marks rows undecryptable when the month key does not open with this account key', async () => {
    await keepAccountKey(generateKey());
    const monthId = seedPrivateMonth();
    const queryClient = createTestQueryClient();
    const journals = await queryClient.fetchQuery(journalsQueryOptions(monthId));
    expect(journals.map(unreadable)).toEqual(['undecryptable', 'undecryptable']);
  });
});

describe('saved on the device', () => {
  it('keeps only the envelopes of a private month, and opens them again once restored', async () => {
    await keepAccountKey(accountKey.slice());
    const monthId = seedPrivateMonth();
    const queryClient = createTestQueryClient();
    const journals = await queryClient.fetchQuery(journalsQueryOptions(monthId));

    const saved = sealAtRest(journals) as Journal[];
    expect(JSON.stringify(saved)).not.toMatch(/Canary|Only mine/);
    expect(saved.map(unreadable)).toEqual(['locked', 'locked']);
    expect(saved[0]?.sealed).toEqual(journals[0]?.sealed);

    const restored = createTestQueryClient();
    restored.setQueryData(journalsQueryOptions(monthId).queryKey, saved);
    restored.setQueryData(
      monthQueryOptions(monthId).queryKey,
      sealAtRest(await queryClient.fetchQuery(monthQueryOptions(monthId))) as Month,
    );
    await openCachedRows(restored);
    expect(restored.getQueryData(journalsQueryOptions(monthId).queryKey)).toEqual(journals);
    expect(monthDataAtRest.seal).toBe(sealAtRest);
  });

  it('saves a plain month as it is', async () => {
    const { journals } = seedMonth(makeMonthFixture({ journals: 2 }));
    expect(sealAtRest(journals)).toBe(journals);
  });
});

describe('edits in a private month', () => {
  /** The PATCH bodies the server got. */
  function recordPatches() {
    const bodies: Record<string, unknown>[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'PATCH')
        bodies.push((await request.clone().json()) as Record<string, unknown>);
    });
    return bodies;
  }

  async function privateEntry() {
    await keepAccountKey(accountKey.slice());
    const monthId = seedPrivateMonth();
    const queryClient = createTestQueryClient();
    await queryClient.fetchQuery(monthQueryOptions(monthId));
    const journals = await queryClient.fetchQuery(journalsQueryOptions(monthId));
    return { monthId, queryClient, journal: journals[0] as Journal };
  }

  it('go sealed, the whole content in one envelope, and show opened', async () => {
    const { monthId, queryClient, journal } = await privateEntry();
    const bodies = recordPatches();

    const landed = await enqueueWrite(queryClient, journalUpdate, {
      monthId,
      journalId: journal.id,
      changes: { highlight: 'New words' },
      base: journal,
    });

    expect(bodies).toHaveLength(1);
    // Beside the envelope, only the neutral values the server keeps in its plain columns.
    expect({ ...bodies[0], sealed: 'envelope' }).toEqual({
      highlight: '',
      note: '',
      mood: null,
      sealed: 'envelope',
    });
    expect(openFields(monthKey, 'entry', journal.id, bodies[0]?.sealed)).toEqual({
      highlight: 'New words',
      note: 'Only mine',
      mood: 4,
    });
    expect(landed).toMatchObject({ highlight: 'New words', note: 'Only mine', mood: 4 });
    expect(queryClient.getQueryData(journalsQueryOptions(monthId).queryKey)?.[0]).toMatchObject({
      highlight: 'New words',
    });
    expect(JSON.stringify(db.journals)).not.toContain('New words');
  });

  it('merge with another device’s edit on opened content', async () => {
    const { monthId, queryClient, journal } = await privateEntry();
    // Another device changed the note meanwhile: the server refuses this edit with its row, sealed.
    const theirs = {
      ...db.journals.find((row) => row.id === journal.id),
      version: 2,
      sealed: sealFields(monthKey, 'entry', journal.id, {
        highlight: journal.highlight,
        note: 'Written elsewhere',
        mood: 4,
      }),
    };
    let refusedOnce = false;
    server.use(
      http.patch(apiUrl('api/journals/:id/'), () => {
        if (refusedOnce) return undefined;
        refusedOnce = true;
        return HttpResponse.json(
          { detail: 'Changed elsewhere.', code: VERSION_CONFLICT, current: theirs },
          { status: 412 },
        );
      }),
    );
    const bodies = recordPatches();

    await enqueueWrite(queryClient, journalUpdate, {
      monthId,
      journalId: journal.id,
      changes: { highlight: 'Mine' },
      base: { ...journal, version: 1 },
    });

    // Sent again with their note kept beside this highlight, in one envelope.
    expect(openFields(monthKey, 'entry', journal.id, bodies.at(-1)?.sealed)).toEqual({
      highlight: 'Mine',
      note: 'Written elsewhere',
      mood: 4,
    });
  });

  it('are refused, and kept, where the key is not open, and for content not opened here', async () => {
    const monthId = seedPrivateMonth();
    const queryClient = createTestQueryClient();
    await queryClient.fetchQuery(monthQueryOptions(monthId));
    const journals = await queryClient.fetchQuery(journalsQueryOptions(monthId));
    const before = requestLog.length;
    const edit = (base: Journal) =>
      enqueueWrite(queryClient, journalUpdate, {
        monthId,
        journalId: base.id,
        changes: { highlight: 'Typed in the open' },
        base,
      }).catch((error: unknown) => syncErrorText(error));

    expect(await edit(journals[0] as Journal)).toMatch(/private months are locked on this device/);
    // Opened here afterwards, an edit made on the locked (blank) row still never goes.
    await keepAccountKey(accountKey.slice());
    expect(await edit(journals[1] as Journal)).toMatch(/could not be opened on this device/);
    expect(requestLog.slice(before).filter((line) => !line.startsWith('GET'))).toEqual([]);
    expect(queuedWrites(queryClient)).toHaveLength(2);
  });

  /** The POST bodies the server got. */
  function recordPosts() {
    const bodies: Record<string, unknown>[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST')
        bodies.push((await request.clone().json()) as Record<string, unknown>);
    });
    return bodies;
  }

  it('a new entry is made blank, then sealed under the id the server gave it, and shows opened', async () => {
    const { monthId, queryClient } = await privateEntry();
    const posts = recordPosts();
    const patches = recordPatches();
    const tempId = newTempId();
    const body = {
      month_id: monthId,
      highlight: 'Written privately',
      note: 'Every word mine',
      mood: 5,
      created_at: '2026-03-09',
    };

    const landed = await enqueueWrite(queryClient, journalCreate, {
      monthId,
      tempId,
      body,
      key: 'k',
    });

    expect(posts).toEqual([
      { month_id: monthId, created_at: '2026-03-09', highlight: '', sealed: null },
    ]);
    expect({ ...patches[0], sealed: 'envelope' }).toEqual({
      highlight: '',
      note: '',
      mood: null,
      sealed: 'envelope',
    });
    expect(openFields(monthKey, 'entry', landed.id, patches[0]?.sealed)).toEqual({
      highlight: 'Written privately',
      note: 'Every word mine',
      mood: 5,
    });
    expect(landed).toMatchObject({ highlight: 'Written privately', mood: 5 });
    const shown = queryClient.getQueryData(journalsQueryOptions(monthId).queryKey);
    expect(shown?.find((row) => row.id === landed.id)?.note).toBe('Every word mine');
    expect(shown?.some((row) => row.id === tempId)).toBe(false);
    expect(JSON.stringify(db.journals)).not.toContain('Written privately');
  });

  it('a new goal and a renamed habit go sealed too', async () => {
    const { monthId, queryClient } = await privateEntry();
    const patches = recordPatches();
    const goal = await enqueueWrite(queryClient, goalCreate, {
      monthId,
      tempId: newTempId(),
      body: { name: 'Typed privately', month_id: monthId },
      key: 'k',
    });
    expect(goal).toMatchObject({ name: 'Typed privately', is_completed: false });
    expect(openFields(monthKey, 'goal', goal.id, patches[0]?.sealed)).toEqual({
      name: 'Typed privately',
    });

    const habit = db.habits.find((row) => row.month_id === monthId);
    if (!habit) throw new Error('a habit seeded');
    await queryClient.fetchQuery(habitsQueryOptions(monthId));
    await enqueueWrite(queryClient, habitUpdate, {
      monthId,
      habitId: habit.id,
      changes: { name: 'Renamed privately' },
    });
    expect(openFields(monthKey, 'habit', habit.id, patches[1]?.sealed)).toMatchObject({
      name: 'Renamed privately',
    });
    expect(JSON.stringify([db.goals, db.habits])).not.toMatch(/privately/);
  });

  it('a new entry waits, refused and kept, while the key is not open here', async () => {
    const monthId = seedPrivateMonth();
    const queryClient = createTestQueryClient();
    await queryClient.fetchQuery(monthQueryOptions(monthId));
    const before = requestLog.length;
    const refused = await enqueueWrite(queryClient, journalCreate, {
      monthId,
      tempId: newTempId(),
      body: { month_id: monthId, highlight: 'Typed while locked', created_at: '2026-03-09' },
      key: 'k',
    }).catch((error: unknown) => syncErrorText(error));
    expect(refused).toMatch(/private months are locked on this device/);
    expect(requestLog.slice(before).filter((line) => !line.startsWith('GET'))).toEqual([]);
    expect(refusedWrites(queryClient)).toHaveLength(1);
  });
});

describe('a private month’s card', () => {
  it('counts its goals done from those opened here, and says only how many while they are not', async () => {
    const monthId = seedPrivateMonth();
    const queryClient = createTestQueryClient();
    await queryClient.fetchQuery(monthQueryOptions(monthId));
    // The server keeps a sealed goal as not done.
    const locked = renderQueryHook(() => useMonthCounts(monthId), queryClient);
    await waitFor(() =>
      expect(locked.result.current).toMatchObject({ goals: 1, goals_done: null }),
    );
    locked.unmount();

    await keepAccountKey(accountKey.slice());
    const opened = createTestQueryClient();
    await opened.fetchQuery(monthQueryOptions(monthId));
    await opened.fetchQuery(goalsQueryOptions(monthId));
    const counts = renderQueryHook(() => useMonthCounts(monthId), opened);
    await waitFor(() => expect(counts.result.current).toMatchObject({ goals: 1, goals_done: 1 }));
  });
});

describe('a private month at a glance', () => {
  it('is computed here from its opened rows when the server cannot read them, and never saved', async () => {
    await keepAccountKey(accountKey.slice());
    const monthId = seedPrivateMonth();
    server.use(
      http.get(apiUrl('api/months/:id/stats/'), () =>
        HttpResponse.json(
          {
            detail: 'This month is private: the server cannot read its content.',
            code: 'private_month',
          },
          { status: 409 },
        ),
      ),
    );
    const queryClient = createTestQueryClient();

    const stats = await queryClient.fetchQuery(monthStatsQueryOptions(monthId));

    const journals = db.journals.filter((row) => row.month_id === monthId);
    expect(stats.entries.map((entry) => entry.id)).toEqual(journals.map((journal) => journal.id));
    expect(stats.goals).toEqual({ completed: 1, total: 1 });
    // Both entries' sealed mood, 4, on their days.
    expect(stats.mood?.map((point) => point.value)).toEqual([4, 4]);
    expect(stats.habits.map((habit) => habit.name)).toEqual(['Read', 'Walk']);
    expect(stats.habits[0]?.ticks).toEqual([true, true]);
    expect(stats.series.map((point) => point.value)).toEqual([0, 1]);
    const statsKey = monthStatsQueryOptions(monthId).queryKey;
    expect(monthDataAtRest.keeps(queryClient, statsKey)).toBe(false);
  });

  it('is the server’s for a plain month, and saved', async () => {
    const { month } = seedMonth(makeMonthFixture({ journals: 2 }));
    const queryClient = createTestQueryClient();
    await queryClient.fetchQuery(monthQueryOptions(month.id));
    const stats = await queryClient.fetchQuery(monthStatsQueryOptions(month.id));
    expect(stats.entries).toHaveLength(2);
    expect(requestLog).toContain(`GET /api/months/${month.id}/stats/`);
    expect(monthDataAtRest.keeps(queryClient, monthStatsQueryOptions(month.id).queryKey)).toBe(
      true,
    );
  });
});

describe('a private month in the year view', () => {
  it('is named from the month list opened here, the server listing it nameless', async () => {
    await keepAccountKey(accountKey.slice());
    const monthId = seedPrivateMonth();
    server.use(
      http.get(apiUrl('api/years/:year/'), () =>
        HttpResponse.json({
          year: 2024,
          months: [{ id: monthId, name: '', period: '2024-01', private: true }],
          days: [],
          habits: [],
          measures: [],
          truncated: false,
        }),
      ),
    );
    const queryClient = createTestQueryClient();
    const view = await queryClient.fetchQuery(yearQueryOptions(2024));
    expect(view.months).toEqual([
      { id: monthId, name: 'Secret March', period: '2024-01', private: true },
    ]);
  });

  it('counts in the figures, computed here from its opened rows and added to the server’s', async () => {
    await keepAccountKey(accountKey.slice());
    const monthId = seedPrivateMonth();
    // The server's figures, of a plain month only; its entry on 2024-01-01 shares a day.
    server.use(
      http.get(apiUrl('api/years/:year/'), () =>
        HttpResponse.json({
          year: 2024,
          months: [
            { id: 999, name: 'Plain January', period: '2024-01' },
            { id: monthId, name: '', period: '2024-01', private: true },
          ],
          days: [{ date: '2024-01-01', entries: 1, mood: 2, habits_done: 1, habits_total: 1 }],
          habits: [{ name: 'read', done: 1, total: 1, rate: 1, months: 1, unit: 'days' }],
          measures: [],
          truncated: false,
        }),
      ),
    );
    const view = await createTestQueryClient().fetchQuery(yearQueryOptions(2024));

    // Its two entries (mood 4, sealed), each with Read done and Walk not.
    expect(view.days).toEqual([
      { date: '2024-01-01', entries: 2, mood: 3, habits_done: 2, habits_total: 3 },
      { date: '2024-01-02', entries: 1, mood: 4, habits_done: 1, habits_total: 2 },
    ]);
    expect(view.habits).toEqual([
      { name: 'read', done: 3, total: 3, rate: 1, months: 2, unit: 'days' },
      { name: 'Walk', done: 0, total: 2, rate: 0, months: 1, unit: 'days' },
    ]);
    expect(view.measures).toEqual([
      { name: 'Sleep hours', unit: null, points: [{ period: '2024-01', value: 0.5, count: 2 }] },
    ]);
  });

  it('counts in no figure while the key is not open here', async () => {
    const monthId = seedPrivateMonth();
    server.use(
      http.get(apiUrl('api/years/:year/'), () =>
        HttpResponse.json({
          year: 2024,
          months: [{ id: monthId, name: '', period: '2024-01', private: true }],
          days: [],
          habits: [],
          measures: [],
          truncated: false,
        }),
      ),
    );
    const view = await createTestQueryClient().fetchQuery(yearQueryOptions(2024));
    expect([view.days, view.habits, view.measures]).toEqual([[], [], []]);
  });
});
