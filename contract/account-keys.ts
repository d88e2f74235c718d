// The account key's two wraps (private months, docs/encryption.md): the wire types (TypeBox schemas) of /api/account/keys/, shared by server and browser.
// The browser imports values only from ./account-key-rules.ts: this module's schemas would bring TypeBox into its bundle.
import { type Static, Type } from '@sinclair/typebox';
import {
  ENVELOPE_VERSION,
  KDF_BOUNDS,
  KDF_NAME,
  NONCE_PATTERN,
  SALT_PATTERN,
  WRAPPED_KEY_PATTERN,
} from './account-key-rules.js';
import { PASSWORD_MAX_LENGTH } from './rules.js';

/**
 * Every object here refuses fields it does not name (`additionalProperties: false`, which the
 * server's body validator enforces rather than drops): the server stores what the browser made
 * byte for byte, and a field it dropped would be one the browser believes it kept.
 */
const strict = { additionalProperties: false } as const;

const bounded = (bounds: { min: number; max: number }, description: string) =>
  Type.Integer({ minimum: bounds.min, maximum: bounds.max, description });

/** The account key sealed under another key: `{v, nonce, ct}`, the ciphertext ending in its tag. */
export const WrappedKeyEnvelopeSchema = Type.Object(
  {
    v: Type.Literal(ENVELOPE_VERSION, { description: 'The envelope format: 1.' }),
    nonce: Type.String({ pattern: NONCE_PATTERN, description: '24 bytes, unpadded base64url.' }),
    ct: Type.String({
      pattern: WRAPPED_KEY_PATTERN,
      description: 'The 32-byte key encrypted, then its 16-byte tag: 48 bytes, unpadded base64url.',
    }),
  },
  strict,
);
export type WrappedKeyEnvelope = Static<typeof WrappedKeyEnvelopeSchema>;

/** How the password became the key that wraps the account key: Argon2id, its salt and costs. */
export const PasswordKdfSchema = Type.Object(
  {
    name: Type.Literal(KDF_NAME),
    salt: Type.String({ pattern: SALT_PATTERN, description: '16 bytes, unpadded base64url.' }),
    memoryKiB: bounded(KDF_BOUNDS.memoryKiB, 'Memory in KiB: 64 MiB to 1 GiB.'),
    passes: bounded(KDF_BOUNDS.passes, 'Passes over that memory: 3 to 16.'),
    parallelism: bounded(KDF_BOUNDS.parallelism, 'Lanes: 1 to 16.'),
  },
  strict,
);

/** The account key wrapped by the password: the costs and salt travel with it. */
export const PasswordWrapSchema = Type.Object(
  { kdf: PasswordKdfSchema, key: WrappedKeyEnvelopeSchema },
  strict,
);
export type PasswordWrap = Static<typeof PasswordWrapSchema>;

/**
 * The account's login password, beside every wrap sent. The server checks it against the
 * password's hash before storing anything: a stolen session alone cannot replace the wraps (which
 * would lock every private month), and a mistyped password cannot make a password wrap that only
 * the recovery key opens.
 */
const CurrentPassword = Type.String({
  maxLength: PASSWORD_MAX_LENGTH,
  description: "The account's current password: checked, never stored.",
});

/** Both wraps, as they are stored. */
export interface AccountKeyWraps {
  by_password: PasswordWrap;
  by_recovery_key: WrappedKeyEnvelope;
}

/** Both wraps, sent once when the first private month is made. */
export const CreateAccountKeysSchema = Type.Object(
  {
    password: CurrentPassword,
    by_password: PasswordWrapSchema,
    by_recovery_key: WrappedKeyEnvelopeSchema,
  },
  strict,
);
export type CreateAccountKeys = Static<typeof CreateAccountKeysSchema>;

/** A new password wrap `{kdf, key}`, with the password it is under. */
export const ReplacePasswordWrapSchema = Type.Object(
  { password: CurrentPassword, ...PasswordWrapSchema.properties },
  strict,
);
export type ReplacePasswordWrap = Static<typeof ReplacePasswordWrapSchema>;

/** A new recovery wrap `{v, nonce, ct}`, with the account's password. */
export const ReplaceRecoveryWrapSchema = Type.Object(
  { password: CurrentPassword, ...WrappedKeyEnvelopeSchema.properties },
  strict,
);
export type ReplaceRecoveryWrap = Static<typeof ReplaceRecoveryWrapSchema>;

export const AccountKeysSchema = Type.Object({
  by_password: PasswordWrapSchema,
  by_recovery_key: WrappedKeyEnvelopeSchema,
  /** Moves on every replace of either wrap; also the answer's ETag, for If-Match. */
  version: Type.Integer({ minimum: 1 }),
  created_at: Type.String({ description: 'ISO 8601, UTC.' }),
  updated_at: Type.String({ description: 'ISO 8601, UTC: the last replace of either wrap.' }),
});
export type AccountKeys = Static<typeof AccountKeysSchema>;
