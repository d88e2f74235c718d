// Where the API lives, in a module of its own so the landing page can reach the API without ky.

/** The build-time `VITE_API_URL`, else the page's own origin (the server serves the app and the API). */
export function apiBaseUrl(): string {
  const configured: unknown = import.meta.env.VITE_API_URL;
  if (typeof configured === 'string' && configured !== '') return configured;
  // No window when pages are prerendered in Node at build time; nothing is fetched there.
  return globalThis.location?.origin ?? '';
}
