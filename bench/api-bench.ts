// API throughput and latency with autocannon: our server against a bare node:http server sending the same bytes.
import autocannon from 'autocannon';
import { seed } from './seed.js';
import { type CannedAnswer, startBareServer, startOurServer } from './servers.js';

export const CONNECTION_COUNTS = [1, 16, 64] as const;
export const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 3);
/** Ours and bare take turns within each measurement, so a change in the machine's load hits both. */
export const ROUNDS = 2;
const WARMUP_SECONDS = 1;

export interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

export interface ApiRow {
  database: string;
  request: string;
  read: boolean;
  connections: number;
  bytes: number;
  ours: Measurement;
  /** The bare server sending our exact answer, headers included: the goal's yardstick. */
  bare: Measurement;
  /** The bare server sending our body with only its Content-Type. */
  bareBodyOnly: Measurement;
}

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  read: boolean;
}

async function measure(
  url: string,
  scenario: Scenario,
  headers: Record<string, string>,
  connections: number,
  duration: number,
): Promise<Measurement> {
  const result = await autocannon({
    url: `${url}${scenario.path}`,
    method: scenario.method,
    headers,
    body: scenario.body,
    connections,
    duration,
  });
  return {
    // The total over the elapsed time: per-second averages are coarse for runs of a second or two.
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** Mean throughput over the rounds; the worst of their latency percentiles. */
function combine(rounds: Measurement[]): Measurement {
  return {
    rps: rounds.reduce((sum, round) => sum + round.rps, 0) / rounds.length,
    p50: Math.max(...rounds.map((round) => round.p50)),
    p99: Math.max(...rounds.map((round) => round.p99)),
    failures: rounds.reduce((sum, round) => sum + round.failures, 0),
  };
}

/** Headers node:http writes for any server, the bare one included. */
const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'content-length']);

/** Our exact answer for the scenario, so the bare server can send the same bytes. */
async function capture(
  url: string,
  scenario: Scenario,
  headers: Record<string, string>,
): Promise<CannedAnswer> {
  const response = await fetch(`${url}${scenario.path}`, {
    method: scenario.method,
    headers,
    body: scenario.body,
  });
  if (!response.ok) throw new Error(`${scenario.name}: our server answered ${response.status}`);
  return {
    status: response.status,
    headers: [...response.headers].filter(([name]) => !WRITTEN_BY_NODE.has(name)),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

function scenarios(monthId: number): Scenario[] {
  return [
    {
      name: 'GET /api/journals/?month=',
      method: 'GET',
      path: `/api/journals/?month=${monthId}`,
      read: true,
    },
    {
      name: 'GET /api/dailyhabits/?month=',
      method: 'GET',
      path: `/api/dailyhabits/?month=${monthId}`,
      read: true,
    },
    { name: 'GET /api/months/', method: 'GET', path: '/api/months/', read: true },
    // Last: the reads above measure the seeded month before these writes grow it.
    {
      name: 'POST /api/journals/',
      method: 'POST',
      path: '/api/journals/',
      body: JSON.stringify({ highlight: 'A new day', month_id: monthId }),
      read: false,
    },
  ];
}

/**
 * Starts our server on one database, seeds a month of 31 entries, and measures every scenario at
 * each connection count, ours and bare back to back so both see the machine in the same state.
 */
export async function benchApi(database: string, databaseUrl?: string): Promise<ApiRow[]> {
  const ours = await startOurServer(databaseUrl);
  const rows: ApiRow[] = [];
  try {
    const { access, monthId } = await seed(ours.url);
    for (const scenario of scenarios(monthId)) {
      const headers: Record<string, string> = { authorization: `Bearer ${access}` };
      if (scenario.body) headers['content-type'] = 'application/json';
      const answer = await capture(ours.url, scenario, headers);
      const bare = await startBareServer(answer, 'same');
      // Each bare server is stopped even when the next one fails to start.
      try {
        const bareBodyOnly = await startBareServer(answer, 'body');
        try {
          for (const server of [ours, bare, bareBodyOnly]) {
            await measure(server.url, scenario, headers, 16, WARMUP_SECONDS);
          }
          for (const connections of CONNECTION_COUNTS) {
            const oursRounds: Measurement[] = [];
            const bareRounds: Measurement[] = [];
            const bodyOnlyRounds: Measurement[] = [];
            for (let round = 0; round < ROUNDS; round += 1) {
              const run = (url: string) =>
                measure(url, scenario, headers, connections, DURATION_SECONDS / ROUNDS);
              oursRounds.push(await run(ours.url));
              bareRounds.push(await run(bare.url));
              bodyOnlyRounds.push(await run(bareBodyOnly.url));
            }
            const oursResult = combine(oursRounds);
            const bareResult = combine(bareRounds);
            if (oursResult.failures > 0)
              console.warn(
                `${database} ${scenario.name} ×${connections}: ${oursResult.failures} failed`,
              );
            rows.push({
              database,
              request: scenario.name,
              read: scenario.read,
              connections,
              bytes: answer.body.length,
              ours: oursResult,
              bare: bareResult,
              bareBodyOnly: combine(bodyOnlyRounds),
            });
            console.log(
              `${database} ${scenario.name} ×${connections}: ours ${Math.round(oursResult.rps)} req/s, ` +
                `bare ${Math.round(bareResult.rps)} req/s (${(oursResult.rps / bareResult.rps).toFixed(2)})`,
            );
          }
        } finally {
          await bareBodyOnly.stop();
        }
      } finally {
        await bare.stop();
      }
    }
  } finally {
    await ours.stop();
  }
  return rows;
}
