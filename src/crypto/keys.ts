// The key hierarchy: a random key per month, wrapped by the account key, itself wrapped by the password and by the recovery key.
import { randomBytes } from '@noble/ciphers/utils.js';
import { associatedData, type Envelope, KEY_BYTES, open, seal } from './aead.js';
import type { Argon2Params } from './argon2.js';
import { fromBase64url, toBase64url } from './base64url.js';
import { UndecryptableError, WrongKeyError } from './errors.js';
import { derivePasswordKey, newSalt, PASSWORD_KEY_PARAMS } from './password-key.js';

/** A fresh random key: a month's, or the account's. */
export function generateKey(): Uint8Array {
  return randomBytes(KEY_BYTES);
}

/** Only 256-bit keys are wrapped: anything else is a mistake in the caller. */
function checkKey(key: Uint8Array): Uint8Array {
  if (key.length !== KEY_BYTES) throw new RangeError(`A key is ${KEY_BYTES} bytes.`);
  return key;
}

/** An unwrapped key must be a key: anything else was sealed by something other than this code. */
function asKey(bytes: Uint8Array): Uint8Array {
  if (bytes.length !== KEY_BYTES) throw new UndecryptableError('malformed', 'not a key');
  return bytes;
}

export function wrapMonthKey(
  monthKey: Uint8Array,
  accountKey: Uint8Array,
  monthId: number,
): Envelope {
  return seal(accountKey, checkKey(monthKey), associatedData.monthKey(monthId));
}

/** With the right account key, a failure is damage or another month's key: UndecryptableError. */
export function unwrapMonthKey(
  wrapped: unknown,
  accountKey: Uint8Array,
  monthId: number,
): Uint8Array {
  return asKey(open(accountKey, wrapped, associatedData.monthKey(monthId)));
}

/** The account key wrapped by a password: the Argon2id costs and salt travel with it. */
export interface PasswordWrappedKey {
  kdf: Argon2Params & { name: 'argon2id'; salt: string };
  key: Envelope;
}

/**
 * Costs read back from outside, within Argon2's own limits and under a ceiling that leaves room to
 * raise the cost later: without one, a server could make the page allocate gigabytes or spin for
 * minutes.
 */
function readKdf(value: unknown): { salt: Uint8Array; params: Argon2Params } {
  const kdf = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const int = (field: unknown, min: number, max: number) =>
    typeof field === 'number' && Number.isInteger(field) && field >= min && field <= max;
  const { name, salt, memoryKiB, passes, parallelism } = kdf;
  if (
    name === 'argon2id' &&
    typeof salt === 'string' &&
    int(parallelism, 1, 16) &&
    int(memoryKiB, 8 * (parallelism as number), 1024 * 1024) &&
    int(passes, 1, 16)
  ) {
    try {
      const bytes = fromBase64url(salt);
      if (bytes.length >= 8) {
        return { salt: bytes, params: { memoryKiB, passes, parallelism } as Argon2Params };
      }
    } catch {
      // Not base64url: malformed, below.
    }
  }
  throw new UndecryptableError('malformed', 'password key settings');
}

/** Wraps under a fresh salt at `params` (the real cost unless a test asks for less). */
export async function wrapWithPassword(
  accountKey: Uint8Array,
  password: string,
  params: Argon2Params = PASSWORD_KEY_PARAMS,
): Promise<PasswordWrappedKey> {
  const salt = newSalt();
  const passwordKey = await derivePasswordKey(password, salt, params);
  return {
    kdf: { name: 'argon2id', salt: toBase64url(salt), ...params },
    key: seal(passwordKey, checkKey(accountKey), associatedData.accountKey('password')),
  };
}

/**
 * The account key, or WrongKeyError. An altered wrap fails the same way: the AEAD cannot tell a
 * wrong key from a changed ciphertext, and asking again is the right answer to both.
 */
export async function unwrapWithPassword(wrapped: unknown, password: string): Promise<Uint8Array> {
  const record = (typeof wrapped === 'object' && wrapped !== null ? wrapped : {}) as {
    kdf?: unknown;
    key?: unknown;
  };
  const { salt, params } = readKdf(record.kdf);
  const passwordKey = await derivePasswordKey(password, salt, params);
  return asKey(openAccountKey(passwordKey, record.key, 'password'));
}

export function wrapWithRecoveryKey(accountKey: Uint8Array, recoveryKey: Uint8Array): Envelope {
  return seal(recoveryKey, checkKey(accountKey), associatedData.accountKey('recovery'));
}

/** The recovery key has full 256-bit strength already, so it is the wrapping key itself: no KDF. */
export function unwrapWithRecoveryKey(wrapped: unknown, recoveryKey: Uint8Array): Uint8Array {
  return asKey(openAccountKey(recoveryKey, wrapped, 'recovery'));
}

function openAccountKey(key: Uint8Array, wrapped: unknown, by: 'password' | 'recovery') {
  try {
    return open(key, wrapped, associatedData.accountKey(by));
  } catch (error) {
    if (error instanceof UndecryptableError && error.reason === 'forged') {
      throw new WrongKeyError(by === 'password' ? 'password' : 'recovery-key');
    }
    throw error;
  }
}

/**
 * A password change: the same account key under the new password. Only this wrap changes (a few
 * hundred bytes); month keys and content stay as they are.
 */
export async function changePassword(
  wrapped: unknown,
  currentPassword: string,
  newPassword: string,
  params: Argon2Params = PASSWORD_KEY_PARAMS,
): Promise<PasswordWrappedKey> {
  const accountKey = await unwrapWithPassword(wrapped, currentPassword);
  return wrapWithPassword(accountKey, newPassword, params);
}

/** Everything the first private month needs: the keys, and the two wraps the server keeps. */
export interface NewAccountKey {
  accountKey: Uint8Array;
  /** Shown to the user once (recovery-key.ts), never stored or sent. */
  recoveryKey: Uint8Array;
  byPassword: PasswordWrappedKey;
  byRecoveryKey: Envelope;
}

export async function createAccountKey(
  password: string,
  params: Argon2Params = PASSWORD_KEY_PARAMS,
): Promise<NewAccountKey> {
  const accountKey = generateKey();
  const recoveryKey = generateKey();
  return {
    accountKey,
    recoveryKey,
    byPassword: await wrapWithPassword(accountKey, password, params),
    byRecoveryKey: wrapWithRecoveryKey(accountKey, recoveryKey),
  };
}
