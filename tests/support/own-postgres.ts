// A throw-away PostgreSQL server of the test's own (initdb + pg_ctl in a temp folder, on a free loopback port), so an outage test can stop and start a database without touching the machine's.
import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './app-process.js';

const run = promisify(execFile);

/** Where Debian keeps the server binaries when they are not on PATH. */
const DEBIAN_BIN = '/usr/lib/postgresql/15/bin';

export interface OwnPostgres {
  /** postgres://… to its `postgres` database, as the superuser that made the cluster. */
  url: string;
  /** Fast shutdown: open sessions are terminated, as when a database server goes away. */
  stop(): Promise<void>;
  /** Starts it again and waits until it accepts connections. */
  start(): Promise<void>;
  /** Stops it (if running) and deletes its folder. */
  destroy(): Promise<void>;
}

async function binary(name: string): Promise<string> {
  try {
    await run('which', [name]);
    return name;
  } catch {
    return join(DEBIAN_BIN, name);
  }
}

/** Whether initdb can be run here: the binary exists (and, as root, the `postgres` user does). */
export async function canRunOwnPostgres(): Promise<boolean | string> {
  try {
    await run(await binary('initdb'), ['--version']);
  } catch {
    return 'initdb is not installed';
  }
  if (process.getuid?.() === 0) {
    try {
      await run('id', ['postgres']);
    } catch {
      return 'running as root without a postgres user to own the cluster';
    }
  }
  return true;
}

/**
 * initdb refuses to run as root: as root every server command runs as the `postgres` user, which
 * owns the folder; otherwise as the current user.
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'monthbook-pg-'));
  const dataDir = join(dir, 'data');
  const owner = asRoot ? 'postgres' : userInfo().username;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const [initdb, pgCtl] = await Promise.all([binary('initdb'), binary('pg_ctl')]);
  const as = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);

  await as(initdb, ['-D', dataDir, '-U', owner, '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = async () => {
    await as(pgCtl, ['-D', dataDir, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  };
  const stop = async () => {
    await as(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  let running = true;
  return {
    url: `postgres://${owner}@127.0.0.1:${port}/postgres`,
    async stop() {
      await stop();
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await stop().catch(() => {});
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
