// Dumps every table, so a test can assert that a request changed nothing in the database.
import { sql } from 'kysely';
import type { TestApp } from './test-app.js';

const tableCache = new WeakMap<TestApp, Promise<string[]>>();

/** Every table of the app's schema (found by introspection, so tables added later count too). */
function tableNames(testApp: TestApp): Promise<string[]> {
  let names = tableCache.get(testApp);
  if (!names) {
    names = introspect(testApp);
    tableCache.set(testApp, names);
  }
  return names;
}

async function introspect(testApp: TestApp): Promise<string[]> {
  const { db, dialect } = testApp.database;
  if (dialect === 'sqlite') {
    const tables = await db.introspection.getTables();
    return tables.map((table) => table.name).sort();
  }
  // Each PostgreSQL test app has its own schema, and other test files create and drop theirs
  // meanwhile. Kysely's introspection reads every schema and then each one's columns, so a schema
  // dropped between the two fails it: list only this app's tables, in one query.
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
      and table_name not like 'kysely_migration%'`.execute(db);
  return rows.map((row) => row.name).sort();
}

export async function snapshot(testApp: TestApp): Promise<Record<string, string[]>> {
  const tables = await tableNames(testApp);
  if (testApp.database.dialect === 'postgres') {
    // One round trip for every table: the bad-input test takes a snapshot after each request.
    const parts = tables.map(
      (table) =>
        sql`${table}::text, (select coalesce(json_agg(t), '[]') from ${sql.table(table)} t)`,
    );
    const { rows } = await sql<{
      state: Record<string, Array<Record<string, unknown>>>;
    }>`select json_build_object(${sql.join(parts)}) as state`.execute(testApp.database.db);
    const state = rows[0]?.state ?? {};
    return Object.fromEntries(
      tables.map((table) => [table, (state[table] ?? []).map((row) => JSON.stringify(row)).sort()]),
    );
  }
  // SQLite answers in-process: a query per table costs next to nothing.
  const dumps = await Promise.all(
    tables.map(async (table) => {
      const { rows } = await sql<
        Record<string, unknown>
      >`select * from ${sql.table(table)}`.execute(testApp.database.db);
      // Sorted serialised rows: the comparison ignores the order the database returns them in.
      return [table, rows.map((row) => JSON.stringify(row)).sort()] as const;
    }),
  );
  return Object.fromEntries(dumps);
}
