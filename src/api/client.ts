// The one ky instance for authenticated calls: Bearer token, refresh before expiry, one retry on 401.
import ky, { type AfterResponseHook, type BeforeRequestHook } from 'ky';
import { isBrowserOffline, OfflineError } from '../offline-error';
import { publicHttp } from './http';
import { OFFLINE_MESSAGES } from './offline-messages';
import { ensureFreshAccess, getAccessToken, refreshAccess } from './tokens';

const BEARER = 'Bearer ';

const authorize: BeforeRequestHook = async (request) => {
  // Offline, fail at once (no token refresh, no waiting): see src/query-client.ts. In English, as
  // the server's messages: the screens show it through translateMessage (src/i18n/store.ts).
  if (isBrowserOffline()) {
    const read = request.method === 'GET' || request.method === 'HEAD';
    throw new OfflineError(read ? OFFLINE_MESSAGES.readUnavailable : OFFLINE_MESSAGES.writeRefused);
  }
  // Only a stored token can have expired; anonymous calls go out untouched.
  if (getAccessToken() !== null) await ensureFreshAccess();
  const access = getAccessToken();
  if (access === null) request.headers.delete('authorization');
  else request.headers.set('authorization', `${BEARER}${access}`);
};

/**
 * A 401 on a request that carried a token means the server no longer accepts it (revoked, clock
 * skew). Refresh once — unless another request already replaced the token — and retry once; the
 * retry's own 401 is final, so there is no loop.
 */
const retryUnauthorized: AfterResponseHook = async (request, _options, response, state) => {
  if (response.status !== 401 || state.retryCount > 0) return;
  const sent = request.headers.get('authorization');
  if (sent === null) return;
  const current = getAccessToken();
  const alreadyReplaced = current !== null && `${BEARER}${current}` !== sent;
  if (!alreadyReplaced && !(await refreshAccess())) return;
  return ky.retry({ delay: 0, code: 'TOKEN_REFRESHED' });
};

export const client = publicHttp.extend({
  // limit 1 with no retriable methods: only the forced retry above ever happens.
  retry: { limit: 1, methods: [] },
  hooks: {
    beforeRequest: [authorize],
    afterResponse: [retryUnauthorized],
  },
});
