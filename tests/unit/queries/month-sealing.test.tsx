// Making a month private in the browser: its key and sealed name sent first, then every row it holds in the clear sealed, so the server keeps only envelopes and neutral values; the rows open back as they were, and a second run sends nothing.
import { waitFor } from '@testing-library/react';
import type { Month } from '../../../contract/entities';
import { generateKey } from '../../../src/crypto/keys';
import { queuedWrites } from '../../../src/offline/sync';
import { forgetAccountKeyHere, keepAccountKey } from '../../../src/queries/account-key-session';
import { dailyHabitsQueryOptions, dailyMeasuresQueryOptions } from '../../../src/queries/daily';
import { goalsQueryOptions } from '../../../src/queries/goals';
import { journalsQueryOptions } from '../../../src/queries/journal-list';
import { isPrivateMonth } from '../../../src/queries/month-privacy';
import {
  MonthNotOpen,
  makeMonthPlain,
  makeMonthPrivate,
  sealPlainRows,
} from '../../../src/queries/month-sealing';
import { monthQueryOptions } from '../../../src/queries/months';
import { makeMonthFixture } from '../../fixtures/factories';
import { db, seedMonth } from '../msw/db';
import { requestLog, setupMswServer } from '../msw/server';
import { signIn } from '../routes/render-route';
import { createTestQueryClient } from './wrapper';

setupMswServer();

const accountKey = generateKey();

beforeEach(() => signIn());
afterEach(() => forgetAccountKeyHere());

