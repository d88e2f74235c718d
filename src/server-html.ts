// The journals page the server rendered for a signed-in user, and the query state it was rendered from.
//
// The server (server/services/server-render.ts) renders the page into
// `<div id="root" data-server-rendered>` and puts the dehydrated query cache beside it in a
// JSON script. main.tsx fills the browser's cache from that state, so the router's loaders find
// every read answered, and hydrates the HTML in place (hydrateRoot) instead of rendering it again.
// Until the page's content has hydrated, public/held-input.js holds the clicks and the search
// shortcut made on it (why: see there); it replays them once told the content is React's.
import type { DehydratedState } from '@tanstack/react-query';
import { RENDER_COOKIE, STORAGE_KEYS } from '../contract/rules';

export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';
/** The JSON script holding the dehydrated query state (a JSON script runs nothing: the CSP's script-src stays 'self'). */
export const SERVER_STATE_ID = 'server-state';

declare global {
  interface Window {
    /** Set by public/held-input.js: stops holding input, and replays what it held or drops it. */
    __monthbookHeldInput?: (replay: boolean) => void;
  }
}

/**
 * The page's own content has hydrated (the journals page's registers column calls this as it
 * mounts; main.tsx after a while as a fallback): the page is the app's, and what the user clicked
 * or pressed meanwhile is done now, in order. A no-op on any later call.
 */
export function takeOverServerHtml(): void {
  const root = document.getElementById('root');
  if (!root?.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) return;
  root.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
  window.__monthbookHeldInput?.(true);
}

/**
 * The server's HTML is not the page the app shows (another session, another language): it is
 * rendered afresh, and what was held in it goes with it.
 */
export function dropServerHtml(root: HTMLElement): void {
  root.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
  window.__monthbookHeldInput?.(false);
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
