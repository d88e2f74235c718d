// Keyset pages: a list's sort key as an opaque cursor, and the WHERE clause that starts a page after it.
import { type ExpressionBuilder, type ExpressionWrapper, sql } from 'kysely';
import { MAX_ID } from '../../contract/rules.js';

/** The sort key of the last item of a page: `[id]`, or `[created_at, id]` for journals. */
export type CursorKey = readonly [number] | readonly [string, number];
export type KeyShape = 'id' | 'date-id';

/** What a repository's `page` is given: the key to start after (none: the first page) and how many. */
export interface PageRequest {
  after?: CursorKey;
  limit: number;
}

export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

const isId = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_ID;
// A real date is checked by the database's comparison only on PostgreSQL; keep both alike.
const isDate = (value: unknown): value is string =>
  typeof value === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/.test(value) &&
  value >= '0001-01-01' &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The key a cursor stands for, or undefined when it is not one of ours of that shape. */
export function decodeCursor(cursor: string, shape: KeyShape): CursorKey | undefined {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(value)) return undefined;
  if (shape === 'id') return value.length === 1 && isId(value[0]) ? [value[0]] : undefined;
  return value.length === 2 && isDate(value[0]) && isId(value[1])
    ? [value[0], value[1]]
    : undefined;
}

/**
 * `(date, id)` past the cursor's, in the list's direction: `date > d or (date = d and id > i)`
 * (`<` for a newest-first list). Spelled out rather than as a row value, the same on both dialects.
 */
export function afterDateId<DB, TB extends keyof DB>(
  dateColumn: string,
  idColumn: string,
  [date, id]: readonly [string, number],
  direction: 'asc' | 'desc',
) {
  const past = direction === 'asc' ? '>' : '<';
  return (eb: ExpressionBuilder<DB, TB>): ExpressionWrapper<DB, TB, boolean> =>
    eb.or([
      eb(sql.ref(dateColumn), past, date),
      eb.and([eb(sql.ref(dateColumn), '=', date), eb(sql.ref(idColumn), past, id)]),
    ]) as ExpressionWrapper<DB, TB, boolean>;
}
