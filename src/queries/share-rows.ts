// Structural sharing for lists of rows, by id rather than by position.
import { replaceEqualDeep } from '@tanstack/react-query';

type Row = { id: number };

const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && typeof (value as Row).id === 'number';

/**
 * react-query's structural sharing, matching a list's rows by id. Its own (replaceEqualDeep) pairs
 * rows by position: an entry saved for a day before the month's last one shifts every later row,
 * each is then paired with its neighbour and copied, and every card of the month re-renders (most
 * of the time from Save to the new card on screen). Anything but a list of rows is shared as
 * react-query shares it.
 */
export function shareRowsById(previous: unknown, next: unknown): unknown {
  if (!Array.isArray(previous) || !Array.isArray(next) || !next.every(isRow)) {
    return replaceEqualDeep(previous, next);
  }
  const before = new Map<number, unknown>();
  for (const row of previous) if (isRow(row)) before.set(row.id, row);
  const shared = next.map((row) => {
    const was = before.get(row.id);
    return was === undefined ? row : replaceEqualDeep(was, row);
  });
  const unchanged =
    shared.length === previous.length && shared.every((row, index) => row === previous[index]);
  return unchanged ? previous : shared;
}
