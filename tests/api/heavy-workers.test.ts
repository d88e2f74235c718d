// How an import's body reaches the worker thread: moved, never copied on the event loop when it owns its memory.
import { mkdtempSync, rmSync } from 'node:fs';
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
