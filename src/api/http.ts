// Where the API lives and the bare ky instance the authenticated client is built on.
import ky from 'ky';

/** The build-time `VITE_API_URL`, else the page's own origin (the server serves the app and the API). */
export function apiBaseUrl(): string {
  const configured: unknown = import.meta.env.VITE_API_URL;
  if (typeof configured === 'string' && configured !== '') return configured;
  // No window when pages are prerendered in Node at build time; nothing is fetched there.
  return globalThis.location?.origin ?? '';
}

/**
 * No timeout (spec §7) and no ky retries: react-query retries reads, and a retried POST could
 * create a row twice. Used as is for the anonymous calls (login, register, refresh), so they can
 * never trigger a token refresh themselves.
 */
export const publicHttp = ky.create({ prefixUrl: apiBaseUrl(), timeout: false, retry: 0 });