describe('making a month private', () => {
  it('seals its name and every row it holds; the server keeps only envelopes, and they open back', async () => {
    await keepAccountKey(accountKey.slice());
    const fixture = seedMonth(makeMonthFixture({ name: 'Open March', journals: 2 }));
    const monthId = fixture.month.id;
    const queryClient = createTestQueryClient();
    const month = await queryClient.fetchQuery(monthQueryOptions(monthId));
    const before = await queryClient.fetchQuery(journalsQueryOptions(monthId));
    const ticksBefore = await queryClient.fetchQuery(dailyHabitsQueryOptions(monthId));

    await makeMonthPrivate(queryClient, month);
    await waitFor(() => expect(queuedWrites(queryClient)).toEqual([]));

    const stored = db.months.find((row) => row.id === monthId) as Month;
    expect(stored).toMatchObject({ name: '' });
    expect(stored.month_key).toBeDefined();
    const mine = <Row extends { sealed?: unknown }>(rows: Row[], ids: number[]) =>
      rows.filter((row) => ids.includes((row as unknown as { id: number }).id));
    const rowsOf = (list: { id: number }[]) => list.map((row) => row.id);
    const serverRows = [
      ...mine(db.journals, rowsOf(fixture.journals)),
      ...mine(db.goals, rowsOf(fixture.goals)),
      ...mine(db.habits, rowsOf(fixture.habits)),
      ...mine(db.measures, rowsOf(fixture.measures)),
      ...mine(db.dailyHabits, rowsOf(fixture.dailyHabits)),
      ...mine(db.dailyMeasures, rowsOf(fixture.dailyMeasures)),
    ];
    expect(serverRows).toHaveLength(2 + 1 + 2 + 1 + 4 + 2);
    expect(serverRows.filter((row) => row.sealed === undefined)).toEqual([]);
    const text = JSON.stringify(serverRows);
    for (const words of ['Open March', 'Day 1', 'Day 2', 'Run 100 km', 'Read', 'Walk'])
      expect(text).not.toContain(words);
    expect(db.dailyHabits.filter((row) => row.is_practiced)).toEqual([]);

    // Read afresh, as another tab would: the same content, opened.
    const fresh = createTestQueryClient();
    expect((await fresh.fetchQuery(monthQueryOptions(monthId))).name).toBe('Open March');
    const after = await fresh.fetchQuery(journalsQueryOptions(monthId));
    expect(after.map((row) => row.highlight)).toEqual(before.map((row) => row.highlight));
    const ticksAfter = await fresh.fetchQuery(dailyHabitsQueryOptions(monthId));
    expect(ticksAfter.map((row) => row.is_practiced)).toEqual(
      ticksBefore.map((row) => row.is_practiced),
    );
    expect((await fresh.fetchQuery(goalsQueryOptions(monthId)))[0]?.name).toBe('Run 100 km');
    expect(
      (await fresh.fetchQuery(dailyMeasuresQueryOptions(monthId))).map((row) => row.metric),
    ).toEqual([0, 1]);

    // Nothing left to seal: a second run (another tab, the page opened again) sends nothing.
    expect(await sealPlainRows(fresh, monthId)).toBe(0);
  });

  it('resumes where it stopped: rows still in the clear in a private month are sealed, once', async () => {
    await keepAccountKey(accountKey.slice());
    const fixture = seedMonth(makeMonthFixture({ name: 'Half done', journals: 1 }));
    const monthId = fixture.month.id;
    const queryClient = createTestQueryClient();
    await makeMonthPrivate(queryClient, await queryClient.fetchQuery(monthQueryOptions(monthId)));
    await waitFor(() => expect(queuedWrites(queryClient)).toEqual([]));
    // A row the server has in the clear again, as if its sealing never landed.
    const journal = db.journals.find((row) => row.id === fixture.journals[0]?.id);
    if (!journal) throw new Error('the entry seeded');
    Object.assign(journal, { highlight: 'Still plain', sealed: undefined });
    const tab = createTestQueryClient();
    await tab.fetchQuery(monthQueryOptions(monthId));

    const [first, second] = await Promise.all([
      sealPlainRows(tab, monthId),
      sealPlainRows(tab, monthId),
    ]);
    expect(first + second).toBe(1);
    await waitFor(() => expect(queuedWrites(tab)).toEqual([]));
    expect(journal.highlight).toBe('');
    expect(journal.sealed).toBeDefined();
  });

  it('waits while the key is not open here', async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 1 }));
    const queryClient = createTestQueryClient();
    const month = await queryClient.fetchQuery(monthQueryOptions(fixture.month.id));
    await expect(makeMonthPrivate(queryClient, month)).rejects.toThrow(/not open/);
    expect(db.months.find((row) => row.id === month.id)?.month_key).toBeUndefined();
  });

  it('is undone: every row sent back as it was, then the month without its key', async () => {
    await keepAccountKey(accountKey.slice());
    const fixture = seedMonth(makeMonthFixture({ name: 'Round trip', journals: 2 }));
    const monthId = fixture.month.id;
    const queryClient = createTestQueryClient();
    const content = async (client: typeof queryClient) => [
      (await client.fetchQuery(journalsQueryOptions(monthId))).map((row) => row.highlight),
      (await client.fetchQuery(dailyHabitsQueryOptions(monthId))).map((row) => row.is_practiced),
      (await client.fetchQuery(dailyMeasuresQueryOptions(monthId))).map((row) => row.metric),
      (await client.fetchQuery(goalsQueryOptions(monthId))).map((row) => row.name),
    ];
    const before = await content(queryClient);
    await makeMonthPrivate(queryClient, await queryClient.fetchQuery(monthQueryOptions(monthId)));
    await waitFor(() => expect(queuedWrites(queryClient)).toEqual([]));

    const tab = createTestQueryClient();
    await makeMonthPlain(tab, await tab.fetchQuery(monthQueryOptions(monthId)));

    const stored = db.months.find((row) => row.id === monthId);
    expect(stored).toMatchObject({ name: 'Round trip' });
    expect(stored?.month_key ?? null).toBeNull();
    const rows = [db.journals, db.goals, db.habits, db.measures, db.dailyHabits, db.dailyMeasures];
    expect(rows.flat().filter((row) => (row as { sealed?: unknown }).sealed)).toEqual([]);
    expect(await content(createTestQueryClient())).toEqual(before);
    expect(isPrivateMonth(tab, monthId)).toBe(false);
  });

  it('is not undone while a row cannot be opened here: nothing is sent', async () => {
    await keepAccountKey(accountKey.slice());
    const fixture = seedMonth(makeMonthFixture({ journals: 1 }));
    const monthId = fixture.month.id;
    const queryClient = createTestQueryClient();
    await makeMonthPrivate(queryClient, await queryClient.fetchQuery(monthQueryOptions(monthId)));
    await waitFor(() => expect(queuedWrites(queryClient)).toEqual([]));
    const journal = db.journals.find((row) => row.id === fixture.journals[0]?.id);
    const goal = db.goals.find((row) => row.id === fixture.goals[0]?.id);
    if (!journal || !goal) throw new Error('seeded');
    // Bound to another entry's id: it no longer opens.
    journal.sealed = goal.sealed;
    const tab = createTestQueryClient();
    const before = requestLog.length;
    await expect(
      makeMonthPlain(tab, await tab.fetchQuery(monthQueryOptions(monthId))),
    ).rejects.toBeInstanceOf(MonthNotOpen);
    expect(requestLog.slice(before).filter((line) => !line.startsWith('GET'))).toEqual([]);
  });
});
