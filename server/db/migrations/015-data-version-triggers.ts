// The user's data version (migration 003) moved by the database on every write of the user's rows, whoever writes them.
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { VERSIONED_TABLES } from './010-row-versions.js';

/**
 * Each of the user's tables carries `author_id`; an insert, a delete or an update that moves a
 * row's version (migration 010: every update but the journals' search bookkeeping) bumps that
 * author's data version in the write's own transaction. Cached answers rely on it
 * (routes/cached-read.ts): the data and the bump commit together, or neither does.
 *
 * The user row must still exist: when an account is deleted its rows cascade, and a bump would
 * insert a data version for a user who is gone (its own row cascades too).
 *
 * PostgreSQL bumps once per statement (transition tables), so an import of thousands of rows
 * updates the counter once per INSERT rather than once per row. SQLite has only row triggers; an
 * update bumps on the row-version trigger's own update (`NEW.version <> OLD.version`), so once.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`
      create function bump_data_versions() returns trigger language plpgsql as $$
      declare
        authors integer[];
      begin
        if tg_op = 'INSERT' then
          select array_agg(author_id) into authors from new_rows;
        elsif tg_op = 'DELETE' then
          select array_agg(author_id) into authors from old_rows;
        else
          select array_agg(author) into authors
          from new_rows n join old_rows o on o.id = n.id,
            lateral (values (n.author_id), (o.author_id)) as changed(author)
          where n.version <> o.version;
        end if;
        insert into data_versions (user_id, version)
          select id, 1 from users where id = any(authors)
          on conflict (user_id) do update set version = data_versions.version + 1;
        return null;
      end
      $$`.execute(db);
  }
  for (const table of VERSIONED_TABLES) await createDataVersionTriggers(db, dialect, table);
}

async function createDataVersionTriggers(
  db: Kysely<unknown>,
  dialect: Dialect,
  table: (typeof VERSIONED_TABLES)[number],
): Promise<void> {
  const target = sql.raw(table);
  const name = (event: string) => sql.raw(`${table}_data_version_${event}`);
  if (dialect === 'postgres') {
    const transitions = {
      insert: 'new table as new_rows',
      update: 'old table as old_rows new table as new_rows',
      delete: 'old table as old_rows',
    };
    for (const [event, referencing] of Object.entries(transitions)) {
      await sql`
        create trigger ${name(event)} after ${sql.raw(event)} on ${target}
        referencing ${sql.raw(referencing)}
        for each statement execute procedure bump_data_versions()`.execute(db);
    }
    return;
  }
  const bump = (author: string, when = 'true') =>
    sql.raw(`
    insert into data_versions (user_id, version)
      select ${author}, 1 where ${when} and exists (select 1 from users where id = ${author})
      on conflict (user_id) do update set version = version + 1;`);
  await sql`
    create trigger ${name('insert')} after insert on ${target} for each row
    begin ${bump('NEW.author_id')} end`.execute(db);
  await sql`
    create trigger ${name('update')} after update on ${target} for each row
    when NEW.version <> OLD.version
    begin
      ${bump('NEW.author_id')}
      ${bump('OLD.author_id', 'OLD.author_id <> NEW.author_id')}
    end`.execute(db);
  await sql`
    create trigger ${name('delete')} after delete on ${target} for each row
    begin ${bump('OLD.author_id')} end`.execute(db);
}
