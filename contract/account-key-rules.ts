// The account key's wraps on the wire: sizes, Argon2id cost bounds, patterns and messages, with no schema library, for the browser and the server.
// The numbers are those src/crypto writes (aead.ts, password-key.ts) and accepts when reading back (keys.ts readKdf);
// src/crypto is a leaf and imports nothing, so tests/unit/contract/account-keys.test.ts checks the two agree.

/** The one envelope format (the `v` of every envelope). */
export const ENVELOPE_VERSION = 1;
/** XChaCha20-Poly1305's nonce. */
export const NONCE_BYTES = 24;
/** A wrapped 256-bit key: the key's 32 bytes and the 16-byte tag. */
export const WRAPPED_KEY_BYTES = 32 + 16;
/** The Argon2id salt drawn for every password wrap. */
export const SALT_BYTES = 16;
/** The only password KDF. */
export const KDF_NAME = 'argon2id';

/**
 * The Argon2id costs a stored wrap may carry. The ceilings are the browser's own (it refuses to
 * hash above them, so a wrap above them could never be opened); the floors are the costs the app
 * uses today, so a wrap made cheaper by mistake or on purpose is refused rather than kept.
 */
export const KDF_BOUNDS = {
  memoryKiB: { min: 64 * 1024, max: 1024 * 1024 },
  passes: { min: 3, max: 16 },
  parallelism: { min: 1, max: 16 },
} as const;

const BASE64URL = '[A-Za-z0-9_-]';
/** Unpadded base64url of exactly `bytes` bytes: its length, and its last character's unused bits zero. */
function base64urlPattern(bytes: number): string {
  const full = Math.floor(bytes / 3) * 4;
  switch (bytes % 3) {
    case 1:
      return `^${BASE64URL}{${full + 1}}[AQgw]$`;
    case 2:
      return `^${BASE64URL}{${full + 2}}[AEIMQUYcgkosw048]$`;
    default:
      return `^${BASE64URL}{${full}}$`;
  }
}

export const NONCE_PATTERN = base64urlPattern(NONCE_BYTES);
export const WRAPPED_KEY_PATTERN = base64urlPattern(WRAPPED_KEY_BYTES);
export const SALT_PATTERN = base64urlPattern(SALT_BYTES);

/** How many characters `bytes` bytes take in unpadded base64url. */
const textLength = (bytes: number) => Math.ceil((bytes * 4) / 3);
const inBase64url = (bytes: number) =>
  `${bytes} bytes in unpadded base64url (${textLength(bytes)} characters)`;

export const ACCOUNT_KEY_MESSAGES = {
  nonce: `A nonce is ${inBase64url(NONCE_BYTES)}.`,
  wrappedKey: `A wrapped key is ${inBase64url(WRAPPED_KEY_BYTES)}.`,
  salt: `A salt is ${inBase64url(SALT_BYTES)}.`,
  exists: 'This account already has an account key; replace its wraps instead.',
  noAccountKey: 'This account has no account key to wrap under the new password.',
} as const;

/** The 409 of a second create. */
export const ACCOUNT_KEY_EXISTS = 'account_key_exists';

/** Each pattern's message, for the 400 that names a malformed field. */
export const ACCOUNT_KEY_PATTERN_MESSAGES: Readonly<Record<string, string>> = {
  [NONCE_PATTERN]: ACCOUNT_KEY_MESSAGES.nonce,
  [WRAPPED_KEY_PATTERN]: ACCOUNT_KEY_MESSAGES.wrappedKey,
  [SALT_PATTERN]: ACCOUNT_KEY_MESSAGES.salt,
};
