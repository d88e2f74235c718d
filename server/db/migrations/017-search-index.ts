// An index made for substring search over the journals' folded text: SQLite FTS5 (trigram), PostgreSQL pg_trgm.
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Search matches words as parts of words ("riv" finds "river"), so a word index would not do: a
 * trigram index finds the entries holding every three-letter piece of a word, and only those are
 * then read. Before it, each word was a LIKE over every entry of the user, notes included.
 *
 * SQLite: an FTS5 table with the trigram tokenizer over `highlight_search`, rowid = the journal's
 * id. Contentless (the text stays in `journals` only) with `contentless_delete`, so a trigger
 * removes a row by its id alone; `detail=none` stores which entries hold a trigram but not where,
 * a fraction of the size, since the search reads the entries it finds again to confirm each word.
 * Triggers keep it in step with every insert, update and delete, whoever writes (the repository,
 * an import, a restore from the bin, a cascade).
 *
 * PostgreSQL: a GIN index with pg_trgm's operator class, which LIKE '%word%' uses; PostgreSQL keeps
 * it in step itself. pg_trgm ships with PostgreSQL but is an extension: when it cannot be created
 * (not installed, or no right to), there is no index and search still works, scanning the rows.
 *
 * Both: a partial index of the rows still waiting for their folded copy (''), so the fold before
 * each search finds them without reading every entry of the user.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`
      create virtual table journal_search using fts5(
        text, tokenize = 'trigram case_sensitive 1', detail = none,
        content = '', contentless_delete = 1
      )`.execute(db);
    await sql`insert into journal_search (rowid, text) select id, highlight_search from journals`.execute(
      db,
    );
  }
  await createSearchIndexes(db, dialect);
}

/**
 * What reads or indexes `journals.highlight_search` besides the FTS5 table: the partial index,
 * and SQLite's triggers or PostgreSQL's trigram index. Apart, so that whoever must drop the
 * column (SQLite refuses while a trigger or an index reads it) can put them back.
 */
export async function createSearchIndexes(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`
    create index journals_unfolded_idx on journals (author_id) where highlight_search = ''
  `.execute(db);
  if (dialect === 'postgres') await createTrigramIndex(db);
  else await createSearchIndexTriggers(db);
}

/** Drops what createSearchIndexes made (PostgreSQL drops its indexes with the column anyway). */
export async function dropSearchIndexes(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`drop index if exists journals_unfolded_idx`.execute(db);
  await sql`drop index if exists journals_search_trgm_idx`.execute(db);
  if (dialect === 'sqlite') {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger if exists ${sql.raw(`journals_search_${event}`)}`.execute(db);
    }
  }
}

/** The triggers that copy `journals.highlight_search` into the FTS5 table (SQLite). */
async function createSearchIndexTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`
    create trigger journals_search_insert after insert on journals for each row
    begin
      insert into journal_search (rowid, text) values (NEW.id, NEW.highlight_search);
    end`.execute(db);
  await sql`
    create trigger journals_search_update after update of id, highlight_search on journals
    for each row when NEW.highlight_search is not OLD.highlight_search or NEW.id <> OLD.id
    begin
      delete from journal_search where rowid = OLD.id;
      insert into journal_search (rowid, text) values (NEW.id, NEW.highlight_search);
    end`.execute(db);
  await sql`
    create trigger journals_search_delete after delete on journals for each row
    begin
      delete from journal_search where rowid = OLD.id;
    end`.execute(db);
}

/**
 * pg_trgm's GIN index, with the extension made if it is missing. The extension belongs to the
 * whole database but lives in one schema: `public` when it can, so a deployment (or a test) that
 * keeps several schemas in one database and drops one does not take the extension, and every
 * other schema's index, with it. Its operator class is named with its schema, which need not be
 * on the search path. Each attempt runs in a savepoint: a failed statement would otherwise abort
 * the migration's transaction. An advisory lock keeps two servers migrating at once from both
 * trying to create it.
 */
async function createTrigramIndex(db: Kysely<unknown>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('monthbook: create extension pg_trgm'))`.execute(
    db,
  );
  let schema = await trigramSchema(db);
  for (const target of ['public', null]) {
    if (schema !== undefined) break;
    await sql`savepoint create_pg_trgm`.execute(db);
    try {
      await (target === null
        ? sql`create extension if not exists pg_trgm`
        : sql`create extension if not exists pg_trgm schema ${sql.id(target)}`
      ).execute(db);
      await sql`release savepoint create_pg_trgm`.execute(db);
    } catch {
      await sql`rollback to savepoint create_pg_trgm`.execute(db);
    }
    schema = await trigramSchema(db);
  }
  if (schema === undefined) return;
  await sql`
    create index journals_search_trgm_idx on journals
    using gin (highlight_search ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
}

async function trigramSchema(db: Kysely<unknown>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}
