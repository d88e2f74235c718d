// A private month's sealed content on the wire: the envelope's ciphertext pattern, its size limits per kind and their messages, with no schema library, for the browser and the server.
import { HIGHLIGHT_MAX_LENGTH, NOTE_MAX_LENGTH } from './rules.js';

/** Unpadded base64url of at least the 16-byte tag alone (the empty text sealed). */
export const SEALED_CT_PATTERN = '^[A-Za-z0-9_-]{22,}$';

/**
 * The longest ciphertext, in base64url characters, of a month's, goal's, habit's or measure's
 * name, or of a day's value or tick: 4 KB of text is far more than a name of 255 characters
 * (at most 765 bytes of UTF-8) and its JSON need, and keeps a list of them small.
 */
export const SEALED_NAME_MAX_LENGTH = 4096;

/**
 * The longest ciphertext of an entry: its highlight and note as JSON, at the worst 6 bytes per
 * character (a control character JSON escapes as `\u00XX`), 1 KB for the JSON's keys and the
 * mood, the 16-byte tag, all in base64url. So every entry the plain limits allow can be sealed.
 */
export const SEALED_ENTRY_MAX_LENGTH = Math.ceil(
  ((6 * (NOTE_MAX_LENGTH + HIGHLIGHT_MAX_LENGTH) + 1024 + 16) * 4) / 3,
);

export const SEALED_MESSAGES = {
  ciphertext: 'A ciphertext is unpadded base64url of at least 16 bytes.',
  plainMonth: 'This month is not private: its content is sent as it is, without an envelope.',
  nameToMakePlain:
    'A private month made plain again needs its name: send it with "month_key": null.',
  keySet: 'This month is already private: its key is never replaced.',
  stillSealed:
    'This month still holds sealed items: send each one’s content as it is before making the month plain.',
  privateMonth: 'This month is private: the server cannot read its content.',
} as const;

/** The 409 of `month_key` sent for a month that already has one. */
export const MONTH_KEY_SET = 'month_key_set';
/** The 409 of `month_key: null` while items of the month are still sealed. */
export const MONTH_STILL_SEALED = 'month_still_sealed';
/** The 409 of a server feature that needs plaintext (a CSV export) asked of a private month. */
export const PRIVATE_MONTH = 'private_month';

/**
 * What a sealed row keeps in its plain columns, kind by kind: each field its envelope holds, at a
 * neutral value. The browser sends them beside every envelope (a row made private after it was
 * written would otherwise keep its plain tick, value, unit or schedule there), and the server puts
 * them in place of whatever plain values come beside an envelope, so a client that sent its text
 * there too leaves none of it on the server.
 */
export const SEALED_NEUTRAL = {
  month: { name: '' },
  entry: { highlight: '', note: '', mood: null },
  goal: { name: '', is_completed: false },
  habit: { name: '', schedule: { kind: 'daily' } },
  measure: { name: '', unit: null, target: null, target_direction: null },
  tick: { is_practiced: false, is_skipped: false },
  value: { metric: 0 },
} as const;
export type SealedKind = keyof typeof SEALED_NEUTRAL;

/** `body` with the neutral values in place of its kind's sealed fields when it carries an envelope. */
export function neutralBesideEnvelope<T extends object>(kind: SealedKind, body: T): T {
  const { sealed } = body as { sealed?: unknown };
  return typeof sealed === 'object' && sealed !== null
    ? { ...body, ...SEALED_NEUTRAL[kind] }
    : body;
}
