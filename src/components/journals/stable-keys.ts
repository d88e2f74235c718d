// React keys for rows whose id changes while on screen: a row made on this device carries a temporary id until the server's answer replaces it.
import { useRef } from 'react';

/**
 * A key per row that stays the same when the row's temporary (negative) id is replaced by the
 * server's. Keyed by id alone, the row would be a new element to React: its card or checkbox is
 * unmounted and mounted again, and a keyboard user's focus on it falls to the page's body (a
 * habit ticked with Space on an entry still being saved lost its focus that way).
 *
 * A row with an id not seen before takes over the key of a temporary row that has just left, when
 * both look the same (`lookOf`: what the swap leaves unchanged, such as the entry's date and text).
 */
export function useStableKeys<T>(
  rows: readonly T[],
  idOf: (row: T) => number,
  lookOf: (row: T) => string,
): (row: T) => string {
  const known = useRef(new Map<number, { key: string; look: string }>()).current;
  const present = new Set(rows.map(idOf));
  const departed = [...known].filter(([id]) => id < 0 && !present.has(id));
  for (const row of rows) {
    const id = idOf(row);
    const look = lookOf(row);
    const seen = known.get(id);
    if (seen) {
      seen.look = look;
      continue;
    }
    const index = departed.findIndex(([, temporary]) => temporary.look === look);
    const inherited = index >= 0 ? departed.splice(index, 1)[0] : undefined;
    known.set(id, { key: inherited ? inherited[1].key : String(id), look });
  }
  for (const id of known.keys()) if (!present.has(id)) known.delete(id);
  return (row) => known.get(idOf(row))?.key ?? String(idOf(row));
}
