// API tests for the Recently deleted bin: DELETE moves to it, restore brings back, purge ends it.
import { GOALS_PER_MONTH } from '../../contract/quotas.js';
import type { TrashItem } from '../../contract/trash.js';
import { TRASH_DAYS, TRASH_MAX_BYTES, TRASH_MAX_ITEMS } from '../../contract/trash-rules.js';
import { purgeExpired } from '../../server/repositories/trash-bin.js';
import {
  seedDailyHabit,
  seedFullMonth,
  seedGoal,
  seedHabit,
  seedJournal,
  seedMonth,
} from '../support/factories.js';
import { createUser, injectAs, setUpTestApp } from '../support/test-app.js';

const { t, user } = setUpTestApp();

const get = (url: string, who = user) => injectAs(t, who, { method: 'GET', url });
const del = (url: string, who = user) => injectAs(t, who, { method: 'DELETE', url });
const restore = (collection: string, id: number, who = user) =>
  injectAs(t, who, { method: 'POST', url: `/api/${collection}/${id}/restore/` });
const trash = async (who = user) => (await get('/api/trash/', who)).json() as TrashItem[];

describe('deleting', () => {
  it('answers 204 and lists the entry in the bin, gone from every read', async () => {
    const { month, journal } = await seedFullMonth(t, user);

    expect((await del(`/api/journals/${journal.id}/`)).statusCode).toBe(204);

    expect((await get(`/api/journals/${journal.id}/`)).statusCode).toBe(404);
    expect((await get(`/api/journals/?month=${month.id}`)).json()).toEqual([]);
    expect((await get(`/api/dailyhabits/?journal=${journal.id}`)).json()).toEqual([]);
    expect((await get('/api/journals/?search=good')).json()).toEqual([]);
    const exported = (await get('/api/export/')).json();
    expect(exported.months[0].journals).toEqual([]);
    const items = await trash();
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'journal',
        id: journal.id,
        label: journal.highlight,
        month: month.id,
        month_name: month.name,
        date: journal.created_at,
      }),
    ]);
    const { deleted_at, purge_at } = items[0]!;
    expect(Date.parse(purge_at) - Date.parse(deleted_at)).toBe(TRASH_DAYS * 86_400_000);
  });

  it("lists a month with its card's counts as it was deleted; an entry or a goal has none", async () => {
    const month = await seedMonth(t, user, 'March');
    await seedJournal(t, user, month.id);
    await seedJournal(t, user, month.id);
    const done = await seedGoal(t, user, month.id, 'Swim');
    await seedGoal(t, user, month.id, 'Read');
    const patched = await injectAs(t, user, {
      method: 'PATCH',
      url: `/api/goals/${done.id}/`,
      payload: { is_completed: true },
    });
    expect(patched.statusCode).toBe(200);
    const other = await seedMonth(t, user, 'April');
    const goal = await seedGoal(t, user, other.id);
    expect((await del(`/api/goals/${goal.id}/`)).statusCode).toBe(204);

    expect((await del(`/api/months/${month.id}/`)).statusCode).toBe(204);
    const [binnedMonth, binnedGoal] = await trash();
    expect(binnedMonth).toMatchObject({
      kind: 'month',
      id: month.id,
      counts: { journals: 2, goals: 2, goals_done: 1 },
    });
    expect(binnedGoal).toMatchObject({ kind: 'goal', id: goal.id });
    expect(binnedGoal).not.toHaveProperty('counts');
  });

  it('keeps the old /delete/{id}/ path working the same way', async () => {
    const month = await seedMonth(t, user);
    const goal = await seedGoal(t, user, month.id);
    expect((await del(`/api/goals/delete/${goal.id}/`)).statusCode).toBe(204);
    expect((await trash()).map((item) => [item.kind, item.id])).toEqual([['goal', goal.id]]);
    expect((await del(`/api/goals/delete/${goal.id}/`)).statusCode).toBe(404);
  });

  it('shows nothing of another user in the bin, and lets no one else restore or purge', async () => {
    const other = await createUser(t);
    const month = await seedMonth(t, user);
    await del(`/api/months/${month.id}/`);

    expect(await trash(other)).toEqual([]);
    expect((await restore('months', month.id, other)).statusCode).toBe(404);
    expect((await del(`/api/trash/month/${month.id}/`, other)).statusCode).toBe(404);
    expect(await trash()).toHaveLength(1);
  });
});

