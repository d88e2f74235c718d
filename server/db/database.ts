// Opens the configured database (embedded SQLite or pooled PostgreSQL) behind one Kysely instance.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { DB } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

/** Runs one prepared read with its parameters, in the order the compiled query had them. */
export type PreparedRead<Row> = (parameters: readonly unknown[]) => Promise<Row[]>;

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /**
   * `query` as a statement prepared once, for a read run on (nearly) every request: no query
   * builder or connection hand-off per call. On SQLite a better-sqlite3 statement, run at once
   * unless a transaction holds the connection (then after it, through Kysely, like any query);
   * on PostgreSQL a named statement, parsed and planned once per pooled connection. `name`
   * identifies the statement and must name one query only.
   */
  prepareRead<Row>(name: string, query: CompiledQuery<Row>): PreparedRead<Row>;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// DATE columns come back as 'YYYY-MM-DD' strings, as SQLite returns them, not as local-time Dates.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
// COUNT(*) and other bigints fit in a double for our sizes.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * Kysely prepares every query afresh; the app runs the same few dozen SQL strings over and over,
 * so keeping their prepared statements saves a parse per query. Safe because better-sqlite3 runs
 * each statement to completion synchronously (Kysely's streaming, the one exception, is unused).
 */
function withStatementCache(sqlite: SqliteDatabase.Database, max = 500) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(query: string) {
      let statement = statements.get(query);
      if (!statement) {
        if (statements.size >= max) statements.clear();
        statement = sqlite.prepare(query);
        statements.set(query, statement);
      }
      return statement;
    },
  };
}

/** The database file and its WAL companions, which SQLite creates with the database file's mode. */
const SQLITE_FILES = ['', '-wal', '-shm'];

/**
 * Only this server's user may read the database: SQLite would create it 0644 (less the umask),
 * and its -wal and -shm files copy that mode. The file is made 0600 before SQLite opens it, and
 * files left 0644 by an older version are tightened.
 */
function restrictSqliteFiles(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  closeSync(openSync(path, 'a', 0o600));
  for (const suffix of SQLITE_FILES) {
    if (existsSync(`${path}${suffix}`)) chmodSync(`${path}${suffix}`, 0o600);
  }
}

function openSqlite(path: string): Database {
  restrictSqliteFiles(path);
  const sqlite = new SqliteDatabase(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
  });
  return {
    db,
    dialect: 'sqlite',
    prepareRead<Row>(_name: string, query: CompiledQuery<Row>): PreparedRead<Row> {
      const statement = sqlite.prepare(query.sql);
      return async (parameters) => {
        // Inside an open transaction the connection would show its uncommitted writes; Kysely's
        // queue runs the read after that transaction, as it would any other query.
        if (sqlite.inTransaction) {
          return (await db.executeQuery(CompiledQuery.raw(query.sql, [...parameters])))
            .rows as Row[];
        }
        return statement.all(...parameters) as Row[];
      };
    },
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

function openPostgres(
  url: string,
  poolSize: number,
  onPoolError: (error: Error) => void,
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Fail fast while the database is down so clients get a 503 instead of a hang.
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    query_timeout: 15_000,
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', onPoolError);
  // Nor may a checked-out one (between two queries of a transaction when PostgreSQL stops): the
  // pool listens only to idle clients, and an 'error' event nobody listens to kills the process.
  // The client's next query then fails (a 503) and the pool discards it on release.
  pool.on('connect', (client) => client.on('error', onPoolError));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    prepareRead<Row>(name: string, query: CompiledQuery<Row>): PreparedRead<Row> {
      const text = query.sql;
      return async (parameters) =>
        (await pool.query<Row & pg.QueryResultRow>({ name, text, values: [...parameters] })).rows;
    },
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

export function openDatabase(
  config: DatabaseConfig,
  onPoolError: (error: Error) => void = () => {},
): Database {
  return config.kind === 'sqlite'
    ? openSqlite(config.path)
    : openPostgres(config.url, config.poolSize, onPoolError);
}
