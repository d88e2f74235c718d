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
  const tables = await db.introspection.getTables();
  if (dialect === 'sqlite') return tables.map((table) => table.name).sort();
  // Each PostgreSQL test app has its own schema; the others belong to other test files.
  const current = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = current.rows[0]?.schema;
  return tables
    .filter((table) => table.schema === schema)
    .map((table) => table.name)
    .sort();
}

export async function snapshot(testApp: TestApp): Promise<Record<string, string[]>> {
  const tables = await tableNames(testApp);
  // In parallel: on PostgreSQL each table is a round trip through the pool.
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
