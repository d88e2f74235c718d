// API tests for Idempotency-Key on create routes: one row per key, replayed answers, 422 for another body, per-user keys, 24 h expiry.
import { createHash } from 'node:crypto';
import {
  canonicalJson,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENCY_TTL_MS,
} from '../../server/plugins/idempotency.js';
import { seedHabit, seedJournal, seedMeasure, seedMonth } from '../support/factories.js';
import { createUser, injectAs, setUpTestApp, type TestUser } from '../support/test-app.js';

const { t, user } = setUpTestApp();

const post = (url: string, payload: object, key?: string, as: TestUser = user) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...as.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  });

const countJournals = async (monthId: number) =>
  (
    await t.database.db
      .selectFrom('journals')
      .select('id')
      .where('month_id', '=', monthId)
      .execute()
  ).length;

describe('POST /api/journals/ with an Idempotency-Key', () => {
  it('answers a repeat with the first answer (same status and body) and adds no second row', async () => {
    const month = await seedMonth(t, user);
    const body = { month_id: month.id, highlight: 'Once', created_at: '2024-05-01' };

    const first = await post('/api/journals/', body, 'save-1');
    const second = await post('/api/journals/', body, 'save-1');

    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await countJournals(month.id)).toBe(1);
  });

  it('makes one row of two requests sent at the same moment', async () => {
    const month = await seedMonth(t, user);
    const body = { month_id: month.id, highlight: 'Double click' };

    const [a, b] = await Promise.all([
      post('/api/journals/', body, 'both-at-once'),
      post('/api/journals/', body, 'both-at-once'),
    ]);

    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);
    expect(await countJournals(month.id)).toBe(1);
  });

  it('treats the body by its content, whatever the order of its fields', async () => {
    const month = await seedMonth(t, user);
    const first = await post('/api/journals/', { month_id: month.id, highlight: 'x' }, 'order');
    const again = await post('/api/journals/', { highlight: 'x', month_id: month.id }, 'order');
    expect(again.body).toBe(first.body);
    expect(await countJournals(month.id)).toBe(1);
  });

  it('refuses the same key with another body with a 422 and creates nothing', async () => {
    const month = await seedMonth(t, user);
    await post('/api/journals/', { month_id: month.id, highlight: 'First' }, 'reused');

    const other = await post(
      '/api/journals/',
      { month_id: month.id, highlight: 'Other' },
      'reused',
    );

    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ detail: IDEMPOTENCY_MESSAGES.otherBody });
    expect(await countJournals(month.id)).toBe(1);
  });

  it('refuses the same key on another create route with a 422', async () => {
    const month = await seedMonth(t, user);
    await post('/api/goals/', { month_id: month.id, name: 'Swim' }, 'shared');
    const habit = await post('/api/habits/', { month_id: month.id, name: 'Swim' }, 'shared');
    expect(habit.statusCode).toBe(422);
  });

  it("scopes keys per user: another user's same key creates their own row", async () => {
    const other = await createUser(t);
    const mine = await seedMonth(t, user);
    const theirs = await seedMonth(t, other);

    const a = await post('/api/journals/', { month_id: mine.id, highlight: 'Mine' }, 'same-key');
    const b = await post(
      '/api/journals/',
      { month_id: theirs.id, highlight: 'Theirs' },
      'same-key',
      other,
    );

    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json().highlight).toBe('Theirs');
    expect(await countJournals(theirs.id)).toBe(1);
  });

  it('creates a new row for a key used more than 24 h ago, and purges old keys', async () => {
    const month = await seedMonth(t, user);
    const body = { month_id: month.id, highlight: 'Daily' };
    const first = await post('/api/journals/', body, 'yesterday');
    await t.database.db
      .updateTable('idempotency_keys')
      .set({ created_at: Date.now() - IDEMPOTENCY_TTL_MS - 60_000 })
      .where('user_id', '=', user.id)
      .execute();

    const later = await post('/api/journals/', body, 'yesterday');

    expect(later.statusCode).toBe(201);
    expect(later.json().id).not.toBe(first.json().id);
    expect(await countJournals(month.id)).toBe(2);
    const rows = await t.database.db
      .selectFrom('idempotency_keys')
      .select('created_at')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.created_at).toBeGreaterThan(Date.now() - 60_000);
  });

  it('does not keep a failed answer: the key works once the request is right', async () => {
    const month = await seedMonth(t, user);
    const missing = await post('/api/journals/', { month_id: 999_999, highlight: 'x' }, 'fix-me');
    expect(missing.statusCode).toBe(400);
    const blank = await post('/api/journals/', { month_id: month.id, highlight: '' }, 'fix-me-2');
    expect(blank.statusCode).toBe(400);

    const good = await post('/api/journals/', { month_id: month.id, highlight: 'x' }, 'fix-me');
    expect(good.statusCode).toBe(201);
    expect(await countJournals(month.id)).toBe(1);
  });

  it('creates a row per request without a key', async () => {
    const month = await seedMonth(t, user);
    const body = { month_id: month.id, highlight: 'Twice' };
    await post('/api/journals/', body);
    await post('/api/journals/', body);
    expect(await countJournals(month.id)).toBe(2);
  });

  it('refuses an empty or over-long key with a 400', async () => {
    const month = await seedMonth(t, user);
    const body = { month_id: month.id, highlight: 'x' };
    expect((await post('/api/journals/', body, 'k'.repeat(256))).statusCode).toBe(400);
    expect((await post('/api/journals/', body, ' ')).json()).toEqual({
      detail: IDEMPOTENCY_MESSAGES.badKey,
    });
    expect(await countJournals(month.id)).toBe(0);
  });
});

