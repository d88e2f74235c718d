// The session's tokens in localStorage: reading them, their expiry, and the single shared refresh.
import { jwtDecode } from 'jwt-decode';
import type { KyResponse } from 'ky';
import type { AccessToken, TokenPair } from '../../contract/entities';
import type { RefreshBody } from '../../contract/requests';
import { STORAGE_KEYS } from '../../contract/rules';
import { isBrowserOffline } from '../offline-error';
import { publicHttp } from './http';

/** Refresh a little early, so a token does not expire between the check and the server. */
const EXPIRY_MARGIN_MS = 5_000;

export function getAccessToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.access);
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.refresh);
}

const tokenListeners = new Set<() => void>();

/** Called after new tokens are stored (a login, a refresh): writes held for the session go again. */
export function onTokensStored(listener: () => void): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

export function storeTokens(tokens: Pick<TokenPair, 'access'> & Partial<TokenPair>): void {
  localStorage.setItem(STORAGE_KEYS.access, tokens.access);
  if (tokens.refresh !== undefined) localStorage.setItem(STORAGE_KEYS.refresh, tokens.refresh);
  // A listener's failure is its own: the tokens are stored, and a refresh that stored them succeeded.
  for (const listener of tokenListeners) {
    try {
      listener();
    } catch (error) {
      console.error('A listener of new tokens failed', error);
    }
  }
}

type SessionEndListener = () => void;
const sessionEndListeners = new Set<SessionEndListener>();

/** Called when a refresh fails mid-session, so the app can go to /login; returns an unsubscribe. */
export function onSessionEnd(listener: SessionEndListener): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

/**
 * Logout clears all local storage (docs/product-rules.md section 4), not just the two keys. The
 * data saved for offline use is the caller's to forget (src/queries/session.ts): a session that
 * merely expired keeps it.
 */
export function clearSession(): void {
  localStorage.clear();
}

/** The signed-in user's id from the access token (expired or not), or null without a session. */
export function sessionUserId(): number | null {
  const access = getAccessToken();
  if (access === null) return null;
  // The last token's answer: saving for offline use asks on every queued change, and decoding
  // the token each time cost a Save a few milliseconds before its card showed.
  if (access !== lastDecoded.token) lastDecoded = { token: access, userId: decodeUserId(access) };
  return lastDecoded.userId;
}

let lastDecoded: { token: string | null; userId: number | null } = { token: null, userId: null };

function decodeUserId(access: string): number | null {
  try {
    const { user_id } = jwtDecode<{ user_id?: unknown }>(access);
    return typeof user_id === 'number' ? user_id : null;
  } catch {
    return null;
  }
}

/** True when the token's `exp` (seconds) has passed, or when it cannot be read at all. */
export function isExpired(token: string, now: number = Date.now()): boolean {
  try {
    const { exp } = jwtDecode(token);
    return typeof exp !== 'number' || exp * 1000 <= now + EXPIRY_MARGIN_MS;
  } catch {
    return true;
  }
}

export function hasSession(): boolean {
  return getAccessToken() !== null;
}

let refreshing: Promise<boolean> | null = null;

/** The data saved for offline use and unsent changes stay: they go once the same user logs in again. */
function endSession(reason: unknown): false {
  console.error('Token refresh failed', reason);
  clearSession();
  for (const listener of sessionEndListeners) listener();
  return false;
}

/**
 * A refresh that got no answer (the network failed, or the page was left or reloaded while it
 * was out, which aborts it) says nothing about the session, so it is kept: ending it there
 * cleared the storage every tab and the next page load share, and sent a reload straight to
 * /login without a request. Only the server's refusal ends a session.
 */
function keepSession(reason: unknown): false {
  console.error('Token refresh got no answer; the session is kept', reason);
  return false;
}

async function postRefresh(): Promise<boolean> {
  const refresh = getRefreshToken();
  if (refresh === null) return endSession('no refresh token stored');
  let response: KyResponse;
  try {
    const body: RefreshBody = { refresh };
    response = await publicHttp.post('api/token/refresh/', { json: body, throwHttpErrors: false });
  } catch (error) {
    // Offline too: the app stays read-only until reconnected.
    if (isBrowserOffline()) return false;
    return keepSession(error);
  }
  // Status 200 is the success check (docs/product-rules.md section 7).
  if (response.status !== 200) {
    // Another tab logged in meanwhile: its new session is not this refusal's to end.
    if (getRefreshToken() !== refresh) return hasFreshAccess();
    return endSession(`status ${response.status}`);
  }
  let access: string;
  try {
    ({ access } = await response.json<AccessToken>());
  } catch (error) {
    return keepSession(error);
  }
  // Stored only if the session is still the one refreshed (a logout or another login since).
  if (getRefreshToken() !== refresh) return hasFreshAccess();
  storeTokens({ access });
  return true;
}

function hasFreshAccess(): boolean {
  const access = getAccessToken();
  return access !== null && !isExpired(access);
}

/**
 * Refreshes the access token now. Concurrent callers share one POST, so a page that fires
 * seven requests with an expired token still refreshes once. Resolves false (session cleared,
 * listeners told) when there is no refresh token or the server refuses it, and false with the
 * session kept (`hasSession()` still true) when the refresh got no answer.
 */
export function refreshAccess(): Promise<boolean> {
  refreshing ??= postRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Resolves true with a usable access token, refreshing it first (once, shared) when it has expired. */
export function ensureFreshAccess(): Promise<boolean> {
  const access = getAccessToken();
  if (access !== null && !isExpired(access)) return Promise.resolve(true);
  return refreshAccess();
}