describe('restoring', () => {
  it('brings a month back whole: same ids, its entries, ticks, items and goals', async () => {
    const seeded = await seedFullMonth(t, user);
    const before = (await get('/api/export/')).json().months;
    const stats = (await get(`/api/months/${seeded.month.id}/stats/`)).json();

    expect((await del(`/api/months/${seeded.month.id}/`)).statusCode).toBe(204);
    expect((await get('/api/months/')).json()).toEqual([]);

    const response = await restore('months', seeded.month.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(seeded.month);
    expect((await get('/api/export/')).json().months).toEqual(before);
    expect((await get(`/api/months/${seeded.month.id}/stats/`)).json()).toEqual(stats);
    expect((await get(`/api/dailyhabits/${seeded.dailyHabit.id}/`)).json()).toEqual(
      seeded.dailyHabit,
    );
    expect(await trash()).toEqual([]);
  });

  it('brings an entry back with its ticks, and the cached list shows it at once', async () => {
    const { month, journal, dailyHabit } = await seedFullMonth(t, user);
    const list = (await get(`/api/journals/?month=${month.id}`)).json();
    await del(`/api/journals/${journal.id}/`);
    expect((await get(`/api/journals/?month=${month.id}`)).json()).toEqual([]);

    const response = await restore('journals', journal.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(journal);
    expect((await get(`/api/journals/?month=${month.id}`)).json()).toEqual(list);
    expect((await get(`/api/dailyhabits/?journal=${journal.id}`)).json()).toEqual([dailyHabit]);
  });

  it('drops the ticks of a habit removed while the entry was in the bin', async () => {
    const month = await seedMonth(t, user);
    const journal = await seedJournal(t, user, month.id);
    const kept = await seedHabit(t, user, month.id, 'Read');
    const removed = await seedHabit(t, user, month.id, 'Swim');
    const keptTick = await seedDailyHabit(t, user, journal.id, kept.id, true);
    await seedDailyHabit(t, user, journal.id, removed.id, true);
    await del(`/api/journals/${journal.id}/`);
    await del(`/api/habits/${removed.id}/`);

    expect((await restore('journals', journal.id)).statusCode).toBe(200);
    expect((await get(`/api/dailyhabits/?journal=${journal.id}`)).json()).toEqual([keptTick]);
  });

  it('refuses an entry whose month is deleted (409), and restores it once the month is back', async () => {
    const month = await seedMonth(t, user);
    const journal = await seedJournal(t, user, month.id);
    await del(`/api/journals/${journal.id}/`);
    await del(`/api/months/${month.id}/`);

    const refused = await restore('journals', journal.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'Its month was deleted: restore the month first.',
      code: 'month_in_trash',
    });
    expect(await trash()).toHaveLength(2);

    expect((await restore('months', month.id)).statusCode).toBe(200);
    expect((await restore('journals', journal.id)).statusCode).toBe(200);
    expect((await get(`/api/journals/?month=${month.id}`)).json()).toEqual([journal]);
  });

  it('answers 404 for what is not in the bin, and for a second restore', async () => {
    const month = await seedMonth(t, user);
    const goal = await seedGoal(t, user, month.id);
    expect((await restore('goals', goal.id)).statusCode).toBe(404);
    await del(`/api/goals/${goal.id}/`);
    const [first, second] = await Promise.all([
      restore('goals', goal.id),
      restore('goals', goal.id),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 404]);
    expect((await get(`/api/goals/?month=${month.id}`)).json()).toEqual([goal]);
  });
});

describe('restoring beyond a quota', () => {
  it('refuses a goal whose month is full again (400 quota_exceeded), keeping it in the bin', async () => {
    const month = await seedMonth(t, user);
    const goal = await seedGoal(t, user, month.id, 'First');
    await del(`/api/goals/${goal.id}/`);
    const rows = Array.from({ length: GOALS_PER_MONTH }, (_, index) => ({
      author_id: user.id,
      month_id: month.id,
      name: `Goal ${index}`,
      is_completed: 0 as const,
    }));
    await t.database.db.insertInto('goals').values(rows).execute();

    const response = await restore('goals', goal.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Goal not restored — a month holds at most 200 goals.',
      code: 'quota_exceeded',
    });
    expect(await trash()).toHaveLength(1);
    expect((await get(`/api/goals/${goal.id}/`)).statusCode).toBe(404);
  });
});

