// The envelope every ciphertext travels in (XChaCha20-Poly1305, random nonce) and the associated data binding it to what it holds.
import { xchacha20poly1305 } from '@noble/ciphers/chacha.js';
import { randomBytes } from '@noble/ciphers/utils.js';
import { fromBase64url, toBase64url } from './base64url.js';
import { UndecryptableError } from './errors.js';

/** The format of envelopes and associated data; a new one gets a new number, old ones stay readable. */
export const FORMAT_VERSION = 1;
/** Every key in the scheme: month keys, the account key, password and recovery keys. */
export const KEY_BYTES = 32;
/** XChaCha's 192-bit nonce is long enough to draw at random for every message under one key. */
export const NONCE_BYTES = 24;
/** Poly1305's tag, at the end of every ciphertext. */
const TAG_BYTES = 16;

/** A ciphertext as JSON: the format version, then the nonce and the ciphertext (tag last) in base64url. */
export interface Envelope {
  v: typeof FORMAT_VERSION;
  nonce: string;
  ct: string;
}

/** What a month holds that may be private; each kind's content is bound to its own kind. */
export type ItemKind = 'month' | 'entry' | 'measure' | 'value' | 'habit' | 'tick' | 'goal';

const PREFIX = `monthbook:v${FORMAT_VERSION}`;

/**
 * The server's id of an item or month. A temporary id (negative, for something made offline) is
 * refused: content bound to it could never be opened once the server's id replaces it.
 */
function checkId(id: number): number {
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new RangeError(`Content is bound to the server's id of an item, not ${id}.`);
  }
  return id;
}

/**
 * The associated data of each thing sealed: authenticated, never stored, so a ciphertext opens
 * only where it was sealed for (another item's, kind's or month's slot fails to decrypt).
 */
export const associatedData = {
  item: (kind: ItemKind, id: number) => `${PREFIX}:${kind}:${checkId(id)}`,
  monthKey: (monthId: number) => `${PREFIX}:month-key:${checkId(monthId)}`,
  accountKey: (wrappedBy: 'password' | 'recovery') => `${PREFIX}:account-key:${wrappedBy}`,
};

const utf8 = new TextEncoder();

function cipher(key: Uint8Array, nonce: Uint8Array, ad: string) {
  if (key.length !== KEY_BYTES) throw new RangeError(`A key is ${KEY_BYTES} bytes.`);
  return xchacha20poly1305(key, nonce, utf8.encode(ad));
}

/** Encrypts under a fresh random nonce. */
export function seal(key: Uint8Array, plaintext: Uint8Array, ad: string): Envelope {
  const nonce = randomBytes(NONCE_BYTES);
  const ct = cipher(key, nonce, ad).encrypt(plaintext);
  return { v: FORMAT_VERSION, nonce: toBase64url(nonce), ct: toBase64url(ct) };
}

/** Checks that a value from outside (the server, a saved cache) is an envelope of this format. */
export function readEnvelope(value: unknown): { nonce: Uint8Array; ct: Uint8Array } {
  if (typeof value !== 'object' || value === null) throw new UndecryptableError('malformed');
  const { v, nonce, ct } = value as Record<string, unknown>;
  if (v !== FORMAT_VERSION) {
    throw new UndecryptableError(typeof v === 'number' ? 'version' : 'malformed', `v=${String(v)}`);
  }
  if (typeof nonce !== 'string' || typeof ct !== 'string') {
    throw new UndecryptableError('malformed');
  }
  try {
    const bytes = { nonce: fromBase64url(nonce), ct: fromBase64url(ct) };
    if (bytes.nonce.length === NONCE_BYTES && bytes.ct.length >= TAG_BYTES) return bytes;
  } catch {
    // Not base64url: malformed, below.
  }
  throw new UndecryptableError('malformed');
}

/** Decrypts, or throws UndecryptableError: `forged` when the tag does not match key, nonce, ciphertext and ad. */
export function open(key: Uint8Array, envelope: unknown, ad: string): Uint8Array {
  const { nonce, ct } = readEnvelope(envelope);
  const aead = cipher(key, nonce, ad);
  try {
    return aead.decrypt(ct);
  } catch {
    throw new UndecryptableError('forged');
  }
}
