// The Recently deleted bin's rules, for the server and the browser alike: how long, which kinds, their routes.
// Kept free of TypeBox (contract/trash.ts holds the schemas) so the browser's delete toasts carry no schema library.

/** Days a deleted item stays restorable; after that it is purged for good. */
export const TRASH_DAYS = 30;

/**
 * What the bin holds: a deleted month, entry or goal, or an undone import (everything one import
 * created, as one item: routes/import-undo.ts).
 */
export const TRASH_KINDS = ['month', 'journal', 'goal', 'import'] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];
/** The kinds a `DELETE` of one row bins: each is that row with what hangs from it. */
export type RowTrashKind = Exclude<TrashKind, 'import'>;

/** The collection each kind is restored through: `POST /api/{collection}/{id}/restore/`. */
export const TRASH_COLLECTIONS = {
  month: 'months',
  journal: 'journals',
  goal: 'goals',
  import: 'import',
} as const satisfies Record<TrashKind, string>;

export const TRASH_MESSAGES = {
  monthGone: 'Its month was deleted: restore the month first.',
  monthPurged: 'Its month was deleted for good, so it cannot be restored.',
  importMonthGone: 'A month it added to was deleted: restore that month first.',
  importMonthPurged: 'A month it added to was deleted for good, so it cannot be restored.',
  importedAgain: 'Its file was imported again since: undo that import first.',
  importMonthAgain:
    'One of its months is in the account again (the same period, or name): delete that month or undo its import first.',
} as const;

/** When an item deleted at `deletedAt` is purged: TRASH_DAYS later. */
export function purgeAt(deletedAt: string): string {
  return new Date(Date.parse(deletedAt) + TRASH_DAYS * 86_400_000).toISOString();
}

/**
 * Most items one bin holds. A delete never waits for room: past this, or past TRASH_MAX_BYTES,
 * the oldest items in the bin are purged for good to make it (the newest always stays).
 */
export const TRASH_MAX_ITEMS = 1000;
/** Most bytes of kept rows one bin holds: a month at every quota with long notes fits many times. */
export const TRASH_MAX_BYTES = 32 * 1024 * 1024;
