// The error every API call fails with at once while the browser is offline, instead of waiting or queueing.
// Kept tiny and text-free: the query client's defaults (in the landing page's bundle) check for it.

/** True when the browser reports no network (navigator.onLine is false). */
export function isBrowserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

export class OfflineError extends Error {
  override readonly name = 'OfflineError';
}

export function isOfflineError(error: unknown): error is OfflineError {
  return error instanceof OfflineError;
}
