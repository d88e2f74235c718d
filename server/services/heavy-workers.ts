// Worker threads that run exports, CSV exports, imports and the heavy reads with their own database connection, off the event loop every other request needs.
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ExportFile, ImportNote, ImportSource } from '../../contract/export.js';
import type { DatabaseConfig } from '../config.js';
import { HttpError } from '../http-error.js';
import type { ImportedMonth, MonthLocale } from '../importers/to-months.js';

/**
 * A job for a worker. `export` and `csv` answer a stream of text chunks. `import` parses and
 * checks an import's body (a 5 MB file costs about 50 ms to parse and as much to check, each
 * longer than another user should wait) and answers the file, or the 400 naming its first bad
 * record; the import itself is written by the main thread (routes/export-import.ts says why). Its
 * body comes as bytes (a Monthbook export, a few MB) or as the path of the uploaded file (another
 * app's export, up to gigabytes, which the worker reads as a stream).
 * `year` and `stats` answer the year view and a month at a glance (heavy-reads.ts says why).
 */
export type HeavyJob =
  | { kind: 'export'; userId: number; exportedAt: string }
  | { kind: 'csv'; userId: number; monthId: number }
  | ({
      kind: 'import';
      userId: number;
      /** Names the months another app's history becomes ("January 2026", "Janeiro de 2026"). */
      locale?: MonthLocale;
      /** The user's levels for Daylio mood names its defaults do not cover. */
      moodLevels?: Record<string, number>;
    } & ({ body: Uint8Array } | { file: string }))
  | HeavyRead;

/** A read answered whole: the year view, or a month's stats (undefined: not the user's month). */
export type HeavyRead =
  | { kind: 'year'; userId: number; year: number }
  | { kind: 'stats'; userId: number; monthId: number };

/** Another app's file, read and turned into months (server/importers). */
export interface OtherAppImport {
  source: ImportSource;
  months: ImportedMonth[];
  notes: ImportNote[];
}

/** What `import` answers: the checked Monthbook file, another app's months, or the refusal. */
export type ImportReply =
  | { file: ExportFile }
  | { history: OtherAppImport }
  | { refusal: { status: 400; body: unknown } };
/** What a job answers: an import's, or a read's value. */
export type JobReply = ImportReply | { value: unknown };

/** An error as it crosses the thread boundary: enough to answer as the app's handler would. */
export interface WorkerError {
  name: string;
  message: string;
  code?: string;
  statusCode?: number;
  body?: unknown;
}

export type ToWorker =
  | { type: 'job'; jobId: number; job: HeavyJob }
  | { type: 'more'; jobId: number }
  | { type: 'cancel'; jobId: number };

export type FromWorker =
  | { type: 'chunk'; jobId: number; data: string }
  | { type: 'end'; jobId: number; reply?: JobReply; error?: WorkerError };

/** The data a worker starts with. */
export interface WorkerStart {
  database: DatabaseConfig;
}

/** The error the app's handler would have met on the main thread (HttpError, SyntaxError, a driver error with its code). */
function revive(error: WorkerError): Error {
  if (error.statusCode !== undefined && error.body !== undefined) {
    return new HttpError(
      error.statusCode,
      error.body as ConstructorParameters<typeof HttpError>[1],
    );
  }
  const revived =
    error.name === 'SyntaxError' ? new SyntaxError(error.message) : new Error(error.message);
  if (error.code !== undefined) Object.assign(revived, { code: error.code });
  return revived;
}

/**
 * The worker's script: the built .js next to the built server, or, when the server runs from
 * source (tests, `npm run dev`), the .ts file through tsx's loader.
 */
function startWorker(workerData: WorkerStart): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) {
    return new Worker(new URL('../workers/heavy-worker.js', here), { workerData });
  }
  const script = new URL('../workers/heavy-worker.ts', here).href;
  // The ESM build of tsx's API (require.resolve finds its CommonJS twin, which cannot register).
  const tsxApi = createRequire(here)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const tsx = pathToFileURL(tsxApi).href;
  const boot = `import(${JSON.stringify(tsx)}).then((m) => (m.tsImport ?? m.default.tsImport)(${JSON.stringify(script)}, ${JSON.stringify(here)}))`;
  return new Worker(boot, { eval: true, workerData });
}

interface Running {
  jobId: number;
  onChunk: (data: string) => void;
  onEnd: (reply: JobReply | undefined, error: Error | undefined) => void;
}

class Thread {
  readonly worker: Worker;
  running: Running | null = null;
  dead = false;
  /** While the thread waits for a job: ends it when it has waited too long. */
  idleTimer: NodeJS.Timeout | undefined;

  constructor(workerData: WorkerStart, onExit: (thread: Thread) => void) {
    this.worker = startWorker(workerData);
    this.worker.on('message', (message: FromWorker) => {
      const running = this.running;
      if (!running || message.jobId !== running.jobId) return;
      if (message.type === 'chunk') running.onChunk(message.data);
      else {
        this.running = null;
        running.onEnd(message.reply, message.error ? revive(message.error) : undefined);
      }
    });
    const fail = (error: Error) => {
      this.dead = true;
      const running = this.running;
      this.running = null;
      running?.onEnd(undefined, error);
      onExit(this);
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`heavy-job worker exited with code ${code}`)));
  }

  post(message: ToWorker, transfer?: ArrayBuffer[]): void {
    this.worker.postMessage(message, transfer);
  }
}

