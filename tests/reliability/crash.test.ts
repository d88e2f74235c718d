// kill -9 the server under load five times and restart it on the same data: no acknowledged write is lost.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppProcess, freePort, launchApp } from '../support/app-process.js';
import { Ledger } from '../support/ledger.js';
import { createAccounts, summary } from '../support/load-client.js';
import { type LoadRun, startLoad } from '../support/load-run.js';
import {
  createScratchDatabase,
  gate,
  PG_ADMIN_URL,
  postgresReachable,
  type ScratchDatabase,
} from '../support/pg-cluster.js';
import { type DatabaseTarget, readRows, sqliteIntegrity } from '../support/read-database.js';

const KILLS = 5;
/** 5 users with 2 clients each and 5 with 8 each: 50 clients. */
const CLIENTS_PER_ACCOUNT = [2, 2, 2, 2, 2, 8, 8, 8, 8, 8];
/** Writes acknowledged since the last start before the next kill (or this long, at most). */
const WRITES_BETWEEN_KILLS = 40;
const MAX_MS_BETWEEN_KILLS = 15_000;

const postgres = gate(
  'PostgreSQL',
  await postgresReachable(),
  `nothing answers at ${PG_ADMIN_URL}`,
);

/**
 * Waits until `count` more writes were acknowledged (or MAX_MS_BETWEEN_KILLS passed), then a
 * random extra moment: the kill's timing is the test's input, so kills land mid-request.
 */
async function writesAcknowledged(load: LoadRun, count: number): Promise<void> {
  const target = load.stats.acknowledged + count;
  await load.until(() => load.stats.acknowledged >= target, MAX_MS_BETWEEN_KILLS);
  const killJitterMs = Math.random() * 300;
  await new Promise((resolve) => setTimeout(resolve, killJitterMs));
}

async function crashAndRestart(label: string, database: ScratchDatabase | null) {
  const dataDir = mkdtempSync(join(tmpdir(), 'monthbook-crash-'));
  const target: DatabaseTarget = database
    ? { kind: 'postgres', url: database.url }
    : { kind: 'sqlite', dataDir };
  const port = await freePort();
  const env = { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) };
  let app: AppProcess | null = await launchApp({ port, env });
  const ledger = new Ledger();
  const checks: string[] = [];

  /** With the server dead nothing changes the database: it must hold every acknowledged write. */
  const verifyDead = async (when: string) => {
    if (target.kind === 'sqlite') expect(sqliteIntegrity(dataDir), when).toEqual(['ok']);
    const verification = ledger.verify(await readRows(target));
    expect(verification.problems, when).toEqual([]);
    checks.push(
      `${when}: ${verification.confirmed} acknowledged rows present, ${verification.unknownPresent} of unknown outcome present`,
    );
  };

  try {
    const accounts = await createAccounts(app.url, ledger, CLIENTS_PER_ACCOUNT.length, 'crash');
    const started = performance.now();
    const load = startLoad(accounts, CLIENTS_PER_ACCOUNT, ledger, {
      url: app.url,
      // An upper bound only: the kills and restarts end the load, however slow the machine is.
      durationMs: 200_000,
      maxRequestsPerClient: 3000,
      tolerateLostRequests: true,
      tolerate503: false,
      timeoutMs: 30_000,
    });
    const acknowledgedPerRun: number[] = [];
    for (let kill = 1; kill <= KILLS; kill += 1) {
      const before = load.stats.acknowledged;
      await writesAcknowledged(load, WRITES_BETWEEN_KILLS);
      await app.kill();
      acknowledgedPerRun.push(load.stats.acknowledged - before);
      app = null;
      await verifyDead(`after kill ${kill}`);
      app = await launchApp({ port, env });
    }
    const before = load.stats.acknowledged;
    await writesAcknowledged(load, WRITES_BETWEEN_KILLS);
    const stats = await load.stop();
    acknowledgedPerRun.push(stats.acknowledged - before);
    const seconds = (performance.now() - started) / 1000;
    await app.stop();
    app = null;
    await verifyDead('after the final clean stop');

    console.info(
      `${summary(label, stats, seconds)}; acknowledged writes per server run: ${acknowledgedPerRun.join(', ')}\n${checks.join('\n')}`,
    );
    // Requests in flight at a kill have unknown outcomes; any other failure is a bug.
    expect(stats.failures).toEqual([]);
    expect(Object.keys(stats.statuses).filter((status) => Number(status) >= 300)).toEqual([]);
    for (const count of acknowledgedPerRun) expect(count).toBeGreaterThan(0);
    expect(stats.lost).toBeGreaterThan(0);
  } finally {
    await app?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

it(`keeps every acknowledged write through ${KILLS} kill -9 restarts on SQLite`, async () => {
  await crashAndRestart('SQLite crash', null);
}, 240_000);

describe.skipIf(!postgres)('on PostgreSQL', () => {
  it(`keeps every acknowledged write through ${KILLS} kill -9 restarts`, async () => {
    const database = await createScratchDatabase('crash');
    try {
      await crashAndRestart('PostgreSQL crash', database);
    } finally {
      await database.drop();
    }
  }, 240_000);
});
