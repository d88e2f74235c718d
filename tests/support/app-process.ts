// Runs the server (server/main.ts, compiled once) as a real process on a chosen loopback port, ready once /api/health answers 200.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface AppProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far (warnings and errors only by default). */
  output(): string;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string | null>;
  /** SIGKILL: no shutdown code runs, as in a power cut or an OOM kill. */
  kill(): Promise<void>;
  /** SIGTERM, then waits for the graceful shutdown. */
  stop(): Promise<void>;
}

export const TEST_JWT_SECRET = 'reliability-secret-that-is-long-enough-for-hs256';

/** A port that was free a moment ago (the OS picks it); reused across restarts of one server. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const CACHE = join('node_modules', '.cache', 'monthbook-reliability');
const SOURCES = ['server', 'contract', 'tsconfig.server.json'];

function hashSources(): string {
  const hash = createHash('sha256');
  const visit = (path: string) => {
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name));
    } else {
      hash.update(path).update(readFileSync(path));
    }
  };
  for (const source of SOURCES) visit(source);
  return hash.digest('hex').slice(0, 16);
}

/** Builds of sources older than a day: nobody is testing them any more. */
function pruneOldBuilds() {
  if (!existsSync(CACHE)) return;
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const name of readdirSync(CACHE)) {
    const path = join(CACHE, name);
    if (statSync(path).mtimeMs < dayAgo) rmSync(path, { recursive: true, force: true });
  }
}

let compiled: Promise<string> | null = null;

/**
 * The server compiled to JavaScript (`tsc --noCheck`, as `npm run build:server` emits it, without
 * the type check), cached by a hash of its sources: starting it takes a second where `tsx`
 * needs several, and the crash test starts it a dozen times. Returns the path of main.js.
 */
export function compiledServer(): Promise<string> {
  compiled ??= (async () => {
    const dir = join(CACHE, hashSources());
    const main = join(dir, 'server', 'main.js');
    if (existsSync(main)) return main;
    pruneOldBuilds();
    const building = `${dir}.${process.pid}.tmp`;
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    await promisify(execFile)(process.execPath, [
      tsc,
      '-p',
      'tsconfig.server.json',
      '--noCheck',
      '--sourceMap',
      'false',
      '--outDir',
      building,
    ]);
    // Another run may have finished the same build meanwhile: either copy is good.
    if (existsSync(main)) rmSync(building, { recursive: true, force: true });
    else renameSync(building, dir);
    return main;
  })();
  return compiled;
}

/**
 * Between two health asks. Polling is the only signal there is: the server runs in another
 * process, with warn-level logs that print nothing when it starts listening.
 */
const HEALTH_POLL_MS = 100;

/** Polls GET /api/health until it answers 200; rejects after `timeoutMs` or once `gaveUp` settles. */
export async function waitForHealth(
  url: string,
  timeoutMs = 30_000,
  gaveUp?: Promise<unknown>,
): Promise<void> {
  let ended = false;
  void gaveUp?.then(() => {
    ended = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !ended) {
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
  throw new Error(
    ended ? 'server exited before it was healthy' : `not healthy after ${timeoutMs} ms`,
  );
}

/**
 * Starts the server with loopback-only test settings (rate limits and billing off, no web app,
 * warnings only; password hashing as in production). `env` overrides any of them; `DATA_DIR` is
 * required so that a restart finds the same SQLite file.
 */
export async function launchApp(options: {
  port: number;
  env: Record<string, string> & { DATA_DIR: string };
}): Promise<AppProcess> {
  const main = await compiledServer();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [main], {
    env: {
      ...inherited,
      HOST: '127.0.0.1',
      PORT: String(options.port),
      RATE_LIMIT: 'off',
      BILLING: 'off',
      WEB_DIR: '',
      LOG_LEVEL: 'warn',
      JWT_SECRET: TEST_JWT_SECRET,
      // VAPID keys are required with PostgreSQL; these servers' reminders stay off.
      VAPID_PUBLIC_KEY:
        'BG40xWlBfY1MMssLx7OrjKrElkTPeYrdFr9d-quADOCmwFkWPb42EH4z57YdlqoTagKHvm5mV463Q7k1Z8kynqM',
      VAPID_PRIVATE_KEY: 'lIOOx0HuflEJY0Xj_FQ5Be4zH7RvANCuWRjHNDOdTuU',
      REMINDERS: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    // Bounded: a server logging every refused request for a minute must not fill the test's memory.
    if (output.length < 200_000) output += chunk.toString('utf8');
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const url = `http://127.0.0.1:${options.port}`;
  try {
    await waitForHealth(url, 60_000, exited);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`server did not start (${(error as Error).message}):\n${output}`);
  }
  return {
    url,
    port: options.port,
    child,
    output: () => output,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
