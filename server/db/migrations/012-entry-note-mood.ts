// An entry's Markdown note and mood, and a month's switch for asking the mood.
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * `note` is text with a '' default, so every existing entry (and every client that never sends
 * one) has none, and search needs no backfill: `highlight_search` folds the highlight and the
 * note together (repositories/journal-search.ts), and for a note of '' that is what it holds
 * already. `mood` is a nullable 1–5 integer and `mood_enabled` a 0/1 flag as every boolean of
 * the schema; the API checks the ranges, so no CHECK constraint (SQLite cannot add one to a
 * table). The 20,000-character limit is the API's too: `text` on both dialects.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('journals')
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('journals').addColumn('mood', 'integer').execute();
  await db.schema
    .alterTable('months')
    .addColumn('mood_enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}
