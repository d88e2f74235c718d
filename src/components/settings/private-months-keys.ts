// What the private-months dialog asks of src/crypto. Loaded only once the user starts, so the
// ciphers, the recovery words' list and the Argon2id worker stay out of the settings page's first load.
import type {
  AccountKeys,
  AccountKeyWraps,
  WrappedKeyEnvelope,
} from '../../../contract/account-keys';
import { WrongKeyError } from '../../crypto/errors';
import {
  createAccountKey,
  generateKey,
  unwrapWithPassword,
  wrapWithRecoveryKey,
} from '../../crypto/keys';
import {
  RECOVERY_FILE_NAME,
  RECOVERY_WORD_COUNT,
  recoveryKeyFile,
  recoveryKeyToWords,
} from '../../crypto/recovery-key';

export { RECOVERY_FILE_NAME, RECOVERY_WORD_COUNT };

/**
 * A recovery key made on this device and not stored yet: what to show, what to send once checked,
 * and the account key, kept open on this device once the wraps are stored.
 */
export type PreparedKey = {
  recoveryKey: Uint8Array;
  accountKey: Uint8Array;
  words: string[];
} & (
  | { kind: 'set-up'; body: AccountKeyWraps }
  | { kind: 'new-key'; wrap: WrappedKeyEnvelope; basedOn: number }
);

/** The account key and its two wraps. */
export async function prepareSetUp(password: string): Promise<PreparedKey> {
  const made = await createAccountKey(password);
  return {
    kind: 'set-up',
    recoveryKey: made.recoveryKey,
    accountKey: made.accountKey,
    words: recoveryKeyToWords(made.recoveryKey),
    body: { by_password: made.byPassword, by_recovery_key: made.byRecoveryKey },
  };
}

/**
 * The stored account key opened with the password, wrapped under a new recovery key; null when
 * the password does not open it. `basedOn` is the version read, so a replacement made meanwhile on
 * another device is refused rather than silently overwritten.
 */
export async function prepareNewRecoveryKey(
  keys: AccountKeys,
  password: string,
): Promise<PreparedKey | null> {
  let accountKey: Uint8Array;
  try {
    accountKey = await unwrapWithPassword(keys.by_password, password);
  } catch (error) {
    if (error instanceof WrongKeyError) return null;
    throw error;
  }
  const recoveryKey = generateKey();
  const wrap = wrapWithRecoveryKey(accountKey, recoveryKey);
  return {
    kind: 'new-key',
    recoveryKey,
    accountKey,
    words: recoveryKeyToWords(recoveryKey),
    wrap,
    basedOn: keys.version,
  };
}

/** The text of the file to save: `comments` are the app's words about it, in the user's language. */
export function recoveryFileText(prepared: PreparedKey, comments: readonly string[]): string {
  return recoveryKeyFile(prepared.recoveryKey, [...comments]);
}

/** Overwrites the keys in memory once the dialog is done with them, stored or not. */
export function forget(prepared: PreparedKey): void {
  prepared.recoveryKey.fill(0);
  prepared.accountKey.fill(0);
}
