// `npm run bench`: our API against a bare node:http server answering the same bytes, with autocannon.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { seed } from './seed.js';
import { type CannedAnswer, startBareServer, startOurServer } from './servers.js';

const CONNECTIONS = 16;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const WARMUP_SECONDS = 1;
/** Ours and bare take turns, so a change in the machine's load hits both alike. */
const ROUNDS = 2;

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  read: boolean;
}

interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

async function measure(
  url: string,
  scenario: Scenario,
  headers: Record<string, string>,
  duration: number,
): Promise<Measurement> {
  const result = await autocannon({
    url: `${url}${scenario.path}`,
    method: scenario.method,
    headers,
    body: scenario.body,
    connections: CONNECTIONS,
    duration,
  });
  return {
    rps: result.requests.average,
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

/** Our exact answer for the scenario, so the bare server can send the same bytes. */
async function capture(url: string, scenario: Scenario, headers: Record<string, string>) {
  const response = await fetch(`${url}${scenario.path}`, {
    method: scenario.method,
    headers,
    body: scenario.body,
  });
  if (!response.ok) {
    throw new Error(`${scenario.name}: our server answered ${response.status}`);
  }
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? 'application/json',
    body: Buffer.from(await response.arrayBuffer()),
  } satisfies CannedAnswer;
}

function table(
  rows: Array<{ scenario: Scenario; ours: Measurement; bare: Measurement; bytes: number }>,
) {
  const lines = [
    '| request | bytes | ours req/s | ours p50 ms | ours p99 ms | bare req/s | bare p50 ms | bare p99 ms | ours/bare |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const { scenario, ours, bare, bytes } of rows) {
    const ratio = ours.rps / bare.rps;
    lines.push(
      `| ${scenario.name} | ${bytes} | ${Math.round(ours.rps)} | ${ours.p50} | ${ours.p99} | ` +
        `${Math.round(bare.rps)} | ${bare.p50} | ${bare.p99} | ${ratio.toFixed(2)} |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const startLoad = loadavg()
    .map((load) => load.toFixed(1))
    .join(' / ');
  console.log('Starting our server on SQLite (BILLING=off, RATE_LIMIT=off, LOG_LEVEL=silent)…');
  const ours = await startOurServer();
  try {
    console.log('Seeding a month: 31 entries × 5 habits, a measure, 3 goals…');
    const { access, monthId } = await seed(ours.url);
    const scenarios: Scenario[] = [
      {
        name: `GET /api/journals/?month=`,
        method: 'GET',
        path: `/api/journals/?month=${monthId}`,
        read: true,
      },
      {
        name: `GET /api/dailyhabits/?month=`,
        method: 'GET',
        path: `/api/dailyhabits/?month=${monthId}`,
        read: true,
      },
      { name: 'GET /api/months/', method: 'GET', path: '/api/months/', read: true },
      {
        name: 'POST /api/journals/',
        method: 'POST',
        path: '/api/journals/',
        body: JSON.stringify({ highlight: 'A new day', month_id: monthId }),
        read: false,
      },
    ];
    const rows = [];
    for (const scenario of scenarios) {
      const headers: Record<string, string> = { authorization: `Bearer ${access}` };
      if (scenario.body) headers['content-type'] = 'application/json';
      const answer = await capture(ours.url, scenario, headers);
      const bare = await startBareServer(answer);
      try {
        await measure(ours.url, scenario, headers, WARMUP_SECONDS);
        const oursRounds: Measurement[] = [];
        const bareRounds: Measurement[] = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          oursRounds.push(await measure(ours.url, scenario, headers, DURATION_SECONDS / ROUNDS));
          bareRounds.push(await measure(bare.url, scenario, headers, DURATION_SECONDS / ROUNDS));
        }
        const oursResult = combine(oursRounds);
        const bareResult = combine(bareRounds);
        if (oursResult.failures > 0) {
          console.warn(`${scenario.name}: ${oursResult.failures} failed requests on our server`);
        }
        rows.push({ scenario, ours: oursResult, bare: bareResult, bytes: answer.body.length });
        console.log(
          `${scenario.name}: ours ${Math.round(oursResult.rps)} req/s, bare ${Math.round(bareResult.rps)} req/s`,
        );
      } finally {
        await bare.stop();
      }
    }

    const cpu = cpus();
    const report = [
      '# Benchmark results',
      '',
      `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: Node ${process.version}, ` +
        `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}; SQLite; autocannon, ` +
        `${CONNECTIONS} connections, ${DURATION_SECONDS} s per measurement in ${ROUNDS} alternating rounds, loopback. ` +
        'The bare server is `node:http` answering the same bytes our server sent for that request, ' +
        'in the same process as autocannon. ' +
        `Load average before the run: ${startLoad}; the machine may be shared, so compare ratios, not absolutes.`,
      '',
      table(rows),
      '',
      `Goal: reads at least 0.5 of the bare server. Reads here: ${rows
        .filter((row) => row.scenario.read)
        .map((row) => (row.ours.rps / row.bare.rps).toFixed(2))
        .join(', ')}.`,
      '',
    ].join('\n');
    writeFileSync(new URL('./RESULTS.md', import.meta.url), report);
    console.log(`\n${table(rows)}\n\nWritten to bench/RESULTS.md`);
  } finally {
    await ours.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
