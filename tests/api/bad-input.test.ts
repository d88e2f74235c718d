// Property-based bad input over every route: never a 5xx, and a 4xx never changes the database.
import fc from 'fast-check';
import { snapshot } from '../support/db-snapshot.js';
import { type SeededMonth, seedFullMonth } from '../support/factories.js';
import {
  anyValue,
  encodeSegment,
  garbageBody,
  oddSegment,
  toText,
} from '../support/fuzz-values.js';
import {
  type Attempt,
  attemptFor,
  documentedOperations,
  type FuzzContext,
  listRoutes,
  type OpenApiDocument,
  routeName,
} from '../support/route-fuzz.js';
import {
  buildTestApp,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from '../support/test-app.js';

// Built at collection time: the route table decides which tests exist.
const t: TestApp = await buildTestApp();
const openApi = (
  await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
).json<OpenApiDocument>();
const routes = listRoutes(t.app, openApi);
let user: TestUser;
let stranger: TestUser;
let mine: SeededMonth;
let theirs: SeededMonth;
/** The database as it was after the last request that succeeded. */
let lastState: Record<string, string[]>;

beforeAll(async () => {
  user = await createUser(t);
  stranger = await createUser(t);
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
const RUNS = 80;

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
  created_at: anyValue,
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
  created_at: mostly(
    fc
      .date({ min: new Date('0001-01-01'), max: new Date('9999-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10)),
    fc.constantFrom('2023-02-29', '0000-01-01', '2024-1-1', '2024-01-01T00:00:00Z'),
  ),
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
  { weight: 3, arbitrary: garbageBody },
);

/** A path segment, already encoded: ids, odd numbers, any text, and broken percent-escapes. */
const pathId = fc.oneof(
  idValue((s) => s.month.id).map((value) => encodeSegment(toText(value))),
  { weight: 3, arbitrary: oddSegment },
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

/** Status codes seen per resource, to show the generators reach both successes and refusals. */
const seen = new Map<string, Set<number>>();
/** Generated requests sent, in all and per route of the route table. */
let sent = 0;
const sentPerRoute = new Map<string, number>();

/** Sends the request and checks the two invariants. */
async function check(resource: string, attempt: Attempt): Promise<void> {
  const response = await injectAs(t, attempt, {
    method: attempt.method,
    url: attempt.url,
    ...(attempt.body === undefined ? {} : { payload: attempt.body }),
  });
  sent += 1;
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
      fc.constantFrom('month', 'journal', 'search', 'other', 'month[]'),
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

/** Per route of the table, on top of the resource properties above. */
const RUNS_PER_ROUTE = 25;
const TOTAL_AT_LEAST = 5000;

/** The seeded object a route's ids name: its resource is the first path segment after /api/. */
const seededIds: Record<string, (seed: SeededMonth) => number> = {
  month: (s) => s.month.id,
  journal: (s) => s.journal.id,
  goal: (s) => s.goal.id,
  habit: (s) => s.habit.id,
  measure: (s) => s.measure.id,
  dailyhabit: (s) => s.dailyHabit.id,
  dailymeasure: (s) => s.dailyMeasure.id,
};

const fuzz: FuzzContext = {
  document: openApi,
  realId(path, field) {
    const fromField = field.replace(/_id$/, '');
    const resource = /^\/api\/([a-z]+?)s?(\/|$)/.exec(path)?.[1] ?? '';
    const pick = seededIds[fromField] ?? seededIds[resource] ?? seededIds.month!;
    return fc
      .constantFrom('mine', 'mine', 'theirs')
      .map((who) => pick(who === 'mine' ? mine : theirs));
  },
  knownString(field) {
    if (field === 'refresh')
      return fc.constantFrom('refresh', 'access', 'tampered', 'garbage').map((kind) => {
        const pair = t.app.tokens.issuePair(user.id);
        if (kind === 'refresh') return pair.refresh;
        if (kind === 'access') return pair.access;
        return kind === 'tampered' ? `${pair.refresh.slice(0, -3)}abc` : 'a.b.c';
      });
    if (field === 'username')
      return fc.oneof(
        fc.constantFrom(user.username, stranger.username),
        fc.stringMatching(/^[a-z][\w.@+-]{7,20}$/),
        fc.string({ maxLength: 20 }),
      );
    if (/password/.test(field))
      return fc.oneof(fc.constant('Sunny@Day9!'), fc.string({ maxLength: 20 }));
    return null;
  },
};

const headers = fc.tuple(authorization, contentType).map(([auth, type]) => headersFor(auth, type));

describe('every route in the route table', () => {
  it.each(routes.map((route) => [routeName(route), route] as const))(
    '%s survives generated requests',
    async (name, route) => {
      await fc.assert(
        fc.asyncProperty(attemptFor(fuzz, route, headers), async (attempt) => {
          sentPerRoute.set(name, (sentPerRoute.get(name) ?? 0) + 1);
          await check(name, attempt);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    },
  );

  it(`sent at least ${TOTAL_AT_LEAST} generated requests, to every route, documented ones included`, () => {
    const names = routes.map(routeName);
    const documented = documentedOperations(openApi).map((operation) =>
      operation.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1'),
    );
    expect(names.filter((name) => (sentPerRoute.get(name) ?? 0) < RUNS_PER_ROUTE)).toEqual([]);
    expect(documented.filter((operation) => !names.includes(operation))).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(TOTAL_AT_LEAST);
    const succeeded = names.filter((name) => [...(seen.get(name) ?? [])].some((s) => s < 300));
    console.info(
      `${sent} generated requests over ${routes.length} routes; ${succeeded.length} routes answered 2xx/3xx at least once`,
    );
  });
});
