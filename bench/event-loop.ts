// How long one export, CSV export and import of a ten-year account hold the event loop (perf_hooks), in process; `npx tsx bench/event-loop.ts`.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { seedHeavyRows } from '../tests/support/noisy-neighbour.js';
import { buildTestApp, createUser } from '../tests/support/test-app.js';

export interface LoopBlocking {
  operation: string;
  ms: number;
  /** Longest event-loop delay seen while it ran (monitorEventLoopDelay, 10 ms resolution). */
  maxDelayMs: number;
  status: number;
}

/** Each operation twice (the first warms the code and any worker thread); the second is kept. */
export async function measureLoopBlocking(): Promise<LoopBlocking[]> {
  const t = await buildTestApp({ LOG_LEVEL: 'silent' });
  try {
    const owner = await createUser(t);
    const monthIds = await seedHeavyRows(t.database.db, owner.id);
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    const results: LoopBlocking[] = [];
    let body = '';
    const run = async (
      operation: string,
      request: () => Promise<{ statusCode: number; body: string }>,
    ) => {
      let kept: LoopBlocking | null = null;
      for (let round = 0; round < 2; round += 1) {
        histogram.reset();
        histogram.enable();
        // The histogram's timer must be running before the work starts, or a block is missed.
        await new Promise((resolve) => setTimeout(resolve, 30));
        const started = performance.now();
        const response = await request();
        const ms = performance.now() - started;
        // The delay of a blocked stretch is recorded when the loop next turns: let it.
        await new Promise((resolve) => setTimeout(resolve, 30));
        histogram.disable();
        if (operation === 'GET /api/export/') body = response.body;
        kept = { operation, ms, maxDelayMs: histogram.max / 1e6, status: response.statusCode };
      }
      if (kept) results.push(kept);
    };
    await run('GET /api/export/', () =>
      t.app.inject({ method: 'GET', url: '/api/export/', headers: owner.headers }),
    );
    await run('GET /api/months/{id}/export.csv', () =>
      t.app.inject({
        method: 'GET',
        url: `/api/months/${monthIds[0]}/export.csv`,
        headers: owner.headers,
      }),
    );
    await run('POST /api/import/', async () =>
      t.app.inject({
        method: 'POST',
        url: '/api/import/',
        headers: { ...(await createUser(t)).headers, 'content-type': 'application/json' },
        payload: body,
      }),
    );
    return results;
  } finally {
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  measureLoopBlocking().then(
    (rows) => {
      for (const row of rows) {
        console.log(
          `${row.operation}: ${row.status} in ${Math.round(row.ms)} ms, event loop held up to ${Math.round(row.maxDelayMs)} ms`,
        );
      }
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
