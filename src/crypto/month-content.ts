// Which fields of a private month's rows are sealed, one envelope per row, and opening them back with their shapes checked.

import { SEALED_NEUTRAL } from '../../contract/sealed-rules.js';
import type { Envelope, ItemKind } from './aead.js';
import { decryptJson, encryptJson } from './content.js';
import { UndecryptableError } from './errors.js';

type Check = (value: unknown) => boolean;
const isString: Check = (value) => typeof value === 'string';
const isBoolean: Check = (value) => typeof value === 'boolean';
const isNumber: Check = (value) => typeof value === 'number' && Number.isFinite(value);
const orNull =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);
const isObject: Check = (value) =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Each kind's private fields and their shapes: everything of the row the server does not need to
 * serve and remind. What the server keeps beside them (ids, days, the month's period) is plain.
 * A field missing from a row is left out of its envelope, and of the row when opened.
 */
export const SEALED_FIELDS = {
  month: { name: isString },
  entry: { highlight: isString, note: isString, mood: orNull(isNumber) },
  goal: { name: isString, is_completed: isBoolean },
  habit: { name: isString, schedule: isObject },
  measure: {
    name: isString,
    unit: orNull(isString),
    target: orNull(isNumber),
    target_direction: orNull(isString),
  },
  tick: { is_practiced: isBoolean, is_skipped: isBoolean },
  value: { metric: isNumber },
} as const satisfies Record<ItemKind, Record<string, Check>>;

type Fields<K extends ItemKind> = keyof (typeof SEALED_FIELDS)[K] & string;

/** The row's private fields in one envelope, bound to its kind and its server id. */
export function sealFields<K extends ItemKind>(
  monthKey: Uint8Array,
  kind: K,
  id: number,
  row: Partial<Record<Fields<K>, unknown>>,
): Envelope {
  const content: Record<string, unknown> = {};
  for (const field of Object.keys(SEALED_FIELDS[kind]) as Fields<K>[])
    if (row[field] !== undefined) content[field] = row[field];
  return encryptJson(monthKey, kind, id, content);
}

/**
 * The fields sealed in the envelope. Throws UndecryptableError when it does not open, or holds
 * anything but the kind's fields in their shapes (it was not sealed by this code).
 */
export function openFields<K extends ItemKind>(
  monthKey: Uint8Array,
  kind: K,
  id: number,
  envelope: unknown,
): Partial<Record<Fields<K>, unknown>> {
  const content = decryptJson(monthKey, kind, id, envelope);
  if (!isObject(content)) throw new UndecryptableError('malformed', 'not an object');
  const checks: Record<string, Check> = SEALED_FIELDS[kind];
  for (const [field, value] of Object.entries(content as Record<string, unknown>)) {
    const check = checks[field];
    if (!check?.(value)) throw new UndecryptableError('malformed', `field ${field}`);
  }
  return content as Partial<Record<Fields<K>, unknown>>;
}

/**
 * What the server keeps in a sealed row's plain columns (contract/sealed-rules.ts), checked here
 * to name every field this code seals.
 */
export const NEUTRAL_FIELDS: { readonly [K in ItemKind]: Readonly<Record<Fields<K>, unknown>> } =
  SEALED_NEUTRAL;

/**
 * What a create requires in a sealed field's place: the neutral values the server keeps beside
 * an envelope. The kind's other sealed fields are left out, so their defaults apply (no mood,
 * no unit or target, a daily schedule, not done, not practiced or skipped).
 */
const BLANKS: Record<ItemKind, Record<string, unknown>> = {
  month: { name: '' },
  entry: { highlight: '' },
  goal: { name: '' },
  habit: { name: '' },
  measure: { name: '' },
  tick: {},
  value: { metric: 0 },
};

/**
 * A create's body with its private fields blanked and `sealed: null`: the content is sealed in
 * an update once the server has given the row the id it binds.
 */
export function blankFields(kind: ItemKind, body: object): Record<string, unknown> {
  const sealed: Record<string, Check> = SEALED_FIELDS[kind];
  const rest = Object.entries(body).filter(([field]) => !(field in sealed));
  return { ...Object.fromEntries(rest), ...BLANKS[kind], sealed: null };
}

/**
 * An update's body making a row of a private month plain again: its opened private fields as
 * they are, and `sealed: null`.
 */
export function plainFields(kind: ItemKind, row: object): Record<string, unknown> {
  const fields = Object.keys(SEALED_FIELDS[kind]);
  const content = Object.entries(row).filter(
    ([field, value]) => fields.includes(field) && value !== undefined,
  );
  return { ...Object.fromEntries(content), sealed: null };
}
