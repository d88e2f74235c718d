// The heavy reads (a year view, a month at a glance) on worker threads, one at a time per user, so one account's loop of them cannot hold other users' requests up.
//
// Why not on the main thread: on SQLite a query runs synchronously, so a year view of twelve full
// months held the event loop, and every other user's request, for its whole length (1.7 s). On
// worker threads with a connection each (WAL lets them read beside the writer) the main thread
// stays free. Not at a lower OS priority: measured on a loaded machine, a niced thread helped no
// light request, and on PostgreSQL it read its results so slowly that statement_timeout ended
// its query (503).
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { HttpError } from '../http-error.js';
import { type HeavyRead, HeavyWorkers } from './heavy-workers.js';

/** One user's reads waiting or running at once; more are refused (429) until one ends. */
export const HEAVY_READS_PER_USER = 8;

export const HEAVY_READ_MESSAGES = {
  tooMany: `At most ${HEAVY_READS_PER_USER} year views and month stats of one account at a time. Try again when they have answered.`,
};

interface UserQueue {
  /** Reads of the user admitted and not yet answered. */
  held: number;
  /** Settles when the user's latest admitted read has ended: the next one starts after it. */
  tail: Promise<void>;
}

/**
 * Each user's reads run one after another (a loop of them occupies one thread at most); the
 * server runs `threads` at once, users' next reads waiting in arrival order for a free one.
 */
export class HeavyReads {
  #free: number;
  #waiting: Array<() => void> = [];
  readonly #users = new Map<number, UserQueue>();

  /** `run` computes one read (on a worker thread: `heavyReadsOf`); at most `threads` at once. */
  constructor(
    private readonly run: (job: HeavyRead) => Promise<unknown>,
    threads: number,
    private readonly onClose: () => Promise<void> = async () => {},
  ) {
    this.#free = threads;
  }

  /** Users with a read admitted (for tests: the queues are dropped as they empty). */
  get users(): number {
    return this.#users.size;
  }

  /** The read's value, computed on a worker thread; 429 past HEAVY_READS_PER_USER. */
  async read(job: HeavyRead): Promise<unknown> {
    let user = this.#users.get(job.userId);
    if (!user) {
      user = { held: 0, tail: Promise.resolve() };
      this.#users.set(job.userId, user);
    }
    if (user.held >= HEAVY_READS_PER_USER) {
      throw new HttpError(429, { detail: HEAVY_READ_MESSAGES.tooMany, code: 'too_many_reads' });
    }
    user.held += 1;
    const previous = user.tail;
    let ended!: () => void;
    user.tail = new Promise<void>((resolve) => {
      ended = resolve;
    });
    try {
      await previous;
      await this.#slot();
      try {
        return await this.run(job);
      } finally {
        this.#freeSlot();
      }
    } finally {
      ended();
      user.held -= 1;
      if (user.held === 0) this.#users.delete(job.userId);
    }
  }

  #slot(): Promise<void> {
    if (this.#free > 0) {
      this.#free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** A finished read's thread goes straight to the longest waiter, if any. */
  #freeSlot(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#free += 1;
  }

  close(): Promise<void> {
    return this.onClose();
  }
}

const shared = new WeakMap<Database, HeavyReads>();

/**
 * The app's one pool of read threads (the year and stats routes share it), made on first use
 * and closed with the app. HEAVY_JOBS threads, as for exports and imports.
 */
export function heavyReadsOf(app: FastifyInstance): HeavyReads {
  let reads = shared.get(app.database);
  if (!reads) {
    const workers = new HeavyWorkers({ database: app.config.database }, app.config.heavyJobs);
    const created = new HeavyReads(
      async (job) => (await workers.run(job)).value,
      app.config.heavyJobs,
      () => workers.close(),
    );
    reads = created;
    shared.set(app.database, created);
    app.addHook('onClose', async () => {
      if (shared.get(app.database) === created) shared.delete(app.database);
      await created.close();
    });
  }
  return reads;
}
