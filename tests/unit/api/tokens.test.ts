import { HttpResponse, http } from 'msw';
import {
  clearSession,
  ensureFreshAccess,
  getAccessToken,
  getRefreshToken,
  hasSession,
  isExpired,
  onSessionEnd,
  sessionUserId,
  storeTokens,
} from '../../../src/api/tokens';
import { makeJwt, USER_ID } from '../../fixtures/factories';
import { db } from '../msw/db';
import { failing, unreachable } from '../msw/responses';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { restoreOnlineAfterEach, setBrowserOnline } from '../offline/offline-support';

// Placeholder answers: these tests check the HTTP client (headers, retries, refreshes), not the data.
setupMswServer({ transportOnly: true });

const REFRESH = 'POST /api/token/refresh/';

function silenceErrors() {
  return vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

describe('stored tokens', () => {
  it('stores and reads both tokens under the spec keys', () => {
    storeTokens({ access: 'a', refresh: 'r' });
    expect(localStorage.getItem('access')).toBe('a');
    expect(localStorage.getItem('refresh')).toBe('r');
    expect([getAccessToken(), getRefreshToken(), hasSession()]).toEqual(['a', 'r', true]);
  });

  it('keeps the refresh token when only a new access token is stored', () => {
    storeTokens({ access: 'a', refresh: 'r' });
    storeTokens({ access: 'b' });
    expect([getAccessToken(), getRefreshToken()]).toEqual(['b', 'r']);
  });

  it('clears all local storage on clearSession', () => {
    storeTokens({ access: 'a', refresh: 'r' });
    localStorage.setItem('other', 'x');
    clearSession();
    expect(localStorage.length).toBe(0);
    expect(hasSession()).toBe(false);
  });
});

describe('isExpired', () => {
  it('reads exp in seconds', () => {
    expect(isExpired(makeJwt(600))).toBe(false);
    expect(isExpired(makeJwt(-1))).toBe(true);
  });

  it('compares with the given time', () => {
    const token = makeJwt(600);
    expect(isExpired(token, Date.now() + 601_000)).toBe(true);
  });

  it('treats an unreadable token as expired', () => {
    expect(isExpired('not-a-jwt')).toBe(true);
  });
});

describe('ensureFreshAccess', () => {
  it('makes no request while the access token is valid', async () => {
    storeTokens({ access: makeJwt(600), refresh: makeJwt(3600) });
    await expect(ensureFreshAccess()).resolves.toBe(true);
    expect(requestLog).toEqual([]);
  });

  it('refreshes an expired token once for many concurrent callers', async () => {
    const expired = makeJwt(-10);
    const refresh = makeJwt(3600, { token_type: 'refresh' });
    storeTokens({ access: expired, refresh });
    const bodies: unknown[] = [];
    server.use(
      http.post(apiUrl('api/token/refresh/'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ access: makeJwt(1800) });
      }),
    );

    const results = await Promise.all(Array.from({ length: 7 }, () => ensureFreshAccess()));

    expect(results).toEqual(Array(7).fill(true));
    expect(requestLog).toEqual([REFRESH]);
    expect(bodies).toEqual([{ refresh }]);
    expect(getAccessToken()).not.toBe(expired);
    expect(isExpired(getAccessToken() ?? '')).toBe(false);
    expect(getRefreshToken()).toBe(refresh);
  });

  it('refreshes again on a later expiry (the shared refresh is not cached forever)', async () => {
    storeTokens({ access: makeJwt(-10), refresh: makeJwt(3600) });
    await ensureFreshAccess();
    storeTokens({ access: makeJwt(-10) });
    await ensureFreshAccess();
    expect(requestLog).toEqual([REFRESH, REFRESH]);
  });

  it('clears the session, logs and tells listeners when the refresh is refused', async () => {
    const errors = silenceErrors();
    const refresh = makeJwt(3600);
    storeTokens({ access: makeJwt(-10), refresh });
    db.revokedRefreshTokens.add(refresh);
    const listener = vi.fn();
    const unsubscribe = onSessionEnd(listener);

    const results = await Promise.all([ensureFreshAccess(), ensureFreshAccess()]);

    unsubscribe();
    expect(results).toEqual([false, false]);
    expect(requestLog).toEqual([REFRESH]);
    expect(localStorage.length).toBe(0);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalled();
  });

  it('treats any status other than 200 as a failed refresh', async () => {
    silenceErrors();
    storeTokens({ access: makeJwt(-10), refresh: makeJwt(3600) });
    server.use(
      http.post(apiUrl('api/token/refresh/'), () =>
        HttpResponse.json({ access: makeJwt(1800) }, { status: 201 }),
      ),
    );
    await expect(ensureFreshAccess()).resolves.toBe(false);
    expect(hasSession()).toBe(false);
  });

  it('ends the session on a server error', async () => {
    silenceErrors();
    storeTokens({ access: makeJwt(-10), refresh: makeJwt(3600) });
    server.use(failing('post', 'api/token/refresh/', 500));
    await expect(ensureFreshAccess()).resolves.toBe(false);
    expect(hasSession()).toBe(false);
  });

  it('keeps the session when the refresh gets no answer (a network error, a page left while it was out)', async () => {
    silenceErrors();
    const listener = vi.fn();
    const unsubscribe = onSessionEnd(listener);
    const refresh = makeJwt(3600);
    storeTokens({ access: makeJwt(-10), refresh });
    server.use(unreachable('post', 'api/token/refresh/'));

    await expect(ensureFreshAccess()).resolves.toBe(false);

    unsubscribe();
    // The storage every tab and the next page load share is left alone: a reload refreshes again.
    expect(hasSession()).toBe(true);
    expect(getRefreshToken()).toBe(refresh);
    expect(listener).not.toHaveBeenCalled();
    server.resetHandlers();
    await expect(ensureFreshAccess()).resolves.toBe(true);
    expect(requestLog).toEqual([REFRESH, REFRESH]);
  });

  it('leaves alone a session another tab started while a refused refresh was out', async () => {
    silenceErrors();
    const listener = vi.fn();
    const unsubscribe = onSessionEnd(listener);
    storeTokens({ access: makeJwt(-10), refresh: makeJwt(3600) });
    const newLogin = { access: makeJwt(1800), refresh: makeJwt(3600) };
    server.use(
      http.post(apiUrl('api/token/refresh/'), () => {
        // The other tab's login lands while this refresh is on its way.
        storeTokens(newLogin);
        return HttpResponse.json({ detail: 'Token is invalid or expired' }, { status: 401 });
      }),
    );

    await expect(ensureFreshAccess()).resolves.toBe(true);

    unsubscribe();
    expect(getAccessToken()).toBe(newLogin.access);
    expect(getRefreshToken()).toBe(newLogin.refresh);
    expect(listener).not.toHaveBeenCalled();
  });

  it('fails without a request when no refresh token is stored', async () => {
    silenceErrors();
    storeTokens({ access: makeJwt(-10) });
    await expect(ensureFreshAccess()).resolves.toBe(false);
    expect(requestLog).toEqual([]);
    expect(hasSession()).toBe(false);
  });

  it('no longer calls a listener after it unsubscribed', async () => {
    silenceErrors();
    const listener = vi.fn();
    onSessionEnd(listener)();
    await ensureFreshAccess();
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('offline', () => {
  restoreOnlineAfterEach();

  it('keeps the session when the refresh fails because the browser is offline', async () => {
    silenceErrors();
    const listener = vi.fn();
    const unsubscribe = onSessionEnd(listener);
    storeTokens({ access: makeJwt(-10), refresh: makeJwt(3600) });
    server.use(unreachable('post', 'api/token/refresh/'));
    setBrowserOnline(false);
    await expect(ensureFreshAccess()).resolves.toBe(false);
    expect(hasSession()).toBe(true);
    expect(getRefreshToken()).not.toBeNull();
    expect(listener).not.toHaveBeenCalled();
    unsubscribe();
  });

  it("reads the user's id from the access token, expired or not", () => {
    expect(sessionUserId()).toBeNull();
    storeTokens({ access: makeJwt(-10, { user_id: 42 }) });
    expect(sessionUserId()).toBe(42);
    storeTokens({ access: makeJwt(600) });
    expect(sessionUserId()).toBe(USER_ID);
    storeTokens({ access: 'not a token' });
    expect(sessionUserId()).toBeNull();
  });
});
