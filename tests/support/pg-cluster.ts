// PostgreSQL and Redis for the reliability tests: reachability gates and throw-away databases.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';

export const PG_ADMIN_URL =
  process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether a test that needs `service` can run. Without it, CI (CI=true) fails with `reason`;
 * elsewhere the test is skipped, with a warning saying why (never a silent pass).
 */
export function gate(service: string, available: boolean, reason: string): boolean {
  if (available) return true;
  const message = `${service} unavailable: ${reason}`;
  if (process.env.CI === 'true') throw new Error(`${message} (CI requires it)`);
  console.warn(`SKIPPED: ${message}`);
  return false;
}

export async function postgresReachable(url = PG_ADMIN_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function redisReachable(url = REDIS_URL): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Deletes every Redis key under `prefix` (a test's unique one). */
export async function clearRedisPrefix(prefix: string, url = REDIS_URL): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** A fresh, empty database on the admin URL's server, as scripts/pg-admin.mjs makes them. */
export async function createScratchDatabase(label: string): Promise<ScratchDatabase> {
  const name = `monthbook_rel_${label}_${randomBytes(4).toString('hex')}`;
  await admin((client) => client.query(`create database ${name}`));
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      await admin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** Runs `query` on one short-lived connection to `url`. */
export async function queryOnce<Row extends pg.QueryResultRow>(
  url: string,
  query: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query<Row>(query, values)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}
