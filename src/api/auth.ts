// Account endpoints: register, log in, and revoke a refresh token on logout.
import type { TokenPair, User } from '../../contract/entities';
import type { Credentials, RefreshBody } from '../../contract/requests';
import { client } from './client';
import { publicHttp } from './http';

export function registerUser(credentials: Credentials): Promise<User> {
  return publicHttp.post('api/user/register/', { json: credentials }).json<User>();
}

export function obtainTokens(credentials: Credentials): Promise<TokenPair> {
  return publicHttp.post('api/token/', { json: credentials }).json<TokenPair>();
}

export async function blacklistRefreshToken(refresh: string): Promise<void> {
  const body: RefreshBody = { refresh };
  await client.post('api/token/blacklist/', { json: body });
}
