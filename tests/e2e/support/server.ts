// Starts the built app (`node dist/api/server/main.js`) on a free loopback port with a fresh SQLite database.
import { type ChildProcess, spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The build to serve: `dist/`, or `E2E_DIST` — a private copy (`cp -r dist /tmp/mine`), so a
 * concurrent `npm run build` in the same checkout cannot swap the files mid-run.
 */
export const DIST_DIR = resolve(process.env.E2E_DIST ?? 'dist');

/** A copy outside the checkout needs the project's packages and its ES-module marker to run. */
function prepareDist(dist: string): void {
  const modules = join(dist, 'node_modules');
  if (!existsSync(modules)) symlinkSync(resolve('node_modules'), modules, 'dir');
  const manifest = join(dist, 'package.json');
  if (!existsSync(manifest)) writeFileSync(manifest, '{ "type": "module" }\n');
}

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server at ${url} did not become healthy within ${timeoutMs} ms`);
}

/**
 * The build's server entry and its web files, checked before anything starts: a missing build
 * says so instead of surfacing as a server that exited.
 */
export function builtApp(): { entry: string; webDir: string } {
  const entry = join(DIST_DIR, 'api/server/main.js');
  const webDir = join(DIST_DIR, 'web');
  if (!existsSync(entry) || !existsSync(join(webDir, 'index.html'))) {
    throw new Error(
      `No build found in ${DIST_DIR}: run \`npm run build\` before the browser tests.`,
    );
  }
  if (DIST_DIR !== resolve('dist')) prepareDist(DIST_DIR);
  return { entry, webDir };
}

/** The settings the browser tests run the app with: local test checkout, no rate limits, SQLite. */
export function appEnv(port: number, dataDir: string, webDir: string): Record<string, string> {
  const url = `http://127.0.0.1:${port}`;
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    BILLING: 'local',
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    WEB_DIR: webDir,
  };
}

/**
 * `env` is the server's environment, except `E2E_LOG_FILE`: a file its output goes to instead of
 * the runner's (for a test that reads what the server logged).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const { entry, webDir } = builtApp();
  const port = await freePort();
  const { E2E_LOG_FILE: logFile, ...serverEnv } = env;
  const dataDir = serverEnv.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'monthbook-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const output = logFile ? openSync(logFile, 'a') : 'inherit';
  const child = spawn(process.execPath, [entry], {
    env: { ...process.env, ...appEnv(port, dataDir, webDir), ...serverEnv },
    stdio: ['ignore', output, output],
  });
  if (typeof output === 'number') closeSync(output);
  let stopping = false;
  child.once('exit', (code, signal) => {
    // Otherwise a crash shows up only as refused connections in whichever test runs next.
    if (!stopping) console.error(`The app server at ${url} exited: code ${code}, signal ${signal}`);
  });
  await waitForHealth(url, child, 20_000);
  return {
    url,
    dataDir,
    process: child,
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!serverEnv.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
