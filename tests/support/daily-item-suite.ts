// The shared API test suite of daily items (daily habits, daily measures): a month item's value on a journal's day.
import { MESSAGES } from '../../contract/rules.js';
import { snapshot } from './db-snapshot.js';
import { reposOf, seedJournal, seedMonth } from './factories.js';
import { setUpTestApp, type TestApp, type TestUser } from './test-app.js';

export interface DailyItemSuiteOptions {
  /** e.g. `/api/dailyhabits` */
  path: string;
  /** The month item: `habit` or `measure`. */
  item: 'habit' | 'measure';
  /** The value field and two distinct values for it. */
  value: { field: 'is_practiced' | 'metric'; first: boolean | number; second: boolean | number };
  /** Fields every answer carries besides the spec's (e.g. a daily habit's `is_skipped`). */
  extra?: Record<string, unknown>;
}

export interface DailyItemContext {
  t: () => TestApp;
  user: () => TestUser;
}

export function dailyItemSuite({
  path,
  item,
  value,
  extra = {},
}: DailyItemSuiteOptions): DailyItemContext {
  const { t, user, api } = setUpTestApp();
  const itemId = `${item}_id` as const;

  const seedItem = (monthId: number, name: string) => {
    const repos = reposOf(t, user);
    return (item === 'habit' ? repos.habits : repos.measures).create({ month_id: monthId, name });
  };
  /** A month with two journals and one item. */
  const seedDay = async (name = 'January') => {
    const month = await seedMonth(t, user, name);
    const journal = await seedJournal(t, user, month.id, 'day one');
    const other = await seedJournal(t, user, month.id, 'day two');
    const monthItem = await seedItem(month.id, `${name} item`);
    return { month, journal, other, monthItem };
  };
  const create = async (journalId: number, monthItemId: number, v = value.first) => {
    const response = await api('POST', `${path}/`, {
      journal_id: journalId,
      [itemId]: monthItemId,
      [value.field]: v,
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: number };
  };

  describe(`POST ${path}/`, () => {
    it('creates a daily item with the month item nested, and answers 201', async () => {
      const { month, journal, monthItem } = await seedDay();
      for (const url of [`${path}/`, path]) {
        const response = await api('POST', url, {
          journal_id: journal.id,
          [itemId]: monthItem.id,
          [value.field]: value.first,
        });
        expect(response.statusCode).toBe(201);
        const body = response.json();
        expect(body).toEqual({
          id: expect.any(Number),
          [value.field]: value.first,
          [item]: {
            id: monthItem.id,
            name: monthItem.name,
            author: user.id,
            month: month.id,
            month_id: month.id,
          },
          [itemId]: monthItem.id,
          journal: journal.id,
          journal_id: journal.id,
          version: 1,
          ...extra,
        });
        expect((await api('GET', `${path}/${body.id}/`)).json()).toEqual(body);
      }
    });

    it(`refuses a ${item} of another month than the journal’s`, async () => {
      const day = await seedDay('January');
      const other = await seedDay('February');
      const before = await snapshot(t);
      const response = await api('POST', `${path}/`, {
        journal_id: day.journal.id,
        [itemId]: other.monthItem.id,
        [value.field]: value.first,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ [itemId]: [MESSAGES.invalidPk(other.monthItem.id)] });
      expect(await snapshot(t)).toEqual(before);
    });

    it('names every missing parent', async () => {
      const { journal, monthItem } = await seedDay();
      const cases: [object, object][] = [
        [
          { journal_id: 8888888, [itemId]: monthItem.id },
          { journal_id: [MESSAGES.invalidPk(8888888)] },
        ],
        [
          { journal_id: journal.id, [itemId]: 8888888 },
          { [itemId]: [MESSAGES.invalidPk(8888888)] },
        ],
        [
          { journal_id: 8888888, [itemId]: 9999999 },
          { journal_id: [MESSAGES.invalidPk(8888888)], [itemId]: [MESSAGES.invalidPk(9999999)] },
        ],
      ];
      for (const [ids, errors] of cases) {
        const response = await api('POST', `${path}/`, { ...ids, [value.field]: value.first });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(errors);
      }
    });

    it(`answers 400, not 500, when the ${item} goes between the check and the insert`, async () => {
      const { journal, monthItem } = await seedDay();
      // Simulates the race: the check finds the item, then the insert meets the foreign key.
      const forUser = t.app.repos.forUser;
      const spy = vi.spyOn(t.app.repos, 'forUser').mockImplementation((id) => {
        const repos = forUser(id);
        const items = item === 'habit' ? repos.habits : repos.measures;
        vi.spyOn(items, 'forJournal').mockResolvedValue({ ...monthItem, id: 7654321 });
        return repos;
      });
      try {
        const before = await snapshot(t);
        const response = await api('POST', `${path}/`, {
          journal_id: journal.id,
          [itemId]: 7654321,
          [value.field]: value.first,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ [itemId]: [MESSAGES.invalidPk(7654321)] });
        expect(await snapshot(t)).toEqual(before);
      } finally {
        spy.mockRestore();
      }
    });

    it('refuses ids sent as lists', async () => {
      const { journal, monthItem } = await seedDay();
      const response = await api('POST', `${path}/`, {
        journal_id: [journal.id],
        [itemId]: monthItem.id,
        [value.field]: value.first,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ journal_id: [MESSAGES.invalidInteger] });
    });

    it('requires the ids', async () => {
      const response = await api('POST', `${path}/`, { [value.field]: value.first });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        journal_id: [MESSAGES.required],
        [itemId]: [MESSAGES.required],
      });
    });
  });

  describe(`GET ${path}/`, () => {
    it('filters by ?journal=, by ?month= (a whole month) and by both', async () => {
      const jan = await seedDay('January');
      const feb = await seedDay('February');
      const a = await create(jan.journal.id, jan.monthItem.id);
      const b = await create(jan.other.id, jan.monthItem.id, value.second);
      const c = await create(feb.journal.id, feb.monthItem.id);
      const ids = async (url: string) => {
        const response = await api('GET', url);
        expect(response.statusCode).toBe(200);
        return (response.json() as { id: number }[]).map((row) => row.id);
      };
      expect(await ids(`${path}/?journal=${jan.journal.id}`)).toEqual([a.id]);
      expect(await ids(`${path}?journal=${jan.other.id}`)).toEqual([b.id]);
      expect(await ids(`${path}/?month=${jan.month.id}`)).toEqual([a.id, b.id]);
      expect(await ids(`${path}?month=${feb.month.id}`)).toEqual([c.id]);
      expect(await ids(`${path}/?month=${feb.month.id}&journal=${jan.journal.id}`)).toEqual([]);
      expect(await ids(`${path}/`)).toEqual([a.id, b.id, c.id]);
      const list = (await api('GET', `${path}/?month=${jan.month.id}`)).json();
      expect(list[1]).toEqual((await api('GET', `${path}/${b.id}`)).json());
      expect(list[1][value.field]).toBe(value.second);
    });

    it('refuses filters that are not ids', async () => {
      const response = await api('GET', `${path}/?journal=x&month=-4`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        journal: [MESSAGES.invalidInteger],
        month: [MESSAGES.minValue(1)],
      });
    });
  });

  describe(`GET/PATCH/DELETE ${path}/{id}/`, () => {
    it(`changes ${value.field} with PATCH`, async () => {
      const { journal, monthItem } = await seedDay();
      const created = await create(journal.id, monthItem.id);
      const response = await api('PATCH', `${path}/${created.id}`, {
        [value.field]: value.second,
        journal_id: 1,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ...created, [value.field]: value.second, version: 2 });
    });

    it.each(['GET', 'PATCH', 'DELETE'] as const)(
      'answers %s of a missing item with 404',
      async (method) => {
        const response = await api(method, `${path}/6666666/`, method === 'PATCH' ? {} : undefined);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: MESSAGES.notFound });
      },
    );

    it.each([`${path}/delete/%d/`, `${path}/%d`])('deletes through %s', async (pattern) => {
      const { journal, monthItem } = await seedDay();
      const created = await create(journal.id, monthItem.id);
      const response = await api('DELETE', pattern.replace('%d', String(created.id)));
      expect(response.statusCode).toBe(204);
      expect((await api('GET', `${path}/${created.id}/`)).statusCode).toBe(404);
    });

    it(`goes when its ${item} is deleted`, async () => {
      const { journal, monthItem } = await seedDay();
      const created = await create(journal.id, monthItem.id);
      const response = await api('DELETE', `/api/${item}s/delete/${monthItem.id}/`);
      expect(response.statusCode).toBe(204);
      expect((await api('GET', `${path}/${created.id}/`)).statusCode).toBe(404);
    });
  });

  return { t: () => t, user: () => user };
}
