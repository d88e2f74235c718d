// Field-by-field merge of an edit refused with 412: what can be re-sent silently, and what the user must choose.
import { HIGHLIGHT_MAX_LENGTH } from '../../contract/rules.js';

/** One field both sides changed, differently. */
export interface FieldConflict {
  field: string;
  /** The value the edit was based on. */
  base: unknown;
  /** The value this device wanted. */
  mine: unknown;
  /** The value the server holds now (another device's edit). */
  theirs: unknown;
}

export interface EditMerge {
  /** The fields to re-send: those only this edit changed. */
  changes: Record<string, unknown>;
  /** Fields both sides changed to different values, for the user to decide. */
  conflicts: FieldConflict[];
}

export type ConflictChoice = 'mine' | 'theirs' | 'both';

/** Between the other device's text and this one's when both are kept. */
export const BOTH_SEPARATOR = ' / ';

/** Plain data equality (strings, numbers, booleans, null, arrays and objects of them). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) =>
    sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/**
 * `mine` holds only the fields the edit changed (its PATCH body). A field the other side left as
 * it was in `base` is re-sent; one the other side changed to the same value needs nothing; one
 * it changed to something else is a conflict. Fields only the other side changed are not in the
 * PATCH, so they survive as they are (a tick here and a highlight there both stay).
 */
export function mergeEdit(
  base: Record<string, unknown>,
  mine: Record<string, unknown>,
  theirs: Record<string, unknown>,
): EditMerge {
  const changes: Record<string, unknown> = {};
  const conflicts: FieldConflict[] = [];
  for (const [field, value] of Object.entries(mine)) {
    if (value === undefined) continue;
    if (sameValue(theirs[field], base[field])) changes[field] = value;
    else if (!sameValue(theirs[field], value)) {
      conflicts.push({ field, base: base[field], mine: value, theirs: theirs[field] });
    }
  }
  return { changes, conflicts };
}

/**
 * Both texts, the other device's first, or null when together they pass `maxLength`: then
 * "keep both" is not offered (cutting either text would lose words silently); the dialog shows
 * both texts so the user can copy what they need before choosing one.
 */
export function keepBoth(
  theirs: string,
  mine: string,
  maxLength: number = HIGHLIGHT_MAX_LENGTH,
): string | null {
  if (theirs.trim() === '') return mine;
  if (mine.trim() === '') return theirs;
  const joined = `${theirs}${BOTH_SEPARATOR}${mine}`;
  return joined.length <= maxLength ? joined : null;
}

/** "Keep both" applies to text fields only, and only when the joined text fits. */
export function canKeepBoth(conflict: FieldConflict, maxLength?: number): boolean {
  return (
    typeof conflict.mine === 'string' &&
    typeof conflict.theirs === 'string' &&
    keepBoth(conflict.theirs, conflict.mine, maxLength) !== null
  );
}

/**
 * The changes after the user's choice for one conflict: mine re-sends my value; theirs sends
 * nothing for it (the server already holds it); both sends the joined text.
 */
export function applyChoice(
  changes: Record<string, unknown>,
  conflict: FieldConflict,
  choice: ConflictChoice,
  maxLength?: number,
): Record<string, unknown> {
  const next = { ...changes };
  if (choice === 'mine') next[conflict.field] = conflict.mine;
  if (choice === 'both') {
    const joined =
      typeof conflict.theirs === 'string' && typeof conflict.mine === 'string'
        ? keepBoth(conflict.theirs, conflict.mine, maxLength)
        : null;
    if (joined === null) throw new Error(`Cannot keep both values of ${conflict.field}`);
    next[conflict.field] = joined;
  }
  return next;
}
