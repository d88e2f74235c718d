// Opens the configured database (embedded SQLite or pooled PostgreSQL) behind one Kysely instance; SQLite with a driver of our own, because Kysely's SqliteDialect runs every query on one connection behind one mutex, so one request's transaction would hold up every other request's reads.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  createQueryId,
  type DatabaseConnection,
  type Driver,
  IdentifierNode,
  Kysely,
  type Dialect as KyselyDialect,
  PostgresDialect,
  type QueryCompiler,
  type QueryResult,
  RawNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { DB } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
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

/** Hands the write connection to one holder at a time, the others waiting in turn. */
class WriteLock {
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;

  async lock(): Promise<void> {
    while (this.#held) await this.#held;
    this.#held = new Promise((resolve) => {
      this.#release = resolve;
    });
  }

  unlock(): void {
    const release = this.#release;
    this.#held = undefined;
    this.#release = undefined;
    release?.();
  }
}

type StatementCache = ReturnType<typeof withStatementCache>;
type CompileQuery = QueryCompiler['compileQuery'];

/** `command "name"`, as Kysely's own SQLite driver builds its savepoint statements. */
const savepointCommand = (command: string, name: string) =>
  RawNode.createWithChildren([RawNode.createWithSql(`${command} `), IdentifierNode.create(name)]);

function runStatement(
  statement: SqliteDatabase.Statement,
  parameters: readonly unknown[],
): QueryResult<unknown> {
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return {
    numAffectedRows: BigInt(changes),
    insertId: BigInt(lastInsertRowid),
    rows: [],
  };
}

/**
 * Two connections to one SQLite file in WAL mode: `writer`, which runs every write and every
 * transaction, one holder at a time (WriteLock); and `reader` (query_only), which runs every
 * statement that cannot write and is not part of a transaction, at once, whatever the writer is
 * doing. In WAL mode a reader never waits for the writer, and each of its statements sees every
 * transaction committed before it started and nothing of one still open.
 *
 * One writer only: a second connection writing would make transactions fail at once
 * (SQLITE_BUSY_SNAPSHOT) rather than wait. A transaction's own reads go to the writer, since only
 * it sees the transaction's uncommitted writes.
 *
 * Reading your writes: a write outside a transaction commits before its promise settles, and a
 * transaction's work before commitTransaction's does, so a request's next read, on the reader,
 * sees it.
 */
class SqliteTwoConnectionDriver implements Driver {
  readonly #writer: SqliteDatabase.Database;
  readonly #reader: SqliteDatabase.Database;
  readonly #writes: StatementCache;
  readonly #reads: StatementCache;
  readonly #writeLock = new WriteLock();

  constructor(writer: SqliteDatabase.Database, reader: SqliteDatabase.Database) {
    this.#writer = writer;
    this.#reader = reader;
    this.#writes = withStatementCache(writer);
    this.#reads = withStatementCache(reader);
  }

  async init(): Promise<void> {}

  /** Returns at once: a connection takes the write lock only when it first needs the writer. */
  async acquireConnection(): Promise<DatabaseConnection> {
    return new SqliteSession(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: CompileQuery) {
    await connection.executeQuery(compile(savepointCommand('savepoint', name), createQueryId()));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: CompileQuery) {
    await connection.executeQuery(compile(savepointCommand('rollback to', name), createQueryId()));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: CompileQuery) {
    await connection.executeQuery(compile(savepointCommand('release', name), createQueryId()));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as SqliteSession).release();
  }

  async destroy(): Promise<void> {
    this.#reader.close();
    // Closed last, the writer checkpoints the WAL into the database file and removes it.
    this.#writer.close();
  }

  /** The reader's statement for `query` when it can run there: a read that cannot write. */
  readStatement(query: string): SqliteDatabase.Statement | undefined {
    let statement: SqliteDatabase.Statement;
    try {
      statement = this.#reads.prepare(query);
    } catch {
      // Left to the writer, which reports the error if there is one.
      return undefined;
    }
    // BEGIN, COMMIT and SAVEPOINT are "readonly" too, but are not readers.
    return statement.reader && statement.readonly ? statement : undefined;
  }