describe('deleting for good', () => {
  it('removes the item from the bin; it can no longer be restored', async () => {
    const month = await seedMonth(t, user);
    const goal = await seedGoal(t, user, month.id);
    await del(`/api/goals/${goal.id}/`);

    expect((await del(`/api/trash/goal/${goal.id}/`)).statusCode).toBe(204);
    expect(await trash()).toEqual([]);
    expect((await restore('goals', goal.id)).statusCode).toBe(404);
    expect((await del(`/api/trash/goal/${goal.id}/`)).statusCode).toBe(404);
  });

  it(`purges what was deleted more than ${TRASH_DAYS} days ago`, async () => {
    const month = await seedMonth(t, user);
    const old = await seedGoal(t, user, month.id, 'Old');
    const recent = await seedGoal(t, user, month.id, 'Recent');
    await del(`/api/goals/${old.id}/`);
    await del(`/api/goals/${recent.id}/`);
    await t.database.db
      .updateTable('trash')
      .set({ deleted_at: new Date(Date.now() - (TRASH_DAYS + 1) * 86_400_000).toISOString() })
      .where('item_id', '=', old.id)
      .execute();

    // Past its 30 days it is neither listed nor restorable, even before the sweep runs.
    expect((await trash()).map((item) => item.id)).toEqual([recent.id]);
    expect((await restore('goals', old.id)).statusCode).toBe(404);
    expect(await purgeExpired(t.database.db)).toBe(1);
    const left = await t.database.db
      .selectFrom('trash')
      .select('item_id')
      .where('author_id', '=', user.id)
      .execute();
    expect(left.map((row) => row.item_id)).toEqual([recent.id]);
  });

  it('rejects an unknown kind with a 4xx and changes nothing', async () => {
    const month = await seedMonth(t, user);
    await del(`/api/months/${month.id}/`);
    const response = await del(`/api/trash/habit/${month.id}/`);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await trash()).toHaveLength(1);
  });
});

