// The Recently deleted bin's wire shapes, as TypeBox schemas (the rules are in trash-rules.ts).
import { type Static, Type } from '@sinclair/typebox';
import { TRASH_KINDS } from './trash-rules.js';

export const TrashItemSchema = Type.Object(
  {
    kind: Type.Union(TRASH_KINDS.map((kind) => Type.Literal(kind))),
    /** The item's id, as it had before and has again once restored. */
    id: Type.Integer(),
    /**
     * A month's name, a goal's name or an entry's highlight; for an import, the app it came from
     * ("Day One", or "Monthbook" for a Monthbook export).
     */
    label: Type.String(),
    /** The month an entry or goal belongs to (null for a month or an import). */
    month: Type.Union([Type.Integer(), Type.Null()]),
    month_name: Type.Union([Type.String(), Type.Null()]),
    /** An entry's day, or the day of an import, `YYYY-MM-DD` (null for months and goals). */
    date: Type.Union([Type.String(), Type.Null()]),
    deleted_at: Type.String({ description: 'ISO 8601' }),
    /** When it is purged for good: `deleted_at` plus TRASH_DAYS. */
    purge_at: Type.String({ description: 'ISO 8601' }),
    /**
     * A month's card counts as it was deleted (absent for entries, goals, and months binned
     * before they were kept): a restore made offline shows them before the server answers.
     */
    counts: Type.Optional(
      Type.Object({
        journals: Type.Integer({ minimum: 0 }),
        goals: Type.Integer({ minimum: 0 }),
        goals_done: Type.Integer({ minimum: 0 }),
      }),
    ),
  },
  { $id: 'TrashItem' },
);
export type TrashItem = Static<typeof TrashItemSchema>;

export const TrashParamsSchema = Type.Object({
  kind: Type.Union(TRASH_KINDS.map((kind) => Type.Literal(kind))),
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});
export type TrashParams = Static<typeof TrashParamsSchema>;