describe('every create route takes an Idempotency-Key', () => {
  it.each([
    ['months', async () => ({ name: 'May' })],
    ['goals', async () => ({ name: 'Swim', month_id: (await seedMonth(t, user)).id })],
    ['habits', async () => ({ name: 'Read', month_id: (await seedMonth(t, user)).id })],
    ['measures', async () => ({ name: 'Weight', month_id: (await seedMonth(t, user)).id })],
    [
      'dailyhabits',
      async () => {
        const month = await seedMonth(t, user);
        const journal = await seedJournal(t, user, month.id);
        const habit = await seedHabit(t, user, month.id);
        return { journal_id: journal.id, habit_id: habit.id, is_practiced: true };
      },
    ],
    [
      'dailymeasures',
      async () => {
        const month = await seedMonth(t, user);
        const journal = await seedJournal(t, user, month.id);
        const measure = await seedMeasure(t, user, month.id);
        return { journal_id: journal.id, measure_id: measure.id, metric: 7.5 };
      },
    ],
  ])('/api/%s/: one row for two posts with one key', async (resource, makeBody) => {
    const body = await makeBody();
    const list = async () =>
      (await injectAs(t, user, { method: 'GET', url: `/api/${resource}/` })).json()
        .length as number;
    const before = await list();

    const first = await post(`/api/${resource}/`, body, `${resource}-key`);
    const second = await post(`/api/${resource}/`, body, `${resource}-key`);

    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await list()).toBe(before + 1);
  });

  it('/api/import/: one import for two posts with one key', async () => {
    const file = {
      format: 'monthbook-export',
      version: 1,
      exported_at: '2024-05-01T00:00:00.000Z',
      months: [{ name: 'Imported', habits: [], measures: [], goals: [], journals: [] }],
    };
    const first = await post('/api/import/', file, 'import-key');
    const second = await post('/api/import/', file, 'import-key');
    expect(first.statusCode).toBe(201);
    expect(second.body).toBe(first.body);
    const months = await t.database.db
      .selectFrom('months')
      .select('id')
      .where('author_id', '=', user.id)
      .execute();
    expect(months).toHaveLength(1);
  });
});

describe('the fingerprint of a request', () => {
  /** An export of `months` months of 60 entries with long notes: about 11 KB a month. */
  const largeExport = (months: number) =>
    JSON.stringify({
      format: 'monthbook-export',
      version: 2,
      exported_at: '2024-05-01T00:00:00.000Z',
      months: Array.from({ length: months }, (_, m) => ({
        name: `Month ${m}`,
        habits: [],
        measures: [],
        goals: [],
        journals: Array.from({ length: 60 }, (_, d) => ({
          created_at: `2024-05-${String((d % 28) + 1).padStart(2, '0')}`,
          highlight: `Day ${d}`,
          note: 'n'.repeat(150),
          daily_habits: [],
          daily_measures: [],
        })),
      })),
    });

  it("hashes an import's bytes as sent, in one pass, and replays the import", async () => {
    const text = largeExport(100);
    expect(text.length).toBeGreaterThan(1_000_000);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/import/',
        headers: { ...user.headers, 'content-type': 'application/json', 'idempotency-key': 'big' },
        payload: text,
      });

    const first = await send();
    const again = await send();

    expect(first.statusCode).toBe(201);
    expect(first.json().imported.months).toBe(100);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    const row = await t.database.db
      .selectFrom('idempotency_keys')
      .select('request_hash')
      .where('user_id', '=', user.id)
      .where('key', '=', 'big')
      .executeTakeFirstOrThrow();
    // A plain sha256 of the route and the bytes: no walk over the body, whatever its size.
    const plain = createHash('sha256').update('POST /api/import/\n').update(text).digest('hex');
    expect(row.request_hash).toBe(plain);
  });

  it('puts a parsed body in canonical form at any depth, keys sorted', () => {
    let deep: unknown = 'end';
    for (let level = 0; level < 100_000; level += 1) deep = { b: [deep], a: level % 2 };

    const text = canonicalJson(deep);

    expect(text.startsWith('{"a":1,"b":[{"a":0,"b":[')).toBe(true);
    // Each level is `{"a":0,"b":[` and `]}` around the next (JSON.stringify itself would overflow).
    expect(text).toHaveLength(100_000 * 14 + '"end"'.length);
    expect(text.endsWith(`"end"${']}'.repeat(100_000)}`)).toBe(true);
    expect(canonicalJson({ b: [1, { d: null, c: 'x' }], a: undefined })).toBe(
      '{"b":[1,{"c":"x","d":null}]}',
    );
  });
});
