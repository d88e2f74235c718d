// API tests for row versions: `version` in reads, ETag, bumps by every update (SQL too), If-Match on PATCH/DELETE with 412, races.
import { sql } from 'kysely';
import { seedFullMonth, seedJournal, seedMonth } from '../support/factories.js';
import { createUser, injectAs, setUpTestApp } from '../support/test-app.js';

const { t, user } = setUpTestApp();

const get = (url: string, who = user) => injectAs(t, who, { method: 'GET', url });
const patch = (url: string, payload: object, ifMatch?: string, who = user) =>
  t.app.inject({
    method: 'PATCH',
    url,
    headers: { ...who.headers, ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
    payload,
  });
const del = (url: string, ifMatch?: string, who = user) =>
  t.app.inject({
    method: 'DELETE',
    url,
    headers: { ...who.headers, ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
  });

const storedVersion = async (table: 'journals' | 'goals' | 'daily_habits', id: number) =>
  (
    await t.database.db
      .selectFrom(table)
      .select('version')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).version;

/** Every editable resource, its detail URL and a change its PATCH accepts. */
async function resources() {
  const seeded = await seedFullMonth(t, user);
  return [
    { path: `/api/months/${seeded.month.id}/`, change: { name: 'Renamed' } },
    { path: `/api/journals/${seeded.journal.id}/`, change: { highlight: 'Edited' } },
    { path: `/api/habits/${seeded.habit.id}/`, change: { name: 'Walk' } },
    { path: `/api/measures/${seeded.measure.id}/`, change: { name: 'Sleep' } },
    { path: `/api/goals/${seeded.goal.id}/`, change: { is_completed: true } },
    { path: `/api/dailyhabits/${seeded.dailyHabit.id}/`, change: { is_practiced: true } },
    { path: `/api/dailymeasures/${seeded.dailyMeasure.id}/`, change: { metric: 3 } },
  ];
}

describe('version in reads', () => {
  it('starts at 1 in every detail and list, with a strong ETag on the detail', async () => {
    const seeded = await seedFullMonth(t, user);
    for (const { path } of await resources()) {
      const response = await get(path);
      expect(response.json().version, path).toBe(1);
      expect(response.headers.etag, path).toBe('"1"');
    }
    const lists = [
      '/api/months/',
      `/api/journals/?month=${seeded.month.id}`,
      `/api/habits/?month=${seeded.month.id}`,
      `/api/measures/?month=${seeded.month.id}`,
      `/api/goals/?month=${seeded.month.id}`,
      `/api/dailyhabits/?month=${seeded.month.id}`,
      `/api/dailymeasures/?month=${seeded.month.id}`,
    ];
    for (const list of lists) {
      const items = (await get(list)).json() as Array<{ version: number }>;
      expect(items.length, list).toBeGreaterThan(0);
      expect(
        items.every((item) => item.version === 1),
        list,
      ).toBe(true);
    }
  });

  it('sends the ETag again when the detail comes from the response cache', async () => {
    const month = await seedMonth(t, user);
    const journal = await seedJournal(t, user, month.id);
    await patch(`/api/journals/${journal.id}/`, { highlight: 'v2' });

    const first = await get(`/api/journals/${journal.id}/`);
    const cached = await get(`/api/journals/${journal.id}/`);

    expect(first.headers.etag).toBe('"2"');
    expect(cached.headers.etag).toBe('"2"');
    expect(cached.body).toBe(first.body);
  });

  it('gives the search hits their version too', async () => {
    const month = await seedMonth(t, user);
    await seedJournal(t, user, month.id, 'Findable words');
    const hits = (await get('/api/journals/?search=findable')).json();
    expect(hits).toEqual([expect.objectContaining({ highlight: 'Findable words', version: 1 })]);
  });
});

describe('bumps', () => {
  it('moves the version by one on every PATCH, answered with the new ETag', async () => {
    for (const { path, change } of await resources()) {
      const response = await patch(path, change);
      expect(response.statusCode, path).toBe(200);
      expect(response.json().version, path).toBe(2);
      expect(response.headers.etag, path).toBe('"2"');
    }
  });

  it('moves it for an update made by hand in SQL, not for a PATCH that changes nothing', async () => {
    const month = await seedMonth(t, user);
    const journal = await seedJournal(t, user, month.id);

    await sql`update journals set highlight = 'by hand' where id = ${journal.id}`.execute(
      t.database.db,
    );
    expect(await storedVersion('journals', journal.id)).toBe(2);

    const empty = await patch(`/api/journals/${journal.id}/`, {});
    expect(empty.json().version).toBe(2);
    expect(await storedVersion('journals', journal.id)).toBe(2);
  });

  it('leaves it alone when a search folds a highlight written without its folded copy', async () => {
    const month = await seedMonth(t, user);
    const journal = await seedJournal(t, user, month.id, 'Unfolded text');
    await sql`update journals set highlight_search = '' where id = ${journal.id}`.execute(
      t.database.db,
    );
    const before = await storedVersion('journals', journal.id);

    const hits = (await get('/api/journals/?search=unfolded')).json();

    expect(hits).toHaveLength(1);
    expect(await storedVersion('journals', journal.id)).toBe(before);
  });

  it('keeps the version through the bin: a restored entry answers its old ETag', async () => {
    const month = await seedMonth(t, user);
    const journal = await seedJournal(t, user, month.id);
    await patch(`/api/journals/${journal.id}/`, { highlight: 'v2' });
    await del(`/api/journals/${journal.id}/`);
    await injectAs(t, user, {
      method: 'POST',
      url: `/api/journals/${journal.id}/restore/`,
    });

    const response = await patch(`/api/journals/${journal.id}/`, { highlight: 'v3' }, '"2"');

    expect(response.statusCode).toBe(200);
    expect(response.json().version).toBe(3);
  });
});

describe('If-Match on PATCH', () => {
  it('applies a matching edit: 200, the change, the next ETag', async () => {
    for (const { path, change } of await resources()) {
      const response = await patch(path, change, '"1"');
      expect(response.statusCode, path).toBe(200);
      expect(response.headers.etag, path).toBe('"2"');
    }
  });

  it('refuses a stale edit with 412, the current item, and changes nothing', async () => {
    const month = await seedMonth(t, user);
    const journal = await seedJournal(t, user, month.id, 'Original');
    await patch(`/api/journals/${journal.id}/`, { highlight: 'From the phone' });

    const stale = await patch(
      `/api/journals/${journal.id}/`,
      { highlight: 'From the laptop' },
      '"1"',
    );

    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({
      detail: expect.any(String),
      code: 'version_conflict',
      current: { ...journal, highlight: 'From the phone', version: 2 },
    });
    expect((await get(`/api/journals/${journal.id}/`)).json().highlight).toBe('From the phone');
    expect(await storedVersion('journals', journal.id)).toBe(2);
  });

  it('answers 412 for every resource, even for a PATCH that changes nothing', async () => {
    for (const { path, change } of await resources()) {
      await patch(path, change);
      const stale = await patch(path, change, '"1"');
      expect(stale.statusCode, path).toBe(412);
      expect(stale.json().current.version, path).toBe(2);
      const empty = await patch(path, {}, '"1"');
      expect(empty.statusCode, path).toBe(412);
    }
  });

  it('lets exactly one of two racing edits based on the same version through', async () => {
    const month = await seedMonth(t, user);
    const journal = await seedJournal(t, user, month.id);
    const url = `/api/journals/${journal.id}/`;

    const answers = await Promise.all([
      patch(url, { highlight: 'First' }, '"1"'),
      patch(url, { highlight: 'Second' }, '"1"'),
    ]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 412]);
    const winner = answers.find((answer) => answer.statusCode === 200)!;
    const loser = answers.find((answer) => answer.statusCode === 412)!;
    expect(loser.json().current).toEqual(winner.json());
    expect(await storedVersion('journals', journal.id)).toBe(2);
  });

  it("answers 404, never 412, for another user's item, whatever the If-Match", async () => {
    const month = await seedMonth(t, user);
    const journal = await seedJournal(t, user, month.id);
    const other = await createUser(t);

    for (const ifMatch of ['"1"', '"7"']) {
      const response = await patch(
        `/api/journals/${journal.id}/`,
        { highlight: 'x' },
        ifMatch,
        other,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('says "deleted" on the 404 of an item in the bin, only to a request with If-Match', async () => {
    const month = await seedMonth(t, user);
    const journal = await seedJournal(t, user, month.id);
    await del(`/api/journals/${journal.id}/`);

    const guarded = await patch(`/api/journals/${journal.id}/`, { highlight: 'x' }, '"1"');
    const plain = await patch(`/api/journals/${journal.id}/`, { highlight: 'x' });
    const missing = await patch('/api/journals/987654/', { highlight: 'x' }, '"1"');

    expect(guarded.statusCode).toBe(404);
    expect(guarded.json()).toEqual({ detail: 'Not found.', code: 'deleted' });
    expect(plain.json()).toEqual({ detail: 'Not found.' });
    expect(missing.json()).toEqual({ detail: 'Not found.' });
  });

  it('refuses a malformed If-Match with 400 and changes nothing; * and weak tags follow RFC 9110', async () => {
    const month = await seedMonth(t, user);
    const journal = await seedJournal(t, user, month.id, 'Original');
    const url = `/api/journals/${journal.id}/`;

    for (const bad of ['1', '"1', 'W/1', '"1" "2"', '']) {
      const response = await patch(url, { highlight: 'x' }, bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().code, bad).toBe('bad_if_match');
    }
    expect(await storedVersion('journals', journal.id)).toBe(1);

    // A weak tag never matches (If-Match compares strongly); an opaque one names no version.
    expect((await patch(url, { highlight: 'x' }, 'W/"1"')).statusCode).toBe(412);
    expect((await patch(url, { highlight: 'x' }, '"abc"')).statusCode).toBe(412);
    // One of several tags is enough; * is no condition.
    expect((await patch(url, { highlight: 'y' }, '"9", "1"')).statusCode).toBe(200);
    expect((await patch(url, { highlight: 'z' }, '*')).statusCode).toBe(200);
    expect(await storedVersion('journals', journal.id)).toBe(3);
  });
});

describe('If-Match on DELETE', () => {
  it('deletes at the matching version, refuses a stale one with 412 and keeps the item', async () => {
    const { journal, goal, dailyHabit } = await seedFullMonth(t, user);
    await patch(`/api/journals/${journal.id}/`, { highlight: 'Changed' });

    const stale = await del(`/api/journals/${journal.id}/`, '"1"');
    expect(stale.statusCode).toBe(412);
    expect(stale.json().current).toMatchObject({
      id: journal.id,
      highlight: 'Changed',
      version: 2,
    });
    expect((await get(`/api/journals/${journal.id}/`)).statusCode).toBe(200);
    expect((await get('/api/trash/')).json()).toEqual([]);

    expect((await del(`/api/journals/${journal.id}/`, '"2"')).statusCode).toBe(204);
    expect((await get(`/api/journals/${journal.id}/`)).statusCode).toBe(404);

    await patch(`/api/goals/${goal.id}/`, { is_completed: true });
    expect((await del(`/api/goals/delete/${goal.id}/`, '"1"')).statusCode).toBe(412);
    expect((await del(`/api/goals/delete/${goal.id}/`, '"2"')).statusCode).toBe(204);

    // The daily habit went with its journal; one of another journal shows the plain delete.
    expect((await del(`/api/dailyhabits/${dailyHabit.id}/`, '"1"')).statusCode).toBe(404);
  });

  it('refuses a stale delete of a habit and of a daily item, then deletes at the right version', async () => {
    const { habit, dailyMeasure } = await seedFullMonth(t, user);
    await patch(`/api/habits/${habit.id}/`, { name: 'Walk' });
    await patch(`/api/dailymeasures/${dailyMeasure.id}/`, { metric: 4 });

    expect((await del(`/api/habits/${habit.id}/`, '"1"')).statusCode).toBe(412);
    expect((await del(`/api/dailymeasures/${dailyMeasure.id}/`, '"1"')).statusCode).toBe(412);
    expect((await del(`/api/dailymeasures/${dailyMeasure.id}/`, '"2"')).statusCode).toBe(204);
    expect((await del(`/api/habits/${habit.id}/`, '"2"')).statusCode).toBe(204);
  });

  it('lets one of a racing delete and edit based on the same version through', async () => {
    const month = await seedMonth(t, user);
    const journal = await seedJournal(t, user, month.id);
    const url = `/api/journals/${journal.id}/`;

    const [removed, edited] = await Promise.all([
      del(url, '"1"'),
      patch(url, { highlight: 'Edit' }, '"1"'),
    ]);

    const statuses = [removed.statusCode, edited.statusCode];
    expect([
      [204, 404],
      [412, 200],
    ]).toContainEqual(statuses);
  });

  it('says "deleted" when the month is already in the bin', async () => {
    const month = await seedMonth(t, user);
    await del(`/api/months/delete/${month.id}/`);
    const again = await del(`/api/months/delete/${month.id}/`, '"1"');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: 'Not found.', code: 'deleted' });
  });
});

describe('without If-Match', () => {
  it('edits and deletes whatever the version', async () => {
    const month = await seedMonth(t, user);
    const journal = await seedJournal(t, user, month.id);
    await patch(`/api/journals/${journal.id}/`, { highlight: 'one' });
    await patch(`/api/journals/${journal.id}/`, { highlight: 'two' });

    expect((await patch(`/api/journals/${journal.id}/`, { highlight: 'three' })).statusCode).toBe(
      200,
    );
    expect((await del(`/api/journals/${journal.id}/`)).statusCode).toBe(204);
  });
});
