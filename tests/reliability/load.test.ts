// 50 concurrent clients write journals for a bounded time; the database then holds exactly what was acknowledged.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppProcess, freePort, launchApp } from '../support/app-process.js';
import { Ledger } from '../support/ledger.js';
import { createAccounts, summary } from '../support/load-client.js';
import { startLoad } from '../support/load-run.js';
import {
  createScratchDatabase,
  gate,
  PG_ADMIN_URL,
  postgresReachable,
  type ScratchDatabase,
} from '../support/pg-cluster.js';
import { type DatabaseTarget, readRows } from '../support/read-database.js';

const SECONDS = Number(process.env.RELIABILITY_LOAD_SECONDS ?? 20);
if (!(SECONDS >= 1 && SECONDS <= 600)) {
  throw new Error(
    `RELIABILITY_LOAD_SECONDS must be a number of seconds from 1 to 600, got "${process.env.RELIABILITY_LOAD_SECONDS}"`,
  );
}
/** 20 users with one client each and 5 users with 6 clients each (same month, own journals): 50. */
const CLIENTS_PER_ACCOUNT = [...Array<number>(20).fill(1), ...Array<number>(5).fill(6)];

const postgres = gate(
  'PostgreSQL',
  await postgresReachable(),
  `nothing answers at ${PG_ADMIN_URL}`,
);

async function loadAndVerify(label: string, database: ScratchDatabase | null) {
  const dataDir = mkdtempSync(join(tmpdir(), 'monthbook-load-'));
  const target: DatabaseTarget = database
    ? { kind: 'postgres', url: database.url }
    : { kind: 'sqlite', dataDir };
  let app: AppProcess | null = null;
  try {
    app = await launchApp({
      port: await freePort(),
      env: { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) },
    });
    const ledger = new Ledger();
    const accounts = await createAccounts(app.url, ledger, CLIENTS_PER_ACCOUNT.length, 'load');
    const started = performance.now();
    const stats = await startLoad(accounts, CLIENTS_PER_ACCOUNT, ledger, {
      url: app.url,
      durationMs: SECONDS * 1000,
      maxRequestsPerClient: 4000,
      tolerateLostRequests: false,
      tolerate503: false,
      // A slow answer is no failure here (the shared disk's fsync can stall SQLite for seconds);
      // giving up on a request would leave its outcome unknown.
      timeoutMs: 60_000,
    }).done;
    const seconds = (performance.now() - started) / 1000;
    await app.stop();
    expect(await app.exited).toBe(0);

    const verification = ledger.verify(await readRows(target));
    console.info(
      `${summary(label, stats, seconds)}; database: ${verification.confirmed} acknowledged rows found`,
    );
    expect(stats.failures, app.output()).toEqual([]);
    expect(stats.lost + stats.refused).toBe(0);
    expect(Object.keys(stats.statuses).filter((status) => Number(status) >= 300)).toEqual([]);
    expect(verification.problems).toEqual([]);
    // Nothing went unanswered, so nothing may exist that was not acknowledged.
    expect(verification.unknownPresent).toBe(0);
    // A bound that shows the load happened, far below what a healthy server does.
    expect(stats.acknowledged).toBeGreaterThan(200);
  } finally {
    await app?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const timeout = SECONDS * 1000 + 90_000;

it(
  `holds every acknowledged write of 50 clients over ${SECONDS} s on SQLite`,
  async () => {
    await loadAndVerify('SQLite', null);
  },
  timeout,
);

describe.skipIf(!postgres)('on PostgreSQL', () => {
  it(
    `holds every acknowledged write of 50 clients over ${SECONDS} s`,
    async () => {
      const database = await createScratchDatabase('load');
      try {
        await loadAndVerify('PostgreSQL', database);
      } finally {
        await database.drop();
      }
    },
    timeout,
  );
});
