// The render cookie: a copy of the access token for the server to render the journals page with
// the user's data before the app's code runs (server/services/server-render.ts).
//
// How the page shows travels in cookies of their own beside it: the language (src/i18n/store.ts)
// and the month at a glance (src/components/stats/glance-open.ts). The cookie goes only with page
// requests under /months, never with API calls (those carry the header), and lives no longer than
// the token: it lets the server read what the token itself could read.
import { jwtDecode } from 'jwt-decode';
import { RENDER_COOKIE, RENDER_COOKIE_PATH, STORAGE_KEYS } from '../../contract/rules';

function writeCookie(value: string, maxAgeSeconds: number): void {
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  // Lax: a link followed from elsewhere (a bookmark in an e-mail) still opens the rendered page.
  // It only ever reads: the API itself never looks at cookies, so no request can be forged with it.
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser yet; the value is a JWT, whose characters are all cookie-safe (tokenSecondsLeft).
  document.cookie = `${RENDER_COOKIE}=${value}; Path=${RENDER_COOKIE_PATH}; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

/** Removes the cookie (logout, a cleared session, a page the server would not render alike). */
export function clearRenderCookie(): void {
  if (typeof document === 'undefined') return;
  writeCookie('', 0);
}

/** Sets the cookie from the stored access token, or clears it: call whenever one of its inputs changes. */
export function syncRenderCookie(): void {
  if (typeof document === 'undefined') return;
  let access: string | null = null;
  try {
    access = localStorage.getItem(STORAGE_KEYS.access);
  } catch {
    // Storage disabled: no session to copy.
  }
  const secondsLeft = access === null ? 0 : tokenSecondsLeft(access);
  if (access === null || secondsLeft <= 0) {
    clearRenderCookie();
    return;
  }
  writeCookie(access, secondsLeft);
}

function tokenSecondsLeft(token: string): number {
  // A JWT's characters are all cookie-safe; anything else is not a token worth sending.
  if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return 0;
  try {
    const { exp } = jwtDecode(token);
    return typeof exp === 'number' ? Math.floor(exp - Date.now() / 1000) : 0;
  } catch {
    return 0;
  }
}
