// PostgreSQL stopped under load: quick 503s with a JSON detail, recovery without a server restart, nothing lost.
// The database stopped is a server of the test's own, never the machine's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppProcess, freePort, launchApp } from '../support/app-process.js';
import { Ledger } from '../support/ledger.js';
import { createAccounts, type LoadStats, send, summary } from '../support/load-client.js';
import { startLoad } from '../support/load-run.js';
import { canRunOwnPostgres, type OwnPostgres, startOwnPostgres } from '../support/own-postgres.js';
import { gate } from '../support/pg-cluster.js';
import { readRows } from '../support/read-database.js';

/** "Within a few seconds": the bound on every answer while the database is away. */
const ANSWER_BOUND_MS = 5000;
/** How many requests the outage lasts for, each half: before the health check, and after it. */
const OUTAGE_ANSWERS = 40;
const CLIENTS_PER_ACCOUNT = [2, 2, 2, 2, 2, 8, 8, 8, 8, 8];

const possible = await canRunOwnPostgres();
const runnable = gate(
  'A PostgreSQL server of its own (initdb)',
  possible === true,
  String(possible),
);

interface Timed {
  sentAt: number;
  ms: number;
  status: number | 'no answer';
}

describe.skipIf(!runnable)('PostgreSQL outage', () => {
  it('answers 503 with a detail within seconds, then recovers by itself with nothing lost', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'monthbook-outage-'));
    let database: OwnPostgres | null = null;
    let app: AppProcess | null = null;
    try {
      database = await startOwnPostgres();
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
      /** Waits for the load to reach `condition` (checked as each answer comes), or fails. */
      const reached = async (condition: () => boolean, what: string) => {
        if (!(await load.until(condition, 30_000)))
          throw new Error(`timed out after 30000 ms waiting for ${what}`);
      };
      const acknowledgedAtLeast = (count: number) => {
        const target = stats.acknowledged + count;
        return reached(() => stats.acknowledged >= target, `${count} acknowledged writes`);
      };

      /** Waits until `count` more requests sent from `since` on have been answered. */
      const answeredSince = (since: number, count: number) =>
        reached(
          () => timed.filter((t) => t.sentAt >= since).length >= count,
          `${count} answers during the outage`,
        );

      await acknowledgedAtLeast(50);
      const stopAt = Date.now();
      await database.stop();
      const downAt = Date.now();
      await answeredSince(downAt, OUTAGE_ANSWERS);
      const health = await send(url, 'GET', '/api/health');
      await answeredSince(Date.now(), OUTAGE_ANSWERS);
      const acknowledgedBeforeRestart = stats.acknowledged;
      const startAt = Date.now();
      await database.start();
      const upAt = Date.now();
      // Nothing marks the app's reconnect to the database: health is asked until it says 200.
      await vi.waitFor(
        async () => {
          const answer = await send(url, 'GET', '/api/health');
          expect(answer.kind === 'answer' && answer.status, 'health after the restart').toBe(200);
        },
        { timeout: 30_000, interval: 50 },
      );
      const healthyAt = Date.now();
      await acknowledgedAtLeast(50);
      const recoveredAt = Date.now();
      await load.stop();
      const seconds = (performance.now() - started) / 1000;
      await app.stop();
      app = null;

      // Sent and answered while the database was down: a request still waiting for a connection when
      // it came back may well succeed.
      const outage = timed.filter((t) => t.sentAt >= downAt && t.sentAt + t.ms < startAt);
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
      await app?.kill();
      await database?.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0);
}
