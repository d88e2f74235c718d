// What a password change asks of src/crypto: the account key of private months wrapped under the
// new password. Loaded only when a change is sent for an account that has one, so the ciphers and
// the Argon2id worker stay out of the settings page's first load.
import type { PasswordWrap } from '../../../contract/account-keys';
import { WrongKeyError } from '../../crypto/errors';
import { unwrapWithPassword, wrapWithPassword } from '../../crypto/keys';

/**
 * The stored wrap opened with the current password, the account key wrapped under the new one
 * with a fresh salt; null when the current password does not open it. The account key itself is
 * overwritten once wrapped.
 */
export async function rewrapAccountKey(
  wrap: PasswordWrap,
  currentPassword: string,
  newPassword: string,
): Promise<PasswordWrap | null> {
  let accountKey: Uint8Array;
  try {
    accountKey = await unwrapWithPassword(wrap, currentPassword);
  } catch (error) {
    if (error instanceof WrongKeyError) return null;
    throw error;
  }
  try {
    return await wrapWithPassword(accountKey, newPassword);
  } finally {
    accountKey.fill(0);
  }
}
