// Account endpoints: register, log in, and revoke a refresh token on logout.
import type { TokenPair, User } from '../../contract/entities';
import type { Credentials, RefreshBody } from '../../contract/requests';
import { publicHttp } from './http';

export function registerUser(credentials: Credentials): Promise<User> {
  return publicHttp.post('api/user/register/', { json: credentials }).json<User>();
}

export function obtainTokens(credentials: Credentials): Promise<TokenPair> {
  return publicHttp.post('api/token/', { json: credentials }).json<TokenPair>();
}

/**
 * Anonymous like refresh: holding the refresh token is the proof, and logging out must not first
 * refresh an expired access token (whose failure would send the user to /login instead of /).
 */
export async function blacklistRefreshToken(refresh: string): Promise<void> {
  const body: RefreshBody = { refresh };
  await publicHttp.post('api/token/blacklist/', { json: body });
}
