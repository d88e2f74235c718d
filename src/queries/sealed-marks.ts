// Whether a row is a private month's sealed one, and why one shows none of its content on this device: for the queries that open rows and the screens that show them.

/**
 * Why a private month's row shows none of its content on this device: `locked`, the account key
 * is not open here (Settings opens it); `undecryptable`, its envelope does not open with the
 * month's key (damaged, or sealed for another item). Either is kept as the server sent it: never
 * taken for empty content.
 */
export type Unreadable = 'locked' | 'undecryptable';

/** Set on a row by the opening only, never sent: why the row's content is not shown here. */
export function unreadable(row: object): Unreadable | null {
  const mark = (row as { unreadable?: unknown }).unreadable;
  return mark === 'locked' || mark === 'undecryptable' ? mark : null;
}

export const isSealed = (row: unknown): boolean =>
  typeof row === 'object' && row !== null && (row as { sealed?: unknown }).sealed != null;
