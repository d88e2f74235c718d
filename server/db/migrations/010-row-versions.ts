// A version per editable row, moved by the database on every update, for If-Match and 412 (conflicts).
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

/** Every table whose rows the API edits or deletes one by one. */
export const VERSIONED_TABLES = [
  'months',
  'journals',
  'habits',
  'measures',
  'goals',
  'daily_habits',
  'daily_measures',
] as const;

/**
 * Filling an unfolded `highlight_search` ('' → the folded text, highlight unchanged) is search's
 * bookkeeping (repositories/journal-search.ts), not an edit: it must not make a client's version
 * stale. Every other update, whoever runs it (the API, an import, hand-written SQL), moves it.
 */
const JOURNAL_BOOKKEEPING =
  "OLD.highlight_search = '' AND NEW.highlight_search <> '' AND OLD.highlight = NEW.highlight";

/**
 * Existing rows start at 1, as new ones do. The bump is a trigger, not repository code, so no
 * write path can forget it. On PostgreSQL a BEFORE trigger sets the new row's version; SQLite's
 * triggers cannot change NEW, so an AFTER trigger updates the row again, guarded by
 * `NEW.version = OLD.version` so its own update (and any update that sets the version itself)
 * does not bump again. SQLite's RETURNING does not see a trigger's change: the repositories read
 * the row again after an update.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  for (const table of VERSIONED_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
  }
  if (dialect === 'postgres') {
    await sql`
      create function bump_row_version() returns trigger language plpgsql as $$
      begin
        new.version := old.version + 1;
        return new;
      end
      $$`.execute(db);
  }
  for (const table of VERSIONED_TABLES) await createVersionTrigger(db, dialect, table);
}

/** The trigger that moves `table`'s version (exported for tests that rebuild a column it reads). */
export async function createVersionTrigger(
  db: Kysely<unknown>,
  dialect: Dialect,
  table: (typeof VERSIONED_TABLES)[number],
): Promise<void> {
  const guard =
    table === 'journals'
      ? `NEW.version = OLD.version AND NOT (${JOURNAL_BOOKKEEPING})`
      : 'NEW.version = OLD.version';
  const name = sql.raw(`${table}_version_bump`);
  const target = sql.raw(table);
  if (dialect === 'postgres') {
    await sql`
      create trigger ${name} before update on ${target} for each row
      when (${sql.raw(guard)}) execute procedure bump_row_version()`.execute(db);
  } else {
    await sql`
      create trigger ${name} after update on ${target} for each row
      when ${sql.raw(guard)}
      begin
        update ${target} set version = version + 1 where id = NEW.id;
      end`.execute(db);
  }
}
