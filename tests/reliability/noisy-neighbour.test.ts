// One account at its quotas exports, searches and imports back to back; 20 light users opening their journals page meanwhile get every answer, each a 200. How fast they get them is measured by the bench's noisy-neighbour section (npm run bench), not asserted here: a time limit in a test fails with the machine's load, not with the app.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppProcess, freePort, launchApp } from '../support/app-process.js';
import {
  createLightUsers,
  HEAVY,
  heavyLoad,
  lightLoad,
  type NoisyTarget,
  openTarget,
  percentile,
  seedHeavyAccount,
} from '../support/noisy-neighbour.js';
import {
  createScratchDatabase,
  gate,
  PG_ADMIN_URL,
  postgresReachable,
  type ScratchDatabase,
} from '../support/pg-cluster.js';

const SECONDS = Number(process.env.RELIABILITY_NOISY_SECONDS ?? 20);
if (!(SECONDS >= 1 && SECONDS <= 600)) {
  throw new Error(
    `RELIABILITY_NOISY_SECONDS must be a number of seconds from 1 to 600, got "${process.env.RELIABILITY_NOISY_SECONDS}"`,
  );
}
const LIGHT_USERS = 20;
/** Between two openings of a light user's page: a person reading it, not a tight loop. */
const PAUSE_MS = 200;

const postgres = gate(
  'PostgreSQL',
  await postgresReachable(),
  `nothing answers at ${PG_ADMIN_URL}`,
);

async function noisyNeighbour(label: string, database: ScratchDatabase | null) {
  const dataDir = mkdtempSync(join(tmpdir(), 'monthbook-noisy-'));
  const target: NoisyTarget = database
    ? { kind: 'postgres', url: database.url }
    : { kind: 'sqlite', dataDir };
  let app: AppProcess | null = null;
  const direct = () => openTarget(target);
  let seeding: ReturnType<typeof direct> | null = null;
  try {
    app = await launchApp({
      port: await freePort(),
      env: { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) },
    });
    seeding = direct();
    const heavy = await seedHeavyAccount(app.url, seeding);
    const light = await createLightUsers(app.url, seeding, LIGHT_USERS);
    await seeding.close();
    seeding = null;
    const first = await fetch(`${app.url}/api/export/`, {
      headers: { authorization: `Bearer ${heavy.access}` },
    });
    expect(first.status).toBe(200);
    const importBody = await first.text();

    const [heavyStats, lightStats] = await Promise.all([
      heavyLoad(app.url, heavy, importBody, SECONDS * 1000),
      lightLoad(app.url, light, SECONDS * 1000, PAUSE_MS),
    ]);

    const max = Math.max(...lightStats.latencies);
    console.info(
      `${label}: heavy account of ${HEAVY.months} months: ${JSON.stringify(heavyStats.outcomes)}; ` +
        `${LIGHT_USERS} light users: ${lightStats.pages} pages, ${lightStats.latencies.length} reads, ` +
        `p50 ${percentile(lightStats.latencies, 50).toFixed(1)} ms, p99 ${percentile(lightStats.latencies, 99).toFixed(1)} ms, ` +
        `max ${max.toFixed(1)} ms, statuses ${JSON.stringify(lightStats.statuses)}`,
    );
    expect(lightStats.lost, app.output()).toBe(0);
    expect(Object.keys(lightStats.statuses)).toEqual(['200']);
    // The heavy user really was busy: exports and imports went through, and nothing failed.
    expect(heavyStats.outcomes['GET /api/export/ 200']).toBeGreaterThan(0);
    expect(heavyStats.outcomes['POST /api/import/ 201']).toBeGreaterThan(0);
    expect(heavyStats.outcomes['GET /api/journals/?search= 200']).toBeGreaterThan(0);
    expect(heavyStats.lost).toBe(0);
    const failed = Object.keys(heavyStats.outcomes).filter((outcome) => / 5\d\d$/.test(outcome));
    expect(failed, app.output()).toEqual([]);
  } finally {
    await seeding?.close();
    await app?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const timeout = SECONDS * 1000 + 120_000;

it(
  'answers every read of 20 light users with a 200 while a ten-year account exports and imports, on SQLite',
  async () => {
    await noisyNeighbour('SQLite', null);
  },
  timeout,
);

describe.skipIf(!postgres)('on PostgreSQL', () => {
  it(
    'answers every read of 20 light users with a 200 while a ten-year account exports and imports',
    async () => {
      const database = await createScratchDatabase('noisy');
      try {
        await noisyNeighbour('PostgreSQL', database);
      } finally {
        await database.drop();
      }
    },
    timeout,
  );
});