  writeStatement(query: string): SqliteDatabase.Statement {
    return this.#writes.prepare(query);
  }

  get writerInTransaction(): boolean {
    return this.#writer.inTransaction;
  }

  lockWriter(): Promise<void> {
    return this.#writeLock.lock();
  }

  unlockWriter(): void {
    this.#writeLock.unlock();
  }
}

/**
 * One acquisition of the driver's connection (one query, one transaction, or one
 * `db.connection()` scope). It holds the write lock from its first statement that needs the
 * writer until the writer is out of the transaction it began: after the statement for a plain
 * write, at COMMIT or ROLLBACK for a transaction.
 */
class SqliteSession implements DatabaseConnection {
  readonly #driver: SqliteTwoConnectionDriver;
  #holdsWriter = false;

  constructor(driver: SqliteTwoConnectionDriver) {
    this.#driver = driver;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.#holdsWriter) {
      const statement = this.#driver.readStatement(query.sql);
      if (statement) return { rows: statement.all(query.parameters) as R[] };
      await this.#driver.lockWriter();
      this.#holdsWriter = true;
    }
    try {
      return runStatement(
        this.#driver.writeStatement(query.sql),
        query.parameters,
      ) as QueryResult<R>;
    } finally {
      if (!this.#driver.writerInTransaction) this.release();
    }
  }

  /** On the writer under the lock, as Kysely's driver does: an open iterator keeps its connection busy. */
  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!this.#holdsWriter) {
      await this.#driver.lockWriter();
      this.#holdsWriter = true;
    }
    try {
      const statement = this.#driver.writeStatement(query.sql);
      if (!statement.reader) throw new Error('Only statements that return rows can be streamed');
      for (const row of statement.iterate(query.parameters)) yield { rows: [row as R] };
    } finally {
      if (!this.#driver.writerInTransaction) this.release();
    }
  }

  /**
   * Gives the write lock back. Kysely calls it when the acquisition ends; a transaction still
   * open then (its ROLLBACK failed) is rolled back, so the next holder does not run inside it.
   */
  release(): void {
    if (!this.#holdsWriter) return;
    this.#holdsWriter = false;
    try {
      if (this.#driver.writerInTransaction) this.#driver.writeStatement('rollback').run();
    } finally {
      this.#driver.unlockWriter();
    }
  }
}

function openSqlite(path: string): Database {
  restrictSqliteFiles(path);
  const writer = new SqliteDatabase(path);
  writer.pragma('journal_mode = WAL');
  writer.pragma('foreign_keys = ON');
  writer.pragma('synchronous = FULL');
  writer.pragma('busy_timeout = 5000');
  // Opened once the writer has put the file in WAL mode (the mode is kept in the file). It sees
  // the tables migrations create later: SQLite rereads the schema when it has changed.
  const reader = new SqliteDatabase(path);
  reader.pragma('query_only = ON');
  reader.pragma('busy_timeout = 5000');
  const driver = new SqliteTwoConnectionDriver(writer, reader);
  const dialect: KyselyDialect = {
    createDriver: () => driver,
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createAdapter: () => new SqliteAdapter(),
    createIntrospector: (db) => new SqliteIntrospector(db),
  };
  const db = new Kysely<DB>({ dialect });
  return {
    db,
    dialect: 'sqlite',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: async () => {
      // Kysely closes its driver only if it ever used it.
      await db.destroy();
      if (reader.open) reader.close();
      if (writer.open) writer.close();
    },
  };
}

function openPostgres(
  url: string,
  poolSize: number,
  onPoolError: (error: Error) => void,
  statementTimeoutMs = 0,
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Fail fast while the database is down so clients get a 503 instead of a hang.
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    query_timeout: 15_000,
    // query_timeout only stops waiting: the server would run the query on, holding a core and
    // the connection. statement_timeout (sent when each connection starts) makes it stop there.
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
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
    : openPostgres(config.url, config.poolSize, onPoolError, config.statementTimeoutMs);
}
