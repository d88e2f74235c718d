// Account settings endpoints: change the password, check it, delete the account.
import type { ChangePassword, CheckPassword, DeleteAccount } from '../../contract/account';
import type { TokenPair } from '../../contract/entities';
import { client } from './client';

/** Answers this session's new token pair: the old refresh token no longer works. */
export function changePassword(body: ChangePassword): Promise<TokenPair> {
  return client.post('api/account/password/', { json: body }).json<TokenPair>();
}

/** Changes nothing: a wrong password is a 400 under `password`. */
export async function checkPassword(body: CheckPassword): Promise<void> {
  await client.post('api/account/password/check/', { json: body });
}

export async function deleteAccount(body: DeleteAccount): Promise<void> {
  await client.post('api/account/delete/', { json: body });
}
