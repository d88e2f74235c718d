// Where the API lives and the bare ky instance the authenticated client is built on.
import ky from 'ky';
import { apiBaseUrl } from './base-url';

export { apiBaseUrl };

/**
 * No timeout (docs/product-rules.md section 7) and no ky retries: react-query retries reads, and a
 * retried POST could create a row twice. Used as is for the anonymous calls (login, register,
 * refresh), so they can never trigger a token refresh themselves.
 */
export const publicHttp = ky.create({ prefixUrl: apiBaseUrl(), timeout: false, retry: 0 });
