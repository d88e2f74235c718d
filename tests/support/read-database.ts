// Reads a stopped (or running) server's database from outside it: SQLite read-only, or PostgreSQL by URL.
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type DatabaseRows, LEDGER_QUERIES } from './ledger.js';
import { queryOnce } from './pg-cluster.js';

export type DatabaseTarget =
  | { kind: 'sqlite'; dataDir: string }
  | { kind: 'postgres'; url: string };

export const sqlitePath = (dataDir: string) => join(dataDir, 'monthbook.sqlite');

function withSqlite<T>(dataDir: string, work: (sqlite: SqliteDatabase.Database) => T): T {
  const sqlite = new SqliteDatabase(sqlitePath(dataDir), { readonly: true, fileMustExist: true });
  try {
    return work(sqlite);
  } finally {
    sqlite.close();
  }
}

/** `PRAGMA integrity_check` on a SQLite file: ['ok'] when it is sound. */
export function sqliteIntegrity(dataDir: string): string[] {
  return withSqlite(dataDir, (sqlite) =>
    sqlite
      .prepare('pragma integrity_check')
      .all()
      .map((row) => String(Object.values(row as Record<string, unknown>)[0])),
  );
}

export async function readRows(target: DatabaseTarget): Promise<DatabaseRows> {
  const entries = Object.entries(LEDGER_QUERIES) as Array<[keyof DatabaseRows, string]>;
  if (target.kind === 'sqlite') {
    return withSqlite(target.dataDir, (sqlite) => {
      const rows = {} as Record<keyof DatabaseRows, unknown[]>;
      for (const [table, query] of entries) rows[table] = sqlite.prepare(query).all();
      return rows as unknown as DatabaseRows;
    });
  }
  const rows = {} as Record<keyof DatabaseRows, unknown[]>;
  for (const [table, query] of entries) rows[table] = await queryOnce(target.url, query);
  return rows as unknown as DatabaseRows;
}

/** Runs one read-only query; `?` placeholders on SQLite become `$1…` on PostgreSQL. */
export async function selectRows<Row>(
  target: DatabaseTarget,
  query: string,
  values: unknown[] = [],
): Promise<Row[]> {
  if (target.kind === 'sqlite') {
    return withSqlite(target.dataDir, (sqlite) => sqlite.prepare(query).all(...values) as Row[]);
  }
  let index = 0;
  const numbered = query.replace(/\?/g, () => {
    index += 1;
    return `$${index}`;
  });
  return (await queryOnce(target.url, numbered, values)) as Row[];
}
