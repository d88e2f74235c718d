// Whether the month at a glance is open: closed by default, so the journals page loads its seven
// requests and no chart code; once a user opens it, it stays open on their next visits, and the
// server renders the page with it open too (its cookie, server/services/server-render.ts).
import { useEffect, useState } from 'react';
import {
  GLANCE_RENDERED_ATTRIBUTE,
  RENDER_COOKIE_PATH,
  RENDER_GLANCE_COOKIE,
  STORAGE_KEYS,
} from '../../../contract/rules';
import { rendersWholePage } from '../../server-html';

export function isGlanceOpen(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.glanceOpen) === 'true';
  } catch {
    return false;
  }
}

/** A year: the cookie only says how to render the page, and every start-up writes it again. */
const GLANCE_COOKIE_MAX_AGE = 365 * 24 * 3600;

/** Tells the server to render the page as the user keeps it: call at start-up and on each change. */
export function syncGlanceCookie(open: boolean = isGlanceOpen()): void {
  if (typeof document === 'undefined') return;
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  const [value, maxAge] = open ? ['open', GLANCE_COOKIE_MAX_AGE] : ['', 0];
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser yet; the value is a fixed word.
  document.cookie = `${RENDER_GLANCE_COOKIE}=${value}; Path=${RENDER_COOKIE_PATH}; Max-Age=${maxAge}; SameSite=Lax${secure}`;
}

function rememberGlanceOpen(open: boolean): void {
  try {
    if (open) localStorage.setItem(STORAGE_KEYS.glanceOpen, 'true');
    else localStorage.removeItem(STORAGE_KEYS.glanceOpen);
  } catch {
    // Storage can be disabled: the section still opens, just not remembered.
  }
  syncGlanceCookie(open);
}

/** The server renders in Node with the request's cookie saying (src/prerender.tsx). */
let openInNode = false;

/** Runs `render` (synchronous: a server render) with the section open or closed. */
export function renderedWithGlance<T>(open: boolean, render: () => T): T {
  const outer = openInNode;
  openInNode = open;
  try {
    return render();
  } finally {
    openInNode = outer;
  }
}

/**
 * As the page shows it first: on the server, as its cookie says; while the app hydrates the
 * server's HTML, as the server rendered it (a cookie written before this page could differ from
 * what is stored); otherwise as stored on this device.
 */
function firstShownOpen(): boolean {
  if (typeof document === 'undefined') return openInNode;
  if (rendersWholePage())
    return document.getElementById('root')?.hasAttribute(GLANCE_RENDERED_ATTRIBUTE) === true;
  return isGlanceOpen();
}

export function useGlanceOpen(): [boolean, () => void] {
  const [open, setOpen] = useState(firstShownOpen);
  // Hydrated from a page rendered otherwise than this device keeps it: as kept, now.
  useEffect(() => setOpen(isGlanceOpen()), []);
  const toggle = () => {
    rememberGlanceOpen(!open);
    setOpen(!open);
  };
  return [open, toggle];
}
