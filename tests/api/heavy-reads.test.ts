// The heavy reads' bounds: one at a time per user, a fixed number of threads for the server, a cap on what one user may queue.
import { HttpError } from '../../server/http-error.js';
import { HEAVY_READS_PER_USER, HeavyReads } from '../../server/services/heavy-reads.js';
import type { HeavyRead } from '../../server/services/heavy-workers.js';

/** A stand-in for the worker threads: each read waits until the test answers it. */
function fakeThreads() {
  const started: { job: HeavyRead; answer: (value: unknown) => void }[] = [];
  const run = (job: HeavyRead) =>
    new Promise<unknown>((resolve) => {
      started.push({ job, answer: resolve });
    });
  return { started, run };
}

/** Lets every promise already settled run its continuations. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

const year = (userId: number, value = 2026): HeavyRead => ({ kind: 'year', userId, year: value });

describe('HeavyReads', () => {
  it("runs one user's reads one after another, while another user's run beside them", async () => {
    const threads = fakeThreads();
    const reads = new HeavyReads(threads.run, 2);

    const first = reads.read(year(1, 2025));
    const second = reads.read(year(1, 2026));
    const other = reads.read(year(2));
    await settle();
    expect(threads.started.map(({ job }) => job)).toEqual([year(1, 2025), year(2)]);

    threads.started[0]!.answer('2025');
    await expect(first).resolves.toBe('2025');
    await settle();
    expect(threads.started.map(({ job }) => job)).toEqual([year(1, 2025), year(2), year(1, 2026)]);
    threads.started[1]!.answer('other');
    threads.started[2]!.answer('2026');
    await expect(other).resolves.toBe('other');
    await expect(second).resolves.toBe('2026');
    expect(reads.users).toBe(0);
  });

  it('runs no more reads at once than it has threads; the next user waits for a free one', async () => {
    const threads = fakeThreads();
    const reads = new HeavyReads(threads.run, 1);

    const first = reads.read(year(1));
    const second = reads.read(year(2));
    await settle();
    expect(threads.started).toHaveLength(1);

    threads.started[0]!.answer(null);
    await first;
    await settle();
    expect(threads.started.map(({ job }) => job.userId)).toEqual([1, 2]);
    threads.started[1]!.answer(null);
    await second;
  });

  it(`refuses a user's read past ${HEAVY_READS_PER_USER} waiting or running (429), not another user's`, async () => {
    const threads = fakeThreads();
    const reads = new HeavyReads(threads.run, 2);
    const held = Array.from({ length: HEAVY_READS_PER_USER }, (_, index) =>
      reads.read(year(1, 2000 + index)),
    );

    const refused = await reads.read(year(1)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(429);
    const other = reads.read(year(2));
    await settle();
    expect(threads.started.map(({ job }) => job.userId)).toEqual([1, 2]);

    // Answered one by one, each of the user's reads starts as the one before it ends.
    for (let index = 0; index < HEAVY_READS_PER_USER; index += 1) {
      await settle();
      threads.started
        .find(({ job }) => job.userId === 1 && job.kind === 'year' && job.year === 2000 + index)!
        .answer(index);
    }
    threads.started[1]!.answer('other');
    await expect(Promise.all(held)).resolves.toEqual([...Array(HEAVY_READS_PER_USER).keys()]);
    await expect(other).resolves.toBe('other');
  });

  it('lets the next read of a user run after one of theirs failed', async () => {
    const reads = new HeavyReads(async (job) => {
      if (job.kind === 'year' && job.year === 1999) throw new Error('database away');
      return 'ok';
    }, 1);
    await expect(reads.read(year(1, 1999))).rejects.toThrow('database away');
    await expect(reads.read(year(1))).resolves.toBe('ok');
    expect(reads.users).toBe(0);
  });
});
