// Property-based bad input over every data route: never a 5xx, and a 4xx never changes the database.
import fc from 'fast-check';
import { snapshot } from '../support/db-snapshot.js';
import { type SeededMonth, seedFullMonth } from '../support/factories.js';
import { buildTestApp, createUser, type TestApp, type TestUser } from '../support/test-app.js';

let t: TestApp;
let user: TestUser;
let mine: SeededMonth;
let theirs: SeededMonth;
/** The database as it was after the last request that succeeded. */
let lastState: Record<string, string[]>;

beforeAll(async () => {
  t = await buildTestApp();
  user = await createUser(t);
  const stranger = await createUser(t);
  mine = await seedFullMonth(t, user);
  theirs = await seedFullMonth(t, stranger);
}, 60_000);
// Deletes may succeed on the caller's own rows; each property starts with a fresh set of them.
beforeEach(async () => {
  mine = await seedFullMonth(t, user);
  lastState = await snapshot(t);
});
afterAll(async () => {
  await t.close();
});

/** Runs per property; each resource gets 7 × RUNS requests across its routes. */
const RUNS = 100;

const oddStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '1e400',
  '-1e400',
  'Infinity',
  '-Infinity',
  'NaN',
  '12.5',
  ' 7 ',
  '0x1F',
  'true',
  'false',
  '0',
  '-1',
  '2147483648',
  '9'.repeat(400),
  '\u202e\u0301\ud83d\ude00',
  '\ud800',
  '<script>alert(1)</script>',
  "'; drop table months; --",
);

/** Anything a client could put in a field. */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.integer({ min: -3, max: 12 }),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -0, 1e12, 1e12 + 1, 2 ** 31, -(2 ** 31)),
  oddStrings,
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ minLength: 45, maxLength: 300 }),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** Real ids (the caller's and another user's) mixed with anything. */
const idValue = (pick: (seed: SeededMonth) => number) =>
  fc.oneof(
    fc.constantFrom('mine', 'theirs').map((who) => pick(who === 'mine' ? mine : theirs)),
    anyValue,
  );

const bodyFields = {
  name: anyValue,
  highlight: anyValue,
  month_id: idValue((s) => s.month.id),
  journal_id: idValue((s) => s.journal.id),
  habit_id: idValue((s) => s.habit.id),
  measure_id: idValue((s) => s.measure.id),
  metric: anyValue,
  is_completed: anyValue,
  is_practiced: anyValue,
};

/** Mostly valid values, so that some bodies pass validation and reach the repositories. */
const mostly = <T>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<unknown> = anyValue) =>
  fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: other });
const plausibleFields = {
  name: mostly(fc.string({ minLength: 1, maxLength: 40 })),
  highlight: mostly(fc.string({ minLength: 1, maxLength: 40 })),
  month_id: mostly(
    fc.constant(0).map(() => mine.month.id),
    bodyFields.month_id,
  ),
  journal_id: mostly(
    fc.constant(0).map(() => mine.journal.id),
    bodyFields.journal_id,
  ),
  habit_id: mostly(
    fc.constant(0).map(() => mine.habit.id),
    bodyFields.habit_id,
  ),
  measure_id: mostly(
    fc.constant(0).map(() => mine.measure.id),
    bodyFields.measure_id,
  ),
  metric: mostly(fc.double({ min: -1e12, max: 1e12, noNaN: true })),
  is_completed: mostly(fc.boolean()),
  is_practiced: mostly(fc.boolean()),
};

/** A raw request body: JSON of an object with known and unknown fields, other JSON, or garbage. */
const rawBody = fc.oneof(
  { weight: 4, arbitrary: fc.record(plausibleFields).map((body) => JSON.stringify(body)) },
  {
    weight: 5,
    arbitrary: fc
      .tuple(
        fc.record(bodyFields, { requiredKeys: [] }),
        fc.dictionary(fc.string({ maxLength: 8 }), anyValue, { maxKeys: 2 }),
      )
      .map(([known, extra]) => JSON.stringify({ ...extra, ...known })),
  },
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.constantFrom(
    'null',
    '[]',
    '"x"',
    '1',
    '{',
    '{"name":',
    '{"metric": 1e400}',
    '{"month_id": 1e400, "name": "x"}',
    '{"name": "\\u0000"}',
    '{"__proto__": {"name": "x"}}',
    '{"constructor": {"prototype": {}}}',
    '',
  ),
  fc.string({ maxLength: 40 }),
);

/** Text of any value as it would appear in a URL; dictionaries have no prototype, so no String(). */
const toText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');

/** encodeURIComponent throws on lone surrogates; a client would have sent U+FFFD. */
const encodeSegment = (text: string): string =>
  encodeURIComponent(text.replace(/[\ud800-\udfff]/gu, '\ufffd'));

