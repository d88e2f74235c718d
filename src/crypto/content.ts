// An item's private content as text or JSON, sealed under its month's key and bound to the item's kind and id.
import { associatedData, type Envelope, type ItemKind, open, seal } from './aead.js';
import { UndecryptableError } from './errors.js';

const encoder = new TextEncoder();
/** Fatal, so bytes that are not UTF-8 fail loudly instead of turning into replacement characters. */
const decoder = new TextDecoder('utf-8', { fatal: true });

export function encryptText(
  monthKey: Uint8Array,
  kind: ItemKind,
  id: number,
  text: string,
): Envelope {
  return seal(monthKey, encoder.encode(text), associatedData.item(kind, id));
}

export function decryptText(
  monthKey: Uint8Array,
  kind: ItemKind,
  id: number,
  envelope: unknown,
): string {
  const bytes = open(monthKey, envelope, associatedData.item(kind, id));
  try {
    return decoder.decode(bytes);
  } catch {
    throw new UndecryptableError('malformed', 'not UTF-8');
  }
}

/**
 * Seals a JSON value: an item's private fields go together in one envelope, so they cannot be
 * swapped with each other the way two envelopes of one item could.
 */
export function encryptJson(
  monthKey: Uint8Array,
  kind: ItemKind,
  id: number,
  value: unknown,
): Envelope {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('Only a JSON value can be encrypted.');
  return encryptText(monthKey, kind, id, json);
}

/** The value as sealed, typed `unknown`: the caller checks its shape as it would the server's. */
export function decryptJson(
  monthKey: Uint8Array,
  kind: ItemKind,
  id: number,
  envelope: unknown,
): unknown {
  const json = decryptText(monthKey, kind, id, envelope);
  try {
    return JSON.parse(json);
  } catch {
    throw new UndecryptableError('malformed', 'not JSON');
  }
}
