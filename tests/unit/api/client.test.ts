import { HTTPError } from 'ky';
import { delay, HttpResponse, http } from 'msw';
import { client } from '../../../src/api/client';
import { apiBaseUrl } from '../../../src/api/http';
import { getAccessToken, hasSession, storeTokens } from '../../../src/api/tokens';
import { OFFLINE_TEXTS } from '../../../src/offline/texts';
import { OfflineError } from '../../../src/offline-error';
import { makeJwt } from '../../fixtures/factories';
import { db } from '../msw/db';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { restoreOnlineAfterEach, setBrowserOnline } from '../offline/offline-support';

// Placeholder answers: these tests check the HTTP client (headers, retries, refreshes), not the data.
setupMswServer({ transportOnly: true });

/** Answers GET /api/months/ with the Authorization header it received, and records each. */
function echoAuthorization(seen: (string | null)[]) {
  server.use(
    http.get(apiUrl('api/months/'), ({ request }) => {
      const header = request.headers.get('authorization');
      seen.push(header);
      return HttpResponse.json({ header });
    }),
  );
}

function silenceErrors() {
  return vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

describe('api client', () => {
  it("uses the page's origin when VITE_API_URL is not set", () => {
    expect(apiBaseUrl()).toBe(window.location.origin);
  });

  it('sends no Authorization header without a stored token', async () => {
    const seen: (string | null)[] = [];
    echoAuthorization(seen);
    await client.get('api/months/').json();
    expect(seen).toEqual([null]);
  });

  it('sends Bearer <access> when an access token is stored', async () => {
    const access = makeJwt(600);
    storeTokens({ access, refresh: makeJwt(3600) });
    const seen: (string | null)[] = [];
    echoAuthorization(seen);
    await client.get('api/months/').json();
    expect(seen).toEqual([`Bearer ${access}`]);
    expect(requestLog).toEqual(['GET /api/months/']);
  });

  it('refreshes an expired token once for many concurrent requests, then sends the new one', async () => {
    storeTokens({ access: makeJwt(-5), refresh: makeJwt(3600) });
    const seen: (string | null)[] = [];
    echoAuthorization(seen);

    await Promise.all(Array.from({ length: 7 }, () => client.get('api/months/').json()));

    const refreshed = getAccessToken();
    expect(requestLog.filter((r) => r === 'POST /api/token/refresh/')).toHaveLength(1);
    expect(requestLog[0]).toBe('POST /api/token/refresh/');
    expect(seen).toEqual(Array(7).fill(`Bearer ${refreshed}`));
  });

  it('shares one slow refresh among many parallel requests, and retries those refused with the old token', async () => {
    // The server no longer takes the old token (it expired on its clock first); the browser
    // still thinks it good, so 20 requests go out with it, and 30 more start after it expired here.
    const old = makeJwt(600);
    storeTokens({ access: old, refresh: makeJwt(3600) });
    let answered = 0;
    server.use(
      http.post(apiUrl('api/token/refresh/'), async () => {
        await delay(40);
        return HttpResponse.json({ access: makeJwt(1800) });
      }),
      http.get(apiUrl('api/months/'), async ({ request }) => {
        // Answers come back out of order, some before the refresh answers and some after.
        answered += 1;
        await delay((answered * 7) % 60);
        const header = request.headers.get('authorization');
        return header === `Bearer ${old}`
          ? HttpResponse.json({ detail: 'Given token not valid' }, { status: 401 })
          : HttpResponse.json({ header });
      }),
    );

    const first = Array.from({ length: 20 }, () => client.get('api/months/').json());
    // Once some are out: the token then expires here too.
    await vi.waitFor(() => expect(answered).toBeGreaterThanOrEqual(5));
    storeTokens({ access: makeJwt(-5) });
    const second = Array.from({ length: 30 }, () => client.get('api/months/').json());
    const answers = await Promise.all([...first, ...second]);

    const fresh = getAccessToken();
    expect(requestLog.filter((r) => r === 'POST /api/token/refresh/').length).toBeLessThanOrEqual(
      2,
    );
    expect(answers).toEqual(Array(50).fill({ header: `Bearer ${fresh}` }));
    expect(hasSession()).toBe(true);
  });

  it('clears the session and sends the request without a token when the refresh fails', async () => {
    silenceErrors();
    const refresh = makeJwt(3600);
    db.revokedRefreshTokens.add(refresh);
    storeTokens({ access: makeJwt(-5), refresh });
    const seen: (string | null)[] = [];
    echoAuthorization(seen);

    await client.get('api/months/').json();

    expect(hasSession()).toBe(false);
    expect(seen).toEqual([null]);
    expect(requestLog).toEqual(['POST /api/token/refresh/', 'GET /api/months/']);
  });

  it('on a 401 with a token, refreshes once and retries once', async () => {
    const rejected = makeJwt(600);
    storeTokens({ access: rejected, refresh: makeJwt(3600) });
    server.use(
      http.get(apiUrl('api/months/'), ({ request }) =>
        request.headers.get('authorization') === `Bearer ${rejected}`
          ? HttpResponse.json({ detail: 'Given token not valid' }, { status: 401 })
          : HttpResponse.json([]),
      ),
    );

    await expect(client.get('api/months/').json()).resolves.toEqual([]);
    expect(requestLog).toEqual([
      'GET /api/months/',
      'POST /api/token/refresh/',
      'GET /api/months/',
    ]);
  });

  it('resends the same body when it retries a POST after a refresh', async () => {
    const rejected = makeJwt(600);
    storeTokens({ access: rejected, refresh: makeJwt(3600) });
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('api/months/'), async ({ request }) => {
        bodies.push(await request.json());
        return request.headers.get('authorization') === `Bearer ${rejected}`
          ? HttpResponse.json({ detail: 'Given token not valid' }, { status: 401 })
          : HttpResponse.json({ id: 1, name: 'May', author: 1 }, { status: 201 });
      }),
    );

    await client.post('api/months/', { json: { name: 'May' } }).json();

    expect(bodies).toEqual([{ name: 'May' }, { name: 'May' }]);
    expect(requestLog).toEqual([
      'POST /api/months/',
      'POST /api/token/refresh/',
      'POST /api/months/',
    ]);
  });

  it('does not loop when the retried request is refused again', async () => {
    storeTokens({ access: makeJwt(600), refresh: makeJwt(3600) });
    server.use(
      http.get(apiUrl('api/months/'), () =>
        HttpResponse.json({ detail: 'Given token not valid' }, { status: 401 }),
      ),
    );

    const error = await client
      .get('api/months/')
      .json()
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HTTPError);
    expect((error as HTTPError).response.status).toBe(401);
    expect(requestLog).toEqual([
      'GET /api/months/',
      'POST /api/token/refresh/',
      'GET /api/months/',
    ]);
  });

  it('does not refresh on a 401 to a request sent without a token', async () => {
    server.use(
      http.get(apiUrl('api/months/'), () =>
        HttpResponse.json(
          { detail: 'Authentication credentials were not provided.' },
          { status: 401 },
        ),
      ),
    );
    await expect(client.get('api/months/').json()).rejects.toBeInstanceOf(HTTPError);
    expect(requestLog).toEqual(['GET /api/months/']);
  });

  it('retries without a second refresh when another request already replaced the token', async () => {
    const old = makeJwt(600);
    storeTokens({ access: old, refresh: makeJwt(3600) });
    const fresh = makeJwt(1800);
    server.use(
      http.get(apiUrl('api/months/'), ({ request }) => {
        if (request.headers.get('authorization') !== `Bearer ${old}`) return HttpResponse.json([]);
        // Another tab or request refreshed while this one was in flight.
        storeTokens({ access: fresh });
        return HttpResponse.json({ detail: 'Given token not valid' }, { status: 401 });
      }),
    );

    await expect(client.get('api/months/').json()).resolves.toEqual([]);
    expect(requestLog).toEqual(['GET /api/months/', 'GET /api/months/']);
  });

  it('does not retry a failed POST', async () => {
    server.use(
      http.post(apiUrl('api/months/'), () => HttpResponse.json({ detail: 'x' }, { status: 503 })),
    );
    await expect(client.post('api/months/', { json: { name: 'May' } })).rejects.toBeInstanceOf(
      HTTPError,
    );
    expect(requestLog).toEqual(['POST /api/months/']);
  });

  it('does not retry a failed GET itself (react-query owns read retries)', async () => {
    server.use(
      http.get(apiUrl('api/months/'), () => HttpResponse.json({ detail: 'x' }, { status: 503 })),
    );
    await expect(client.get('api/months/')).rejects.toBeInstanceOf(HTTPError);
    expect(requestLog).toEqual(['GET /api/months/']);
  });
});

describe('api client offline', () => {
  restoreOnlineAfterEach();

  it('fails at once, sending nothing and refreshing nothing, and keeps the session', async () => {
    storeTokens({ access: makeJwt(-5), refresh: makeJwt(3600) });
    setBrowserOnline(false);
    const read = client.get('api/months/').json();
    await expect(read).rejects.toBeInstanceOf(OfflineError);
    await expect(read).rejects.toThrow(OFFLINE_TEXTS.readUnavailable);
    await expect(client.post('api/months/', { json: { name: 'May' } })).rejects.toThrow(
      OFFLINE_TEXTS.writeRefused,
    );
    await expect(client.delete('api/months/delete/1/')).rejects.toThrow(OFFLINE_TEXTS.writeRefused);
    expect(requestLog).toEqual([]);
    expect(hasSession()).toBe(true);
  });

  it('sends requests again once the browser is back online', async () => {
    storeTokens({ access: makeJwt(600), refresh: makeJwt(3600) });
    setBrowserOnline(false);
    setBrowserOnline(true);
    const seen: (string | null)[] = [];
    echoAuthorization(seen);
    await client.get('api/months/').json();
    expect(seen).toHaveLength(1);
  });
});
