// A throw-away PostgreSQL database for the benchmark: created fresh, dropped afterwards; null when unreachable.
import pg from 'pg';

const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  url: string;
  version: string;
  drop(): Promise<void>;
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3_000 });
  // A server shutting down while we wait (another job's outage test) must not crash the bench.
  client.on('error', (error) => console.warn(`PostgreSQL admin connection: ${error.message}`));
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates `monthbook_bench_<pid>`; resolves null with the reason when PostgreSQL cannot be reached. */
export async function createBenchDatabase(): Promise<BenchDatabase | { unavailable: string }> {
  const name = `monthbook_bench_${process.pid}`;
  try {
    const version = await admin(async (client) => {
      await client.query(`drop database if exists ${name} with (force)`);
      await client.query(`create database ${name}`);
      const { rows } = await client.query<{ server_version: string }>('show server_version');
      return rows[0]?.server_version ?? 'unknown';
    });
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      version,
      drop: () =>
        admin((client) => client.query(`drop database if exists ${name} with (force)`)).then(
          () => undefined,
        ),
    };
  } catch (error) {
    return { unavailable: error instanceof Error ? error.message : String(error) };
  }
}
