// Ending the session on this device: the stored tokens, the cached data, the data saved for offline use and the account key kept open here.
import type { QueryClient } from '@tanstack/react-query';
import { clearSession } from '../api/tokens';

/**
 * What else holds the session's secrets in this page's memory (the account key), registered by
 * its module once loaded: a page that never loaded it has nothing of it to forget, and this file,
 * on every page that logs out, does not load it.
 */
const forgetters = new Set<() => void>();

export function onSessionEndedHere(forget: () => void): void {
  forgetters.add(forget);
}

/**
 * Logout, a deleted account, a reset password: nothing of the session stays on this device, in
 * any tab (docs/product-rules.md section 4). A session that merely expired (src/api/tokens.ts) keeps the saved data and unsent
 * changes instead: they are the user's, and go once the same user logs in again.
 */
export function endSessionHere(queryClient: QueryClient): void {
  clearSession();
  queryClient.removeQueries();
  for (const forget of forgetters) forget();
  // Loaded only here: the persister's code stays out of the pages that log in and out.
  import('../offline/query-persistence')
    .then((persistence) => persistence.forgetSavedQueries())
    .catch((error: unknown) => console.error('Could not forget the saved data', error));
  // The other tabs of this browser end the session too (they share its storage).
  import('../offline/tabs')
    .then((tabs) => tabs.announceLogout())
    .catch((error: unknown) => console.error('Could not tell the other tabs', error));
}
