// Opening a private month's rows with src/crypto: loaded with import() only once a sealed row is read, so plain months never load the ciphers.
import type { ItemKind } from '../crypto/aead';
import { UndecryptableError } from '../crypto/errors';
import { unwrapMonthKey } from '../crypto/keys';
import { NEUTRAL_FIELDS, openFields, SEALED_FIELDS, sealFields } from '../crypto/month-content';

export { blankFields } from '../crypto/month-content';

import { onSessionEndedHere } from './session';

/**
 * Month keys opened on this page, by month and wrap: unwrapping is cheap, but a page reads a
 * month's seven lists at once and each needs it. A month's key is never replaced, and the
 * map is emptied when the session ends here, as the account key is.
 */
const monthKeys = new Map<string, Uint8Array>();
onSessionEndedHere(() => {
  for (const key of monthKeys.values()) key.fill(0);
  monthKeys.clear();
});

/** The month's key, or null when its wrap does not open with this account key. */
export function openMonthKey(
  accountKey: Uint8Array,
  monthId: number,
  wrapped: { nonce: string },
): Uint8Array | null {
  const cacheKey = `${monthId}:${wrapped.nonce}`;
  let key = monthKeys.get(cacheKey);
  if (!key) {
    try {
      key = unwrapMonthKey(wrapped, accountKey, monthId);
    } catch (error) {
      if (error instanceof UndecryptableError) return null;
      throw error;
    }
    monthKeys.set(cacheKey, key);
  }
  return key;
}

/** The row with its sealed fields put back, or marked when its envelope does not open. */
export function openRow<T extends { id: number; sealed?: unknown }>(
  monthKey: Uint8Array,
  kind: ItemKind,
  row: T,
): T {
  try {
    const { unreadable: _, ...rest } = row as T & { unreadable?: unknown };
    return { ...rest, ...openFields(monthKey, kind, row.id, row.sealed) } as T;
  } catch (error) {
    if (error instanceof UndecryptableError) return { ...row, unreadable: 'undecryptable' };
    throw error;
  }
}

/**
 * An update's body for a row of a private month: its plain fields as they are, and every sealed
 * field of the kind in one envelope, each from `changes` or, where the edit left it alone, from
 * `base` (the row as the edit saw it, opened): the envelope replaces the whole of the content,
 * and the plain columns get the kind's neutral values.
 */
export function sealedBody(
  monthKey: Uint8Array,
  kind: ItemKind,
  id: number,
  changes: object,
  base: object,
): Record<string, unknown> {
  const sealedNames = new Set(Object.keys(SEALED_FIELDS[kind]));
  const body: Record<string, unknown> = {};
  const content: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(changes))
    if (!sealedNames.has(field)) body[field] = value;
  for (const field of sealedNames) {
    const value =
      field in changes
        ? (changes as Record<string, unknown>)[field]
        : (base as Record<string, unknown>)[field];
    if (value !== undefined) content[field] = value;
  }
  return { ...body, ...NEUTRAL_FIELDS[kind], sealed: sealFields(monthKey, kind, id, content) };
}
