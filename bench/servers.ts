// The two servers the benchmark compares, each a child process: ours, and a bare node:http one.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { startServer } from '../tests/e2e/support/server.js';

function vapidEnv(): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const pair = webpush.generateVAPIDKeys();
  return { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey };
}

export interface Running {
  url: string;
  stop(): Promise<void>;
}

/**
 * Our server as `npm start` runs it (the build in dist/, see tests/e2e/support/server.ts), API
 * only, on a loopback port: on SQLite in a throw-away directory, or on the PostgreSQL database
 * `databaseUrl` (with a throw-away JWT secret, which PostgreSQL requires). Runs before 2026-11-25
 * ran it (and the bare server) from source through tsx, whose loader cost ours 10–15% of a cached
 * read's throughput.
 */
export function startOurServer(databaseUrl?: string): Promise<Running> {
  return startServer({
    BILLING: 'off',
    LOG_LEVEL: 'silent',
    WEB_DIR: '',
    ...(databaseUrl
      ? {
          DATABASE_URL: databaseUrl,
          JWT_SECRET: randomBytes(32).toString('base64'),
          // Required with PostgreSQL; the bench measures requests, so no reminder scheduler.
          ...vapidEnv(),
          REMINDERS: 'off',
        }
      : {}),
  });
}

export interface CannedAnswer {
  status: number;
  /** Every header our server sent but those node:http writes itself (Date, Connection, Keep-Alive, Content-Length). */
  headers: [string, string][];
  body: Buffer;
}

/**
 * What the bare server sends: `same` is our answer byte for byte (the security headers and request
 * id included, only the date differs); `body` is the same body with nothing but its Content-Type,
 * the yardstick before 2026-11-25, kept beside it to show what the headers cost.
 */
export type BareHeaders = 'same' | 'body';

/**
 * A bare node:http server (bench/bare-server.mjs) answering every request with one recorded
 * response, in a process of its own like ours: run inside the bench process it would share a
 * thread with autocannon, which flatters it at 1 connection (no second process to wake) and holds
 * it back at 16 and 64 (autocannon and the server take turns on one core).
 */
export async function startBareServer(answer: CannedAnswer, sends: BareHeaders): Promise<Running> {
  const dir = mkdtempSync(join(tmpdir(), 'monthbook-bare-'));
  const file = join(dir, 'answer.json');
  const headers =
    sends === 'same' ? answer.headers : answer.headers.filter(([name]) => name === 'content-type');
  writeFileSync(
    file,
    JSON.stringify({ status: answer.status, headers, body: answer.body.toString('base64') }),
  );
  const child = spawn(process.execPath, ['bench/bare-server.mjs', file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
    child.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
