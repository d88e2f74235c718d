// Cached data reads: served again while the user's data is unchanged, fresh after any write on any server.
import { MESSAGES } from '../../contract/rules.js';
import { type SeededMonth, seedFullMonth, seedHabit, seedMeasure } from '../support/factories.js';
import {
  buildSiblingApp,
  createUser,
  injectAs,
  setUpTestApp,
  type TestApp,
  type TestUser,
  tamperSignature,
} from '../support/test-app.js';

const { t, user } = setUpTestApp();
let sibling: TestApp;

beforeAll(async () => {
  sibling = await buildSiblingApp(t);
});
afterAll(async () => {
  await sibling.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (server: TestApp, method: Method, url: string, payload?: object, as = user) =>
  injectAs(server, as, { method, url, ...(payload ? { payload } : {}) });

/** Reads every URL, so each is in the reading server's cache before the write under test. */
async function warm(server: TestApp, urls: string[]): Promise<void> {
  for (const url of urls) expect((await call(server, 'GET', url)).statusCode).toBeLessThan(500);
}

const ids = (response: { json(): unknown }) =>
  (response.json() as Array<{ id: number }>).map((row) => row.id);

describe('the cache', () => {
  it('answers a repeated read with the same bytes and headers, without reading the tables', async () => {
    const { month } = await seedFullMonth(t, user);
    const first = await call(t, 'GET', '/api/months/');
    const loads = vi.spyOn(t.app.repos, 'forUser');

    const second = await call(t, 'GET', '/api/months/');
    const loaded = loads.mock.calls.length;
    loads.mockRestore();
    expect(loaded).toBe(0);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['content-length']).toBe(first.headers['content-length']);
    expect(second.json()).toEqual([month]);
  });

  it('answers a hit with the status, headers and body of the uncached answer', async () => {
    const { month } = await seedFullMonth(t, user);
    const url = `/api/journals/?month=${month.id}`;
    const first = await call(t, 'GET', url);
    const hit = await call(t, 'GET', url);

    const { 'x-request-id': firstId, date: _firstDate, ...firstHeaders } = first.headers;
    const { 'x-request-id': hitId, date: _hitDate, ...hitHeaders } = hit.headers;
    expect(hit.statusCode).toBe(first.statusCode);
    expect(hitHeaders).toEqual(firstHeaders);
    expect(hit.body).toBe(first.body);
    expect(hitId).toMatch(/^[0-9a-f-]{36}$/);
    expect(hitId).not.toBe(firstId);
  });

  it('is not served without a valid token', async () => {
    await seedFullMonth(t, user);
    await warm(t, ['/api/months/']);

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/months/' });
    const tampered = await t.app.inject({
      method: 'GET',
      url: '/api/months/',
      headers: { authorization: `Bearer ${tamperSignature(user.access)}` },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: MESSAGES.noCredentials });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toEqual({ detail: MESSAGES.badToken, code: 'token_not_valid' });
  });

  it('is not used for a user without a version (data from before the counter)', async () => {
    const row = await t.database.db
      .insertInto('months')
      .values({ author_id: user.id, name: 'Direct' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // As for an account written before migration 003: rows, but no version yet.
    await t.database.db.deleteFrom('data_versions').where('user_id', '=', user.id).execute();
    const loads = vi.spyOn(t.app.repos, 'forUser');

    const answers = [await call(t, 'GET', '/api/months/'), await call(t, 'GET', '/api/months/')];
    const loaded = loads.mock.calls.length;
    loads.mockRestore();

    expect(loaded).toBe(2);
    for (const answer of answers) {
      expect(answer.json()).toEqual([
        {
          id: row.id,
          name: 'Direct',
          author: user.id,
          period: null,
          version: 1,
          mood_enabled: true,
        },
      ]);
    }
  });

  it('never serves one user’s answer to another', async () => {
    const other = await createUser(t);
    const mine = await seedFullMonth(t, user, 'Mine');
    const theirs = await seedFullMonth(t, other, 'Theirs');
    const detail = `/api/months/${mine.month.id}/`;
    const urls = ['/api/months/', '/api/journals/', detail];
    await warm(t, urls);

    expect((await call(t, 'GET', '/api/months/', undefined, other)).json()).toEqual([theirs.month]);
    expect((await call(t, 'GET', '/api/journals/', undefined, other)).json()).toEqual([
      theirs.journal,
    ]);
    expect((await call(t, 'GET', detail, undefined, other)).statusCode).toBe(404);
    expect((await call(t, 'GET', detail)).json()).toEqual(mine.month);
  });

  it('is bounded', () => {
    expect(t.app.responseCache.size).toBeLessThanOrEqual(10_000);
  });
});

/** Each resource: its path, a new object's payload (which may seed what it needs), and a change. */
const resources: Array<
  [string, (s: SeededMonth, owner: TestUser, server: TestApp) => Promise<object>, object]
> = [
  ['months', async () => ({ name: 'February' }), { name: 'March' }],
  ['journals', async (s) => ({ month_id: s.month.id, highlight: 'New' }), { highlight: 'Changed' }],
  ['goals', async (s) => ({ month_id: s.month.id, name: 'New' }), { is_completed: true }],
  ['habits', async (s) => ({ month_id: s.month.id, name: 'New' }), { name: 'Changed' }],
  ['measures', async (s) => ({ month_id: s.month.id, name: 'New' }), { name: 'Changed' }],
  [
    'dailyhabits',
    async (s, owner, server) => ({
      journal_id: s.journal.id,
      habit_id: (await seedHabit(server, owner, s.month.id, 'Other')).id,
      is_practiced: false,
    }),
    { is_practiced: true },
  ],
  [
    'dailymeasures',
    async (s, owner, server) => ({
      journal_id: s.journal.id,
      measure_id: (await seedMeasure(server, owner, s.month.id, 'Other')).id,
      metric: 1,
    }),
    { metric: 2.5 },
  ],
];

const servers: Array<[string, () => TestApp, () => TestApp]> = [
  ['on the same server', () => t, () => t],
  ['on another server sharing the database', () => t, () => sibling],
];

describe.each(servers)('after a write %s', (_name, reader, writer) => {
  it.each(resources)(
    '/api/%s/ lists and details are fresh after create, patch and delete',
    async (resource, newPayload, change) => {
      const seeded = await seedFullMonth(t, user);
      const payload = await newPayload(seeded, user, t);
      const list =
        resource === 'months' ? '/api/months/' : `/api/${resource}/?month=${seeded.month.id}`;
      const lists = [list, `/api/${resource}/`];
      await warm(reader(), lists);

      const created = await call(writer(), 'POST', `/api/${resource}/`, payload);
      expect(created.statusCode).toBe(201);
      const { id } = created.json() as { id: number };
      const detail = `/api/${resource}/${id}/`;
      for (const url of lists) expect(ids(await call(reader(), 'GET', url))).toContain(id);
      await warm(reader(), [detail]);

      const patched = await call(writer(), 'PATCH', detail, change);
      expect(patched.statusCode).toBe(200);
      expect((await call(reader(), 'GET', detail)).json()).toEqual(patched.json());
      for (const url of lists) {
        const rows = (await call(reader(), 'GET', url)).json() as Array<{ id: number }>;
        expect(rows.find((row) => row.id === id)).toEqual(patched.json());
      }

      expect((await call(writer(), 'DELETE', detail)).statusCode).toBe(204);
      expect((await call(reader(), 'GET', detail)).statusCode).toBe(404);
      for (const url of lists) expect(ids(await call(reader(), 'GET', url))).not.toContain(id);
    },
  );

  it('deleting a month empties every cached list and detail under it', async () => {
    const { month, journal, dailyHabit } = await seedFullMonth(t, user);
    const lists = [
      `/api/journals/?month=${month.id}`,
      `/api/goals/?month=${month.id}`,
      `/api/habits/?month=${month.id}`,
      `/api/measures/?month=${month.id}`,
      `/api/dailyhabits/?month=${month.id}`,
      `/api/dailyhabits/?journal=${journal.id}`,
      `/api/dailymeasures/?month=${month.id}`,
      '/api/journals/',
      '/api/dailyhabits/',
    ];
    const details = [
      `/api/months/${month.id}/`,
      `/api/journals/${journal.id}/`,
      `/api/dailyhabits/${dailyHabit.id}/`,
    ];
    await warm(reader(), [...lists, ...details]);
    for (const url of lists) expect(ids(await call(reader(), 'GET', url))).toHaveLength(1);

    expect((await call(writer(), 'DELETE', `/api/months/${month.id}/`)).statusCode).toBe(204);

    for (const url of lists) expect((await call(reader(), 'GET', url)).json()).toEqual([]);
    for (const url of details) expect((await call(reader(), 'GET', url)).statusCode).toBe(404);
    expect((await call(reader(), 'GET', '/api/months/')).json()).toEqual([]);
  });
});
