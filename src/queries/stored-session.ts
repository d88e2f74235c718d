// Whether this browser holds a session that can still be used, read without the token code (jwt-decode, ky):
// the landing and login pages ask it, and their bundles stay small.
import { STORAGE_KEYS } from '../../contract/rules';

/** The `exp` (seconds) of a JWT, or null when it cannot be read. */
function expiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const { exp } = JSON.parse(json) as { exp?: unknown };
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/**
 * True when a refresh token is stored and has not expired: the app can get a fresh access token
 * with it. Whether the server still accepts it (a logout elsewhere, a password change) shows when
 * the app opens; a refused one ends on /login as any ended session does.
 */
export function hasLiveSession(now: number = Date.now()): boolean {
  let refresh: string | null;
  try {
    refresh =
      typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEYS.refresh);
  } catch {
    return false;
  }
  if (refresh === null) return false;
  const exp = expiry(refresh);
  return exp !== null && exp * 1000 > now;
}