/**
 * How long a thread waits for its next job before it ends. A thread that ran an export or a year
 * view keeps the heap it grew (tens of MB each) while it waits; ended, that memory goes back to
 * the system. A job after a quiet spell pays a thread's start again (tens of milliseconds).
 */
export const IDLE_THREAD_MS = 10_000;

/**
 * Threads are started on first use and kept while jobs keep coming (starting one costs tens of
 * milliseconds, and its connection); at most `keep` stay idle, each for `idleMs`. The caller
 * bounds how many jobs run at once (heavy-jobs.ts), so this never starts more threads than that,
 * give or take one finishing.
 */
export class HeavyWorkers {
  #idle: Thread[] = [];
  #all = new Set<Thread>();
  #nextJob = 1;
  #closed = false;

  constructor(
    private readonly start: WorkerStart,
    private readonly keep: number,
    private readonly idleMs = IDLE_THREAD_MS,
  ) {}

  /** Threads started and not ended: running a job or waiting for one. */
  get threads(): number {
    return this.#all.size;
  }

  #take(): Thread {
    if (this.#closed) throw new Error('heavy-job workers are closed');
    let thread = this.#idle.pop();
    while (thread?.dead) thread = this.#idle.pop();
    if (thread) {
      clearTimeout(thread.idleTimer);
      return thread;
    }
    const created = new Thread(this.start, (gone) => {
      this.#all.delete(gone);
      this.#idle = this.#idle.filter((idle) => idle !== gone);
    });
    this.#all.add(created);
    return created;
  }

  #give(thread: Thread): void {
    if (thread.dead || this.#closed) return;
    if (this.#idle.length < this.keep) {
      this.#idle.push(thread);
      // unref: a waiting thread's timer never keeps the process alive.
      thread.idleTimer = setTimeout(() => this.#end(thread), this.idleMs).unref();
    } else this.#end(thread);
  }

  #end(thread: Thread): void {
    this.#idle = this.#idle.filter((idle) => idle !== thread);
    this.#all.delete(thread);
    void thread.worker.terminate();
  }

  /**
   * Parses and checks an import's body, or answers a read; throws the error the handler should
   * meet (a SyntaxError for bad JSON, the database's error).
   */
  run(job: HeavyJob & { kind: 'import' }): Promise<ImportReply>;
  run(job: HeavyRead): Promise<{ value: unknown }>;
  run(job: HeavyJob & { kind: 'import' | HeavyRead['kind'] }): Promise<JobReply> {
    const thread = this.#take();
    const jobId = this.#nextJob++;
    return new Promise<JobReply>((resolve, reject) => {
      thread.running = {
        jobId,
        onChunk: () => {},
        onEnd: (reply, error) => {
          this.#give(thread);
          if (error) reject(error);
          else if (reply) resolve(reply);
          else reject(new Error('heavy-job worker answered nothing'));
        },
      };
      if (job.kind !== 'import' || !('body' in job)) {
        thread.post({ type: 'job', jobId, job });
        return;
      }
      // Moved, never cloned. A body that owns its whole memory (Node gives every body past a few
      // KB a buffer of its own) moves as it is: copying a 16 MB file held the event loop 10 ms
      // (100 MB: about 60), where everyone's requests wait. A small one from Node's shared pool is
      // copied first, which costs nothing at that size. The caller's view of a moved body is
      // empty afterwards: the import route reads it only before.
      const memory = job.body.buffer;
      const owned =
        memory instanceof ArrayBuffer &&
        job.body.byteOffset === 0 &&
        job.body.byteLength === memory.byteLength;
      const body = owned ? new Uint8Array(memory) : new Uint8Array(job.body);
      thread.post({ type: 'job', jobId, job: { ...job, body } }, [body.buffer]);
    });
  }

  /**
   * Runs an export or a CSV: a stream of its text, ready once the first chunk is (so an error
   * before it, a missing month or the database away, is still an error answer, not a cut
   * download). The worker writes a chunk only when the stream wants one, so a slow client holds
   * one chunk in memory, not the file; a client going away cancels the job.
   */
  stream(job: HeavyJob & { kind: 'export' | 'csv' }): Promise<Readable> {
    const thread = this.#take();
    const jobId = this.#nextJob++;
    let owed = false;
    let ended = false;
    const more = () => {
      if (owed && !ended) {
        owed = false;
        thread.post({ type: 'more', jobId });
      }
    };
    const stream = new Readable({
      read: more,
      destroy: (error, callback) => {
        if (!ended) thread.post({ type: 'cancel', jobId });
        callback(error);
      },
    });
    return new Promise<Readable>((resolve, reject) => {
      let started = false;
      thread.running = {
        jobId,
        onChunk: (data) => {
          owed = true;
          if (stream.push(data)) more();
          if (!started) {
            started = true;
            resolve(stream);
          }
        },
        onEnd: (_reply, error) => {
          ended = true;
          this.#give(thread);
          if (!started) {
            started = true;
            if (error) reject(error);
            else {
              stream.push(null);
              resolve(stream);
            }
          } else if (error) stream.destroy(error);
          else stream.push(null);
        },
      };
      thread.post({ type: 'job', jobId, job });
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const threads = [...this.#all];
    for (const thread of threads) clearTimeout(thread.idleTimer);
    this.#all.clear();
    this.#idle = [];
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }
}
