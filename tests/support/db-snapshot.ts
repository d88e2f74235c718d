// Dumps every table, so a test can assert that a request changed nothing in the database.
import { sql } from 'kysely';
import type { TestApp } from './test-app.js';

/** Every table of the app's schema (found by introspection, so tables added later count too). */
async function tableNames(testApp: TestApp): Promise<string[]> {
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
  const result: Record<string, string[]> = {};
  for (const table of await tableNames(testApp)) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      testApp.database.db,
    );
    // Sorted serialised rows: the comparison ignores the order the database returns them in.
    result[table] = rows.rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}