/** A path segment, already encoded: ids, odd numbers, any text, and broken percent-escapes. */
const pathId = fc.oneof(
  idValue((s) => s.month.id).map((value) => encodeSegment(toText(value))),
  fc.constantFrom('0', '-1', '1.5', '1e3', '0x10', 'Infinity', 'NaN', '9'.repeat(30), 'x'),
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%2F', '..', '1%20', '%C0%AF'),
  fc.string({ maxLength: 12 }).map(encodeSegment),
);

const authorization = fc.oneof(
  { weight: 6, arbitrary: fc.constant('valid') },
  fc.constantFrom('none', 'tampered', 'refresh', 'stranger-garbage'),
  fc.string({ maxLength: 40 }).map((value) => `Bearer ${value}`),
  fc.string({ maxLength: 40 }),
);

function headersFor(kind: string, contentType: string | null): Record<string, string> {
  const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
  const tokens: Record<string, string | undefined> = {
    valid: `Bearer ${user.access}`,
    none: undefined,
    tampered: `Bearer ${user.access.slice(0, -3)}abc`,
    refresh: `Bearer ${t.app.tokens.issuePair(user.id).refresh}`,
    'stranger-garbage': 'Bearer a.b.c',
  };
  const authorizationHeader = kind in tokens ? tokens[kind] : kind;
  if (authorizationHeader !== undefined) headers.authorization = authorizationHeader;
  return headers;
}

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  fc.constantFrom('text/plain', 'application/json; charset=utf-8', null),
);

interface Attempt {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** Status codes seen per resource, to show the generators reach both successes and refusals. */
const seen = new Map<string, Set<number>>();

/** Sends the request and checks the two invariants. */
async function check(resource: string, attempt: Attempt): Promise<void> {
  const response = await t.app.inject({
    method: attempt.method,
    url: attempt.url,
    headers: attempt.headers,
    ...(attempt.body === undefined ? {} : { payload: attempt.body }),
  });
  const context = `${attempt.method} ${attempt.url} ${attempt.body ?? ''} → ${response.statusCode} ${response.body}`;
  expect(response.statusCode, context).toBeLessThan(500);
  const statuses = seen.get(resource) ?? new Set<number>();
  seen.set(resource, statuses.add(response.statusCode));
  const state = await snapshot(t);
  if (response.statusCode >= 400) expect(state, context).toEqual(lastState);
  lastState = state;
}

const resources = [
  'months',
  'journals',
  'goals',
  'habits',
  'measures',
  'dailyhabits',
  'dailymeasures',
] as const;

const slash = fc.constantFrom('/', '');

describe.each(resources)('/api/%s/', (resource) => {
  it('survives any list query', async () => {
    const query = fc.dictionary(
      fc.constantFrom('month', 'journal', 'other', 'month[]'),
      fc.oneof(pathId, anyValue.map(toText)),
      { maxKeys: 3 },
    );
    await fc.assert(
      fc.asyncProperty(query, authorization, slash, async (params, auth, end) => {
        const search = new URLSearchParams(params).toString();
        await check(resource, {
          method: 'GET',
          url: `/api/${resource}${end}?${search}`,
          headers: headersFor(auth, null),
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('survives any create body', async () => {
    await fc.assert(
      fc.asyncProperty(
        rawBody,
        authorization,
        contentType,
        slash,
        async (body, auth, type, end) => {
          await check(resource, {
            method: 'POST',
            url: `/api/${resource}${end}`,
            headers: headersFor(auth, type),
            body,
          });
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it('survives any detail read', async () => {
    await fc.assert(
      fc.asyncProperty(pathId, authorization, slash, async (id, auth, end) => {
        await check(resource, {
          method: 'GET',
          url: `/api/${resource}/${id}${end}`,
          headers: headersFor(auth, null),
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('survives any change', async () => {
    await fc.assert(
      fc.asyncProperty(
        pathId,
        rawBody,
        authorization,
        contentType,
        slash,
        async (id, body, auth, type, end) => {
          await check(resource, {
            method: 'PATCH',
            url: `/api/${resource}/${id}${end}`,
            headers: headersFor(auth, type),
            body,
          });
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it('survives any delete, through both paths', async () => {
    const prefix = fc.constantFrom('', 'delete/');
    await fc.assert(
      fc.asyncProperty(prefix, pathId, authorization, slash, async (alias, id, auth, end) => {
        await check(resource, {
          method: 'DELETE',
          url: `/api/${resource}/${alias}${id}${end}`,
          headers: headersFor(auth, null),
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('reached successes, validation errors, missing objects and refused tokens', () => {
    const statuses = seen.get(resource) ?? new Set<number>();
    for (const status of [200, 201, 400, 401, 404])
      expect(statuses, String(status)).toContain(status);
  });
});
