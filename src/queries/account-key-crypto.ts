// What opening the account key asks of src/crypto, at login and in Settings. Only ever loaded with
// import(): the ciphers, the recovery words' list and the Argon2id worker stay out of every page's first load.
import type { PasswordWrap, WrappedKeyEnvelope } from '../../contract/account-keys';
import { WrongKeyError } from '../crypto/errors';
import { unwrapWithPassword, unwrapWithRecoveryKey, wrapWithPassword } from '../crypto/keys';
import {
  RecoveryKeyError,
  recoveryKeyFromFile,
  recoveryKeyFromWords,
} from '../crypto/recovery-key';

/** The account key, or null when the password does not open this wrap. */
export async function openWithPassword(
  wrap: PasswordWrap,
  password: string,
): Promise<Uint8Array | null> {
  try {
    return await unwrapWithPassword(wrap, password);
  } catch (error) {
    if (error instanceof WrongKeyError) return null;
    throw error;
  }
}

/** Why a recovery key did not open the account key: its words are not a key, or the wrong one. */
export type RecoveryFailure =
  | { reason: Exclude<RecoveryKeyError['reason'], 'unknown-word'> | 'wrong-key' }
  | { reason: 'unknown-word'; positions: number[] };

/** Typed words, or a recovery file's text. */
export type RecoveryInput = { words: string } | { file: string };

/** The account key from the recovery wrap, or why not, told apart so the screen can say which. */
export function openWithRecoveryKey(
  wrap: WrappedKeyEnvelope,
  input: RecoveryInput,
): { accountKey: Uint8Array } | RecoveryFailure {
  let recoveryKey: Uint8Array;
  try {
    recoveryKey =
      'words' in input ? recoveryKeyFromWords(input.words) : recoveryKeyFromFile(input.file);
  } catch (error) {
    if (!(error instanceof RecoveryKeyError)) throw error;
    return error.reason === 'unknown-word'
      ? { reason: 'unknown-word', positions: error.positions }
      : { reason: error.reason };
  }
  try {
    return { accountKey: unwrapWithRecoveryKey(wrap, recoveryKey) };
  } catch (error) {
    if (error instanceof WrongKeyError) return { reason: 'wrong-key' };
    throw error;
  } finally {
    recoveryKey.fill(0);
  }
}

/** The account key under the (new) password, with a fresh salt. */
export function wrapUnderPassword(accountKey: Uint8Array, password: string): Promise<PasswordWrap> {
  return wrapWithPassword(accountKey, password);
}
