// Ending the session on this device: the stored tokens, the cached data, the data saved for offline use and the account key kept open here.
import type { QueryClient } from '@tanstack/react-query';
import { clearSession } from '../api/tokens';

/**
 * Logout, a deleted account, a reset password: nothing of the session stays on this device, in
 * any tab (docs/product-rules.md section 4). A session that merely expired (src/api/tokens.ts) keeps the saved data and unsent
 * changes instead: they are the user's, and go once the same user logs in again.
 */
export function endSessionHere(queryClient: QueryClient): void {
  clearSession();
  queryClient.removeQueries();
  // Loaded only here: a page that never opened the account key has nothing of it to forget.
  import('./account-key-session')
    .then((session) => session.forgetAccountKeyHere())
    .catch((error: unknown) => console.error('Could not forget the account key', error));
  // Loaded only here: the persister's code stays out of the pages that log in and out.
  import('../offline/query-persistence')
    .then((persistence) => persistence.forgetSavedQueries())
    .catch((error: unknown) => console.error('Could not forget the saved data', error));
  // The other tabs of this browser end the session too (they share its storage).
  import('../offline/tabs')
    .then((tabs) => tabs.announceLogout())
    .catch((error: unknown) => console.error('Could not tell the other tabs', error));
}
