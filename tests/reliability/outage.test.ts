// PostgreSQL stopped under load: quick 503s with a JSON detail, recovery without a server restart, nothing lost.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppProcess, freePort, launchApp } from '../support/app-process.js';
import { Ledger } from '../support/ledger.js';
import { createAccounts, type LoadStats, send, summary } from '../support/load-client.js';
import { startLoad } from '../support/load-run.js';
import {
  type Cluster,
  createScratchDatabase,
  findCluster,
  gate,
  PG_ADMIN_URL,
  postgresReachable,
  type ScratchDatabase,
  startCluster,
  stopCluster,
} from '../support/pg-cluster.js';
import { readRows } from '../support/read-database.js';

/** "Within a few seconds": the bound on every answer while the database is away. */
const ANSWER_BOUND_MS = 5000;
const OUTAGE_MS = 4000;
const CLIENTS_PER_ACCOUNT = [2, 2, 2, 2, 2, 8, 8, 8, 8, 8];

const reachable = await postgresReachable();
const found = reachable ? await findCluster() : 'PostgreSQL is unreachable';
const cluster: Cluster | null = typeof found === 'string' ? null : found;
const runnable = gate(
  'PostgreSQL cluster control',
  reachable && cluster !== null,
  `${typeof found === 'string' ? found : ''} (${PG_ADMIN_URL})`,
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

interface Timed {
  sentAt: number;
  ms: number;
  status: number | 'no answer';
}

describe.skipIf(!runnable)('PostgreSQL outage', () => {
  const stopped = cluster as Cluster;

  // Whatever happens in the test, the rest of CI (and everyone else on this machine) needs it back.
  afterAll(async () => {
    if (!(await postgresReachable())) await startCluster(stopped);
  }, 90_000);

  it('answers 503 with a detail within seconds, then recovers by itself with nothing lost', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'monthbook-outage-'));
    let database: ScratchDatabase | null = null;
    let app: AppProcess | null = null;
    let clusterDown = false;
    try {
      database = await createScratchDatabase('outage');
      app = await launchApp({
        port: await freePort(),
        env: { DATA_DIR: dataDir, DATABASE_URL: database.url },
      });
      const url = app.url;
      const ledger = new Ledger();
      const accounts = await createAccounts(url, ledger, CLIENTS_PER_ACCOUNT.length, 'outage');
      const timed: Timed[] = [];
      const load = startLoad(accounts, CLIENTS_PER_ACCOUNT, ledger, {
        url,
        durationMs: 150_000,
        maxRequestsPerClient: 3000,
        // The server stays up: every request must be answered, if only with a 503.
        tolerateLostRequests: false,
        tolerate503: true,
        timeoutMs: 60_000,
        onRequest: (answer, _method, _path, sentAt) =>
          timed.push({
            sentAt,
            ms: answer.ms,
            status: answer.kind === 'answer' ? answer.status : 'no answer',
          }),
      });
      const stats: LoadStats = load.stats;
      const started = performance.now();
      const acknowledgedAtLeast = (count: number) => {
        const target = stats.acknowledged + count;
        return until(() => stats.acknowledged >= target, 30_000, `${count} acknowledged writes`);
      };

      await acknowledgedAtLeast(50);
      const stopAt = Date.now();
      clusterDown = true;
      await stopCluster(stopped);
      const downAt = Date.now();
      await sleep(OUTAGE_MS / 2);
      const health = await send(url, 'GET', '/api/health');
      await sleep(OUTAGE_MS / 2);
      const acknowledgedBeforeRestart = stats.acknowledged;
      const startAt = Date.now();
      await startCluster(stopped);
      clusterDown = false;
      const upAt = Date.now();
      await until(
        async () => {
          const answer = await send(url, 'GET', '/api/health');
          return answer.kind === 'answer' && answer.status === 200;
        },
        30_000,
        'health 200 after the restart',
      );
      const healthyAt = Date.now();
      await acknowledgedAtLeast(50);
      const recoveredAt = Date.now();
      await load.stop();
      const seconds = (performance.now() - started) / 1000;
      await app.stop();
      app = null;

      const outage = timed.filter((t) => t.sentAt >= downAt && t.sentAt < startAt);
      const unavailable = timed.filter((t) => t.status === 503);
      const slowest = Math.max(
        ...timed.filter((t) => t.sentAt >= stopAt && t.sentAt < upAt).map((t) => t.ms),
      );
      const verification = ledger.verify(await readRows({ kind: 'postgres', url: database.url }));
      console.info(
        [
          summary('PostgreSQL outage', stats, seconds),
          `stop took ${downAt - stopAt} ms; during the ${startAt - downAt} ms outage ${outage.length} requests,`,
          `${unavailable.length} answered 503 (median ${median(unavailable.map((t) => t.ms))} ms,`,
          `slowest answer from the stop to the restart ${Math.round(slowest)} ms);`,
          `health answered ${health.kind === 'answer' ? health.status : health.kind} in ${Math.round(health.ms)} ms;`,
          `start took ${upAt - startAt} ms, health 200 ${healthyAt - upAt} ms later, 50 more writes ${recoveredAt - healthyAt} ms after that;`,
          `database: ${verification.confirmed} acknowledged rows present, ${verification.unknownPresent} of unknown outcome present`,
        ].join(' '),
      );

      expect(stats.failures).toEqual([]);
      expect(health.kind === 'answer' && health.status).toBe(503);
      // The database is down, not the server under pressure (routes/health.ts).
      expect(health.kind === 'answer' && health.body).toEqual({
        detail: expect.any(String),
        pressure: null,
      });
      expect(outage.length).toBeGreaterThan(0);
      expect(outage.every((t) => t.status === 503)).toBe(true);
      expect(slowest).toBeLessThan(ANSWER_BOUND_MS);
      // Writes succeed again through the same server process.
      expect(stats.acknowledged).toBeGreaterThan(acknowledgedBeforeRestart);
      expect(verification.problems).toEqual([]);
    } finally {
      if (clusterDown) await startCluster(stopped);
      await app?.kill();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0);
}
