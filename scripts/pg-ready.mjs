// Exits 0 when the PostgreSQL server at the given URL answers, 1 otherwise (within 10 s).
import pg from 'pg';

const url = process.argv[2];
const deadline = Date.now() + 10_000;
while (Date.now() < deadline) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    await client.end();
    process.exit(0);
  } catch {
    await client.end().catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
process.exit(1);
