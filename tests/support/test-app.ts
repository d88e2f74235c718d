// Builds an isolated app for a test file: a temp SQLite file, or a fresh schema on TEST_DATABASE_URL.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app.js';
import { type Config, loadConfig } from '../../server/config.js';
import { type Database, openDatabase } from '../../server/db/database.js';
import { migrate } from '../../server/db/migrate.js';

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A fixed VAPID pair for tests (VAPID keys are required with PostgreSQL, like JWT_SECRET). */
export const TEST_VAPID_ENV = {
  VAPID_PUBLIC_KEY:
    'BG40xWlBfY1MMssLx7OrjKrElkTPeYrdFr9d-quADOCmwFkWPb42EH4z57YdlqoTagKHvm5mV463Q7k1Z8kynqM',
  VAPID_PRIVATE_KEY: 'lIOOx0HuflEJY0Xj_FQ5Be4zH7RvANCuWRjHNDOdTuU',
} as const;

/**
 * Kysely's migrator lists the tables of every schema in the database (`has_schema_privilege` on
 * each), which fails if another test process drops its schema in the middle of that scan. So
 * migrations hold this advisory lock shared, and a schema is dropped under it exclusively.
 */
const SCHEMA_DROP_LOCK = 51_719;

async function adminClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  return client;
}

async function postgresSchema(): Promise<{
  url: string;
  /** Runs `migrate` while no test process can drop a schema. */
  migrating(migrate: () => Promise<void>): Promise<void>;
  drop(): Promise<void>;
}> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = await adminClient();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    async migrating(migrate) {
      const client = await adminClient();
      try {
        await client.query('select pg_advisory_lock_shared($1)', [SCHEMA_DROP_LOCK]);
        await migrate();
      } finally {
        await client.end();
      }
    },
    drop: () => dropPostgresSchema(schema),
  };
}

/** Drops a schema of TEST_DATABASE_URL (and all in it) while no test process is migrating. */
export async function dropPostgresSchema(schema: string): Promise<void> {
  const client = await adminClient();
  try {
    await client.query('select pg_advisory_lock($1)', [SCHEMA_DROP_LOCK]);
    await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
}

/**
 * Settings for tests: silent, no rate limit, billing off, cheap password hashing, no reminder
 * scheduler (tests/api/reminder-scheduler.test.ts turns it on), no overload guard (a busy test
 * machine would trip it and answer 503 at random; tests/api/under-pressure.test.ts turns it on).
 */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'monthbook-test-'));
  const pgSchema = usingPostgres ? await postgresSchema() : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    RATE_LIMIT: 'off',
    BILLING: 'off',
    LOG_LEVEL: 'silent',
    WEB_DIR: '',
    REMINDERS: 'off',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    MAX_HEAP_USED_MB: '0',
    ...TEST_VAPID_ENV,
    ...(pgSchema ? { DATABASE_URL: pgSchema.url } : {}),
    ...env,
  });
  config.argon2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
  const database = openDatabase(config.database);
  if (pgSchema) await pgSchema.migrating(() => migrate(database));
  else await migrate(database);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await pgSchema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another app server on `first`'s database (same SQLite file, or same PostgreSQL schema), as when
 * several servers share one database. Closing it leaves the database to `first`.
 */
export async function buildSiblingApp(first: TestApp): Promise<TestApp> {
  const database = openDatabase(first.config.database);
  const app = await buildApp({ config: first.config, database, logger: false });
  await app.ready();
  return { app, config: first.config, database, close: () => app.close() };
}

export interface TestUser {
  id: number;
  username: string;
  access: string;
  headers: { authorization: string };
}

let userCounter = 0;

/** Inserts a user directly (no password login) and signs an access token for it. */
export async function createUser(testApp: TestApp, username?: string): Promise<TestUser> {
  userCounter += 1;
  const name = username ?? `user${process.pid}x${userCounter}`;
  const row = await testApp.database.db
    .insertInto('users')
    .values({
      username: name,
      username_key: name.toLowerCase(),
      password_hash: 'not-a-login',
      date_joined: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const access = testApp.app.tokens.issueAccess(row.id);
  return { id: row.id, username: name, access, headers: { authorization: `Bearer ${access}` } };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The setup most API test files share, registered where it is called (file or describe): an app
 * built once (beforeAll, closed in afterAll) and a fresh user before each test. `t` and `user` are
 * the same objects throughout, refilled by those hooks, so helpers at module level can close over
 * them; they are empty until the hooks have run. `api` injects a request as `as` (the fresh user
 * by default), with `payload` sent whenever it is not undefined.
 */
/**
 * One request as `user`, signed in with its bearer token as the browser sends it; `options.headers`
 * add to (or override) that header.
 */
export function injectAs(
  testApp: TestApp,
  user: { headers: Record<string, string> },
  options: InjectOptions,
) {
  return testApp.app.inject({ ...options, headers: { ...user.headers, ...options.headers } });
}

export function setUpTestApp(env: Record<string, string> = {}) {
  const t = {} as TestApp;
  const user = {} as TestUser;
  beforeAll(async () => {
    Object.assign(t, await buildTestApp(env));
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    Object.assign(user, await createUser(t));
  });
  const api = (method: Method, url: string, payload?: unknown, as: TestUser = user) =>
    injectAs(t, as, {
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { t, user, api };
}

/**
 * The token with one character of its signature changed. Not the last characters: the last one of
 * a base64url signature carries padding bits, so rewriting the end can leave the signature valid
 * (about once in a thousand tokens).
 */
export function tamperSignature(token: string): string {
  const at = token.length - 10;
  const replacement = token[at] === 'A' ? 'B' : 'A';
  return `${token.slice(0, at)}${replacement}${token.slice(at + 1)}`;
}
