// The shared API test suite of a month's named items (habits, measures, goals): same routes, same rules.
import { MESSAGES } from '../../contract/rules.js';
import { snapshot } from './db-snapshot.js';
import { seedMonth } from './factories.js';
import { injectAs, setUpTestApp } from './test-app.js';

export interface MonthItemSuiteOptions {
  /** Collection path without the trailing slash, e.g. `/api/habits`. */
  path: string;
  /** Fields every answer carries besides id, name, author, month and month_id. */
  extra?: Record<string, unknown>;
}

export function monthItemSuite({ path, extra = {} }: MonthItemSuiteOptions): void {
  const { t, user, api } = setUpTestApp();

  const create = async (monthId: number, name: string) => {
    const response = await api('POST', `${path}/`, { name, month_id: monthId });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: number; name: string };
  };
  const shape = (id: number, name: string, monthId: number) => ({
    id,
    name,
    author: user.id,
    month: monthId,
    month_id: monthId,
    version: expect.any(Number),
    ...extra,
  });

  describe(`POST ${path}/`, () => {
    it('creates an item in the caller’s month and answers 201', async () => {
      const month = await seedMonth(t, user);
      for (const url of [`${path}/`, path]) {
        const response = await api('POST', url, { name: '  Walk  ', month_id: month.id });
        expect(response.statusCode).toBe(201);
        const body = response.json();
        expect(body).toEqual(shape(body.id, 'Walk', month.id));
      }
    });

    it('accepts 255 characters and refuses 256', async () => {
      const month = await seedMonth(t, user);
      expect(
        (await api('POST', `${path}/`, { name: 'n'.repeat(255), month_id: month.id })).statusCode,
      ).toBe(201);
      const tooLong = await api('POST', `${path}/`, { name: 'n'.repeat(256), month_id: month.id });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toEqual({ name: [MESSAGES.maxLength(255)] });
    });

    it.each([
      [{}, { name: [MESSAGES.required], month_id: [MESSAGES.required] }],
      [{ name: '\t\n ', month_id: 1 }, { name: [MESSAGES.blank] }],
      [{ name: 'x', month_id: 0 }, { month_id: [MESSAGES.minValue(1)] }],
      [{ name: 'x', month_id: 1.5 }, { month_id: [MESSAGES.invalidInteger] }],
      [{ name: null, month_id: 1 }, { name: ['This field may not be null.'] }],
      [{ name: 'x', month_id: 7777777 }, { month_id: [MESSAGES.invalidPk(7777777)] }],
    ])('refuses %j without storing anything', async (payload, errors) => {
      const before = await snapshot(t);
      const response = await api('POST', `${path}/`, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(errors);
      expect(await snapshot(t)).toEqual(before);
    });

    it('answers 400, not 500, when the month goes between the check and the insert', async () => {
      // Simulates the race: the ownership check passes, then the insert meets the foreign key.
      const forUser = t.app.repos.forUser;
      const spy = vi.spyOn(t.app.repos, 'forUser').mockImplementation((id) => {
        const repos = forUser(id);
        vi.spyOn(repos.months, 'owns').mockResolvedValue(true);
        return repos;
      });
      try {
        const before = await snapshot(t);
        const response = await api('POST', `${path}/`, { name: 'x', month_id: 7654321 });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ month_id: [MESSAGES.invalidPk(7654321)] });
        expect(await snapshot(t)).toEqual(before);
      } finally {
        spy.mockRestore();
      }
    });

    it('answers a missing body as missing fields', async () => {
      const response = await injectAs(t, user, {
        method: 'POST',
        url: `${path}/`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        name: [MESSAGES.required],
        month_id: [MESSAGES.required],
      });
    });

    it('refuses a body that is not an object', async () => {
      const response = await api('POST', `${path}/`, [1, 2]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        non_field_errors: ['Invalid data. Expected a dictionary.'],
      });
    });
  });

  describe(`GET ${path}/`, () => {
    it('filters by ?month= and orders by id', async () => {
      const month = await seedMonth(t, user);
      const other = await seedMonth(t, user, 'Other');
      const first = await create(month.id, 'first');
      const second = await create(month.id, 'second');
      const elsewhere = await create(other.id, 'elsewhere');
      for (const url of [`${path}/?month=${month.id}`, `${path}?month=${month.id}`]) {
        const response = await api('GET', url);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual([
          shape(first.id, 'first', month.id),
          shape(second.id, 'second', month.id),
        ]);
      }
      const all = await api('GET', `${path}/`);
      expect(all.json().map((item: { id: number }) => item.id)).toEqual([
        first.id,
        second.id,
        elsewhere.id,
      ]);
    });

    it('answers an empty list for a month with no items', async () => {
      const response = await api('GET', `${path}/?month=${(await seedMonth(t, user)).id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    });

    it('refuses a month filter beyond the id range', async () => {
      const response = await api('GET', `${path}/?month=99999999999`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ month: [MESSAGES.maxValue(2147483647)] });
    });

    it('needs credentials', async () => {
      const response = await t.app.inject({ method: 'GET', url: `${path}/` });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: MESSAGES.noCredentials });
    });
  });

  describe(`GET/PATCH ${path}/{id}/`, () => {
    it('answers the item with and without the trailing slash', async () => {
      const month = await seedMonth(t, user);
      const item = await create(month.id, 'Read');
      for (const url of [`${path}/${item.id}/`, `${path}/${item.id}`]) {
        const response = await api('GET', url);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual(shape(item.id, 'Read', month.id));
      }
    });

    it('renames the item', async () => {
      const month = await seedMonth(t, user);
      const item = await create(month.id, 'Read');
      const response = await api('PATCH', `${path}/${item.id}`, { name: ' Read more ' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(shape(item.id, 'Read more', month.id));
      expect((await api('GET', `${path}/${item.id}/`)).json().name).toBe('Read more');
    });

    it('refuses a blank name and keeps the old one', async () => {
      const month = await seedMonth(t, user);
      const item = await create(month.id, 'Read');
      const response = await api('PATCH', `${path}/${item.id}/`, { name: '' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ name: [MESSAGES.blank] });
      expect((await api('GET', `${path}/${item.id}/`)).json().name).toBe('Read');
    });

    it.each(['GET', 'PATCH'] as const)('answers %s of a missing item with 404', async (method) => {
      const response = await api(
        method,
        `${path}/555555/`,
        method === 'PATCH' ? { name: 'x' } : undefined,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: MESSAGES.notFound });
    });
  });

  describe(`DELETE ${path}/{id}/ and ${path}/delete/{id}/`, () => {
    it.each([`${path}/delete/%d/`, `${path}/delete/%d`, `${path}/%d/`, `${path}/%d`])(
      'deletes through %s and answers 404 the second time',
      async (pattern) => {
        const month = await seedMonth(t, user);
        const item = await create(month.id, 'Doomed');
        const kept = await create(month.id, 'Kept');
        const url = pattern.replace('%d', String(item.id));
        const response = await api('DELETE', url);
        expect(response.statusCode).toBe(204);
        expect(response.body).toBe('');
        const left = await api('GET', `${path}/?month=${month.id}`);
        expect(left.json()).toEqual([shape(kept.id, 'Kept', month.id)]);
        const again = await api('DELETE', url);
        expect(again.statusCode).toBe(404);
        expect(again.json()).toEqual({ detail: MESSAGES.notFound });
      },
    );
  });
}
