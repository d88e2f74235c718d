// A private month's sealed content (docs/encryption.md): the envelope's TypeBox schemas, for the entities and request bodies of server and browser.
import { type Static, Type } from '@sinclair/typebox';
import { ENVELOPE_VERSION, NONCE_PATTERN } from './account-key-rules.js';
import { WrappedKeyEnvelopeSchema } from './account-keys.js';
import {
  SEALED_CT_PATTERN,
  SEALED_ENTRY_MAX_LENGTH,
  SEALED_NAME_MAX_LENGTH,
} from './sealed-rules.js';

/**
 * `{v, nonce, ct}`, refusing fields it does not name: the server stores the envelope byte for
 * byte and never reads it, so it checks only its shape and size.
 */
function envelope(maxLength: number) {
  return Type.Object(
    {
      v: Type.Literal(ENVELOPE_VERSION, { description: 'The envelope format: 1.' }),
      nonce: Type.String({ pattern: NONCE_PATTERN, description: '24 bytes, unpadded base64url.' }),
      ct: Type.String({
        pattern: SEALED_CT_PATTERN,
        maxLength,
        description: `The ciphertext then its 16-byte tag, unpadded base64url, at most ${maxLength} characters.`,
      }),
    },
    { additionalProperties: false },
  );
}

/** A month's, goal's, habit's or measure's sealed fields, or a day's value or tick. */
export const SealedEnvelopeSchema = envelope(SEALED_NAME_MAX_LENGTH);
export type SealedEnvelope = Static<typeof SealedEnvelopeSchema>;
/** An entry's sealed fields: its highlight, note and mood together. */
export const SealedEntryEnvelopeSchema = envelope(SEALED_ENTRY_MAX_LENGTH);

/** `nullable` as in measure-targets.ts: Ajv's keyword, which the serializer understands too. */
const nullable = <T>(schema: object) => Type.Unsafe<T | null>({ ...schema, nullable: true });

/**
 * A body's `sealed`: the envelope, or null for a create whose content follows in an update (the
 * associated data binds the server's id, so the browser seals once it has it) or for an update
 * back to plain content.
 */
export const sealedField = (schema: typeof SealedEnvelopeSchema = SealedEnvelopeSchema) =>
  Type.Optional(
    nullable<SealedEnvelope>({
      ...schema,
      description:
        "The item's private fields sealed under its month's key; only in a private month.",
    }),
  );

/** A body's `month_key`: the month's key wrapped by the account key, or null to make it plain. */
export const monthKeyField = () =>
  Type.Optional(
    nullable<Static<typeof WrappedKeyEnvelopeSchema>>({
      ...WrappedKeyEnvelopeSchema,
      description: "The month's key wrapped by the account key: the month is private while set.",
    }),
  );

/**
 * On a read, present only on what is private: a plain month or row answers exactly as before,
 * so saved caches and clients that know nothing of private months read it unchanged. Typed with
 * null too, so an item the browser shows before the server answers can copy a body's `sealed`.
 */
export const sealedRead = (schema: typeof SealedEnvelopeSchema = SealedEnvelopeSchema) =>
  Type.Optional(nullable<SealedEnvelope>(schema));
export const monthKeyRead = () =>
  Type.Optional(nullable<Static<typeof WrappedKeyEnvelopeSchema>>(WrappedKeyEnvelopeSchema));
