// How an import's body reaches the worker thread (moved, never copied on the event loop when it owns its memory), and how long a thread waits for the next job.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeavyWorkers } from '../../server/services/heavy-workers.js';

let dir = '';
let workers: HeavyWorkers;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'monthbook-workers-'));
  workers = new HeavyWorkers({ database: { kind: 'sqlite', path: join(dir, 'db.sqlite3') } }, 1);
});

afterAll(async () => {
  await workers.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A body the worker refuses at once (it is no file it knows): only the hand-over matters here. */
const importOf = (body: Buffer) => workers.run({ kind: 'import', userId: 1, body });

describe('an import body handed to a worker', () => {
  it('moves a large body that owns its memory without copying it (the caller’s view is emptied)', async () => {
    const body = Buffer.from('x'.repeat(1024 * 1024));
    expect(body.byteOffset === 0 && body.byteLength === body.buffer.byteLength).toBe(true);
    await importOf(body).catch(() => undefined);
    expect(body.byteLength).toBe(0);
  });

  it('copies a small body from Node’s shared pool first, leaving the pool intact', async () => {
    const body = Buffer.from('not a file');
    expect(body.byteLength).toBeLessThan(body.buffer.byteLength);
    await importOf(body).catch(() => undefined);
    expect(body.toString()).toBe('not a file');
  });
});

/** The nice value of each of this process's threads (Linux: field 19 of /proc/self/task/<id>/stat). */
function threadNiceness(): number[] {
  return readdirSync('/proc/self/task').map((id) => {
    const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
    // The thread's name, in parentheses, may hold spaces: count fields after it.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

describe('a worker thread’s priority', () => {
  it('runs below the requests’ threads (nice 10 on Linux), the rest of the process unchanged', async () => {
    expect(process.platform).toBe('linux');
    await importOf(Buffer.from('not a file')).catch(() => undefined);
    const niceness = threadNiceness();
    expect(niceness).toContain(10);
    expect(niceness.filter((nice) => nice === 10)).toHaveLength(workers.threads);
    expect(niceness.filter((nice) => nice === 0).length).toBeGreaterThan(0);
  });
});

describe('a thread waiting for a job', () => {
  it('ends after its idle time, and a later job starts another', async () => {
    const quick = new HeavyWorkers(
      { database: { kind: 'sqlite', path: join(dir, 'idle.sqlite3') } },
      1,
      50,
    );
    try {
      const refuse = () =>
        quick.run({ kind: 'import', userId: 1, body: Buffer.from('not a file') });
      await refuse().catch(() => undefined);
      expect(quick.threads).toBe(1);
      await vi.waitFor(() => expect(quick.threads).toBe(0), { timeout: 5_000 });
      await refuse().catch(() => undefined);
      expect(quick.threads).toBe(1);
    } finally {
      await quick.close();
    }
  });

  it('is kept while jobs follow each other within the idle time', async () => {
    await importOf(Buffer.from('not a file')).catch(() => undefined);
    await importOf(Buffer.from('not a file')).catch(() => undefined);
    expect(workers.threads).toBe(1);
  });
});
