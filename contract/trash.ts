// The Recently deleted bin: what a deleted month, journal entry or goal looks like while it can be restored.
import { type Static, Type } from '@sinclair/typebox';

/** Days a deleted item stays restorable; after that it is purged for good. */
export const TRASH_DAYS = 30;

export const TRASH_KINDS = ['month', 'journal', 'goal'] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

/** The collection each kind is restored through: `POST /api/{collection}/{id}/restore/`. */
export const TRASH_COLLECTIONS = {
  month: 'months',
  journal: 'journals',
  goal: 'goals',
} as const satisfies Record<TrashKind, string>;

export const TrashItemSchema = Type.Object(
  {
    kind: Type.Union(TRASH_KINDS.map((kind) => Type.Literal(kind))),
    /** The item's id, as it had before and has again once restored. */
    id: Type.Integer(),
    /** A month's name, a goal's name or an entry's highlight. */
    label: Type.String(),
    /** The month an entry or goal belongs to (null for a month). */
    month: Type.Union([Type.Integer(), Type.Null()]),
    month_name: Type.Union([Type.String(), Type.Null()]),
    /** An entry's day, `YYYY-MM-DD` (null for months and goals). */
    date: Type.Union([Type.String(), Type.Null()]),
    deleted_at: Type.String({ description: 'ISO 8601' }),
    /** When it is purged for good: `deleted_at` plus TRASH_DAYS. */
    purge_at: Type.String({ description: 'ISO 8601' }),
  },
  { $id: 'TrashItem' },
);
export type TrashItem = Static<typeof TrashItemSchema>;

export const TrashParamsSchema = Type.Object({
  kind: Type.Union(TRASH_KINDS.map((kind) => Type.Literal(kind))),
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});
export type TrashParams = Static<typeof TrashParamsSchema>;

export const TRASH_MESSAGES = {
  monthGone: 'Its month was deleted: restore the month first.',
  monthPurged: 'Its month was deleted for good, so it cannot be restored.',
} as const;

export function purgeAt(deletedAt: string): string {
  return new Date(Date.parse(deletedAt) + TRASH_DAYS * 86_400_000).toISOString();
}
