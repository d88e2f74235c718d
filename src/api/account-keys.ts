// The account key's wraps (private months, docs/encryption.md): read, store once, replace the password or the recovery wrap.
import type {
  AccountKeys,
  CreateAccountKeys,
  ReplacePasswordWrap,
  ReplaceRecoveryWrap,
} from '../../contract/account-keys';
import { client } from './client';
import { errorStatus } from './http-error';
import { ifMatchHeaders } from './row-versions';

/** null until the account's first private month stored them (the server's 404). */
export async function getAccountKeys(): Promise<AccountKeys | null> {
  try {
    return await client.get('api/account/keys/').json<AccountKeys>();
  } catch (error) {
    if (errorStatus(error) === 404) return null;
    throw error;
  }
}

/**
 * Once per account: a second create is refused with 409 (`account_key_exists`). Every write here
 * carries the account's password: a wrong one is a 400 under `password`, nothing stored.
 */
export function createAccountKeys(body: CreateAccountKeys): Promise<AccountKeys> {
  return client.put('api/account/keys/', { json: body }).json<AccountKeys>();
}

/**
 * `ifMatch`: the version the wraps were read at; the server answers 412 (with the wraps as they
 * are now) when another device replaced one since.
 */
export function replacePasswordWrap(
  body: ReplacePasswordWrap,
  ifMatch?: number,
): Promise<AccountKeys> {
  return client
    .put('api/account/keys/password/', { json: body, headers: ifMatchHeaders(ifMatch) })
    .json<AccountKeys>();
}

export function replaceRecoveryWrap(
  body: ReplaceRecoveryWrap,
  ifMatch?: number,
): Promise<AccountKeys> {
  return client
    .put('api/account/keys/recovery-key/', { json: body, headers: ifMatchHeaders(ifMatch) })
    .json<AccountKeys>();
}
