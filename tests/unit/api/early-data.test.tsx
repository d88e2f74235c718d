// public/early-data.js (reads sent by the app shell before the app's code) and their hand-over to ky.
import { readFileSync } from 'node:fs';
import type { FetchQueryOptions } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import { journalsPageReads } from '../../../contract/screen-reads';
import { EARLY_READ_MAX_AGE_MS } from '../../../src/api/early-responses';
import { storeTokens } from '../../../src/api/tokens';
import { paymentStatusQueryOptions } from '../../../src/queries/billing';
import { ensureJournalsPage, journalsPageQueries } from '../../../src/queries/journals-page';
import { monthQueryOptions, monthsQueryOptions } from '../../../src/queries/months';
import { makeJwt, makeMonthFixture } from '../../fixtures/factories';
import { seedMonth } from '../msw/db';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { createTestQueryClient } from '../queries/wrapper';

setupMswServer();

const EARLY_DATA = readFileSync('public/early-data.js', 'utf8');

/** Runs the shell's script as the browser would on `path`. */
function openShell(path: string): void {
  window.history.replaceState(null, '', path);
  // biome-ignore lint/security/noGlobalEval: runs the shipped script itself, as a <script> would.
  window.eval(EARLY_DATA);
}

/** The journals route's loader reads, on a fresh client. */
function loadJournalsPage(monthId: number) {
  return ensureJournalsPage(createTestQueryClient(), monthId);
}

afterEach(() => {
  delete window.__monthbookEarly;
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe('early reads', () => {
  it("send the journals page's seven reads, which the app then takes over without a request more", async () => {
    const fixture = seedMonth(makeMonthFixture({ journals: 31, habits: ['A', 'B'] }));
    storeTokens({ access: makeJwt(600), refresh: makeJwt(3600) });
    openShell(`/months/${fixture.month.id}/journals`);
    expect(Object.keys(window.__monthbookEarly ?? {})).toHaveLength(7);

    const [month, journals, , , , dailyHabits] = await loadJournalsPage(fixture.month.id);

    expect(requestLog).toHaveLength(7);
    expect(window.__monthbookEarly).toEqual({});
    expect(month).toEqual(fixture.month);
    expect(journals).toHaveLength(31);
    expect(dailyHabits).toHaveLength(62);
  });

  it("are the contract's seven, in the order of the route's queries (which the server's page is hydrated into)", async () => {
    // contract/screen-reads.ts is the one list: the server reads it to render the page, and
    // src/prerender.tsx puts each answer under journalsPageQueries' key at the same index.
    const fixture = seedMonth(makeMonthFixture({ journals: 2, habits: ['A'] }));
    const monthId = fixture.month.id;
    const reads = journalsPageReads(monthId);
    storeTokens({ access: makeJwt(600), refresh: makeJwt(3600) });
    // One client, as on the page: a daily list's read reuses the cached journals.
    const queryClient = createTestQueryClient();
    const queried: string[] = [];
    for (const query of journalsPageQueries(monthId)) {
      requestLog.length = 0;
      // The seven differ in data type; only the request each one sends matters here.
      await queryClient.fetchQuery<unknown>(query as FetchQueryOptions<unknown>);
      expect(requestLog).toHaveLength(1);
      queried.push(requestLog[0] ?? '');
    }
    expect(queried).toEqual(reads.map((read) => `GET /${read}`));

    openShell(`/months/${monthId}/journals`);
    expect(Object.keys(window.__monthbookEarly ?? {})).toEqual(reads.map(apiUrl));
  });

  it("send the months page's two reads, taken over the same way", async () => {
    seedMonth(makeMonthFixture({ journals: 1 }));
    storeTokens({ access: makeJwt(600), refresh: makeJwt(3600) });
    openShell('/months');
    const queryClient = createTestQueryClient();

    await queryClient.ensureQueryData(paymentStatusQueryOptions());
    const months = await queryClient.ensureQueryData(monthsQueryOptions());

    expect(requestLog.toSorted()).toEqual(['GET /api/check-payment-status', 'GET /api/months/']);
    expect(months).toHaveLength(1);
    expect(window.__monthbookEarly).toEqual({});
  });

  it.each([
    ['no session', null],
    ['an access token about to expire', makeJwt(3)],
    ['an unreadable token', 'not-a-jwt'],
  ])('send nothing with %s', (_case, access) => {
    if (access !== null) localStorage.setItem('access', access);
    openShell('/months/1/journals');
    expect(window.__monthbookEarly).toBeUndefined();
    expect(requestLog).toEqual([]);
  });

  it('send nothing on other screens', () => {
    storeTokens({ access: makeJwt(600), refresh: makeJwt(3600) });
    for (const path of ['/settings', '/months/1/journals/extra', '/months/x/journals']) {
      openShell(path);
      expect(window.__monthbookEarly).toBeUndefined();
    }
    expect(requestLog).toEqual([]);
  });

  it('are fetched again when the token changed since they were sent', async () => {
    const { month } = seedMonth(makeMonthFixture({ journals: 2 }));
    storeTokens({ access: makeJwt(600), refresh: makeJwt(3600) });
    const seen: (string | null)[] = [];
    server.use(
      http.get(apiUrl('api/journals/'), ({ request }) => {
        seen.push(request.headers.get('authorization'));
      }),
    );
    const first = localStorage.getItem('access');
    openShell(`/months/${month.id}/journals`);
    storeTokens({ access: makeJwt(900) });

    await loadJournalsPage(month.id);

    expect(requestLog).toHaveLength(14);
    expect(seen).toEqual([`Bearer ${first}`, `Bearer ${localStorage.getItem('access')}`]);
  });

  it(`are fetched again when older than ${EARLY_READ_MAX_AGE_MS / 1000} s`, async () => {
    const { month } = seedMonth(makeMonthFixture({ journals: 2 }));
    storeTokens({ access: makeJwt(600), refresh: makeJwt(3600) });
    const now = performance.now();
    openShell(`/months/${month.id}/journals`);
    vi.spyOn(performance, 'now').mockReturnValue(now + EARLY_READ_MAX_AGE_MS + 1_000);

    await loadJournalsPage(month.id);

    expect(requestLog).toHaveLength(14);
  });

  it('are fetched again when they could not reach the server', async () => {
    const { month } = seedMonth(makeMonthFixture({ journals: 2 }));
    storeTokens({ access: makeJwt(600), refresh: makeJwt(3600) });
    let failures = 1;
    server.use(
      http.get(apiUrl(`api/months/${month.id}/`), () =>
        failures-- > 0 ? HttpResponse.error() : undefined,
      ),
    );
    openShell(`/months/${month.id}/journals`);

    const [loaded] = await loadJournalsPage(month.id);

    expect(loaded).toEqual(month);
    expect(requestLog.filter((line) => line === `GET /api/months/${month.id}/`)).toHaveLength(2);
    expect(requestLog).toHaveLength(8);
  });

  it('hand over an error answer as the answer (the app handles it as if it had fetched it)', async () => {
    storeTokens({ access: makeJwt(600), refresh: makeJwt(3600) });
    openShell('/months/404/journals');
    const queryClient = createTestQueryClient();

    await expect(queryClient.ensureQueryData(monthQueryOptions(404))).rejects.toMatchObject({
      response: { status: 404 },
    });
    expect(requestLog.filter((line) => line === 'GET /api/months/404/')).toHaveLength(1);
  });
});