/** Items put in `who`'s bin behind the API (as old as their order), for the bin's limits. */
async function binned(count: number, bytes: number, who = user): Promise<number[]> {
  const rows = Array.from({ length: count }, (_, index) => ({
    author_id: who.id,
    kind: 'goal',
    item_id: 1_000_000 + index,
    month_id: null,
    label: `Binned ${index}`,
    deleted_at: new Date().toISOString(),
    payload: '{"goals":[]}',
    payload_bytes: bytes,
  }));
  const ids: number[] = [];
  for (let first = 0; first < rows.length; first += 200) {
    const inserted = await t.database.db
      .insertInto('trash')
      .values(rows.slice(first, first + 200))
      .returning('id')
      .execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids.sort((a, b) => a - b);
}

const binIds = async (who = user) =>
  (
    await t.database.db
      .selectFrom('trash')
      .select('id')
      .where('author_id', '=', who.id)
      .orderBy('id')
      .execute()
  ).map((row) => row.id);

describe("the bin's size", () => {
  it(`purges the oldest items past ${TRASH_MAX_ITEMS}: the delete goes through, and no one else's bin changes`, async () => {
    const other = await createUser(t);
    const [othersItem] = await binned(1, 12, other);
    const [oldest, second, ...rest] = await binned(TRASH_MAX_ITEMS, 12);
    const month = await seedMonth(t, user);
    const goal = await seedGoal(t, user, month.id);

    expect((await del(`/api/goals/${goal.id}/`)).statusCode).toBe(204);

    const left = await binIds();
    expect(left).toHaveLength(TRASH_MAX_ITEMS);
    expect(left).not.toContain(oldest);
    expect(left.slice(0, -1)).toEqual([second, ...rest]);
    const [newest] = await trash();
    expect(newest).toMatchObject({ kind: 'goal', id: goal.id });
    expect(await binIds(other)).toEqual([othersItem]);
  });

  it('purges the oldest items past its bytes, counting each snapshot as it is binned', async () => {
    const [oldest, second, third] = await binned(3, TRASH_MAX_BYTES / 2 - 1);
    const month = await seedMonth(t, user);
    const goal = await seedGoal(t, user, month.id, 'Counted');

    expect((await del(`/api/goals/${goal.id}/`)).statusCode).toBe(204);

    const rows = await t.database.db
      .selectFrom('trash')
      .select(['id', 'item_id', 'payload', 'payload_bytes'])
      .where('author_id', '=', user.id)
      .orderBy('id')
      .execute();
    // Three halves and the new item do not fit: the two oldest go, the newest half stays.
    expect(rows.map((row) => row.id)).toEqual([third, expect.any(Number)]);
    expect([oldest, second]).not.toContain(rows[0]?.id);
    const added = rows[1]!;
    expect(added.item_id).toBe(goal.id);
    expect(Number(added.payload_bytes)).toBe(Buffer.byteLength(added.payload));
    expect((await restore('goals', goal.id)).statusCode).toBe(200);
  });
});

describe('listing in pages', () => {
  const followLink = (link: string | undefined) => /<([^>]+)>;\s*rel="next"/.exec(link ?? '')?.[1];

  async function pages(url: string) {
    const seen: TrashItem[][] = [];
    let next: string | undefined = url;
    while (next) {
      const response = await get(next);
      expect(response.statusCode).toBe(200);
      seen.push(response.json<TrashItem[]>());
      next = followLink(response.headers.link as string | undefined);
    }
    return seen;
  }

  it('reaches every item once, newest first, by its Link header', async () => {
    const month = await seedMonth(t, user);
    const goals = [];
    for (let index = 0; index < 7; index += 1)
      goals.push(await seedGoal(t, user, month.id, `G${index}`));
    for (const goal of goals) expect((await del(`/api/goals/${goal.id}/`)).statusCode).toBe(204);

    const seen = await pages('/api/trash/?limit=3');

    expect(seen.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(seen.flat().map((item) => item.id)).toEqual(goals.map((goal) => goal.id).reverse());
    expect(seen.flat()).toEqual(await trash());
    expect(seen.flat()[0]).not.toHaveProperty('key');
  });

  it("names an entry's binned month when the month is on another page", async () => {
    const { month, journal } = await seedFullMonth(t, user);
    expect((await del(`/api/journals/${journal.id}/`)).statusCode).toBe(204);
    expect((await del(`/api/months/${month.id}/`)).statusCode).toBe(204);

    const seen = await pages('/api/trash/?limit=1');

    expect(seen.map((page) => page.map((item) => [item.kind, item.month_name]))).toEqual([
      [['month', null]],
      [['journal', month.name]],
    ]);
  });

  it('refuses a cursor that is not one of its own (400) and a limit out of range', async () => {
    expect((await get('/api/trash/?cursor=nonsense')).json()).toEqual({
      cursor: ['Invalid cursor.'],
    });
    expect((await get('/api/trash/?cursor=nonsense')).statusCode).toBe(400);
    expect((await get('/api/trash/?limit=0')).statusCode).toBe(400);
    expect((await get('/api/trash/?limit=501')).statusCode).toBe(400);
  });
});

it('is behind authentication', async () => {
  expect((await t.app.inject({ method: 'GET', url: '/api/trash/' })).statusCode).toBe(401);
  expect((await t.app.inject({ method: 'POST', url: '/api/months/1/restore/' })).statusCode).toBe(
    401,
  );
});
