// The journals page the server rendered for a signed-in user, and the query state it was rendered from.
//
// The server (server/services/server-render.ts) renders the page into
// `<div id="root" inert data-server-rendered>` and puts the dehydrated query cache beside it in a
// JSON script. main.tsx fills the browser's cache from that state, so the router's loaders find
// every read answered, and hydrates the HTML in place (hydrateRoot) instead of rendering it again.
// `inert` stays until the page's content has hydrated. Before the app's code runs, a checkbox
// ticked would change on screen without being saved; and while React hydrates, although it replays
// a click on a part not yet hydrated, a checkbox's click has toggled it natively first, so React's
// value tracker (set up as that part hydrates) sees no change and the tick is never saved.
import type { DehydratedState } from '@tanstack/react-query';
import { RENDER_COOKIE, STORAGE_KEYS } from '../contract/rules';

export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';
/** The JSON script holding the dehydrated query state (a JSON script runs nothing: the CSP's script-src stays 'self'). */
export const SERVER_STATE_ID = 'server-state';

/**
 * Makes the server's HTML usable, once the page's own content has hydrated (the journals page's
 * registers column calls it as it mounts; main.tsx as a fallback). A no-op on any later render.
 */
export function takeOverServerHtml(): void {
  const root = document.getElementById('root');
  root?.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
  root?.removeAttribute('inert');
}

/**
 * True on the server (there is no document there) and while the app hydrates the server's HTML:
 * then a screen renders whole at once, as the server did, or hydration would not match.
 */
export function rendersWholePage(): boolean {
  if (typeof document === 'undefined') return true;
  return document.getElementById('root')?.hasAttribute(SERVER_RENDERED_ATTRIBUTE) === true;
}

function storedAccess(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.access);
  } catch {
    return null;
  }
}

/**
 * The query state the server rendered the page from, or null when there is none or it was read
 * for another session than the stored one (another tab signed in as someone else since the
 * render cookie was written): the page is then rendered afresh from the user's own reads.
 */
export function readServerState(doc: Document = document): DehydratedState | null {
  const script = doc.getElementById(SERVER_STATE_ID);
  if (!script?.textContent) return null;
  const access = storedAccess();
  const cookie = doc.cookie.split('; ').find((part) => part.startsWith(`${RENDER_COOKIE}=`));
  if (access === null || cookie !== `${RENDER_COOKIE}=${access}`) return null;
  try {
    return JSON.parse(script.textContent) as DehydratedState;
  } catch {
    return null;
  }
}
