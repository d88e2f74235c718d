// A worker thread running exports, CSV exports, imports and heavy reads on a database connection of its own (services/heavy-workers.ts hands it jobs).
import { readlinkSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportFile,
  ExportFileSchema,
  type ExportFileV1,
  ExportFileV1Schema,
  isMonthbookExportHead,
} from '../../contract/export.js';
import {
  describeProblem,
  upgradeExport,
  validateExport,
} from '../../contract/export-validation.js';
import { openDatabase } from '../db/database.js';
import { HttpError } from '../http-error.js';
import { type History, UnreadableImport } from '../importers/history.js';
import { readOtherExport, readOtherExportFile } from '../importers/read-export.js';
import { historyToMonths } from '../importers/to-months.js';
import { MonthStatsRepository } from '../repositories/month-stats.js';
import { YearViewRepository } from '../repositories/year-view.js';
import { exportChunks } from '../services/export-import.js';
import type {
  FromWorker,
  HeavyJob,
  JobReply,
  ToWorker,
  WorkerError,
  WorkerStart,
} from '../services/heavy-workers.js';
import { monthCsvChunks } from '../services/month-csv.js';

const port = parentPort;
if (!port) throw new Error('heavy-worker runs as a worker thread');
const start = workerData as WorkerStart;
/** Nice 10: about a tenth of the CPU share of a thread at the default 0, when both want a core. */
const HEAVY_JOB_NICENESS = 10;
lowerPriority();
// One connection: this thread runs one job at a time, and only reads. On SQLite (WAL) its reads
// run beside the main thread's, each job on a snapshot of its own.
const database = openDatabase(
  start.database.kind === 'postgres' ? { ...start.database, poolSize: 1 } : start.database,
);
/** Compiled once per thread: checks a 5 MB file in about 50 ms. */
const exportFile = TypeCompiler.Compile(ExportFileSchema);
const exportFileV1 = TypeCompiler.Compile(ExportFileV1Schema);

class Cancelled extends Error {}

/** Resolves when the main thread wants the next chunk; rejects when the job is cancelled. */
let credit: { jobId: number; resolve: () => void; reject: (error: Error) => void } | null = null;
const cancelled = new Set<number>();

function send(message: FromWorker): void {
  port!.postMessage(message);
}

function asWorkerError(error: unknown): WorkerError {
  if (error instanceof HttpError) {
    return {
      name: error.name,
      message: error.message,
      statusCode: error.statusCode,
      body: error.body,
    };
  }
  const { name, message, code } = error as { name?: string; message?: string; code?: unknown };
  return {
    name: name ?? 'Error',
    message: message ?? String(error),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

async function stream(jobId: number, chunks: AsyncGenerator<string>): Promise<void> {
  for await (const data of chunks) {
    if (cancelled.has(jobId)) throw new Cancelled();
    send({ type: 'chunk', jobId, data });
    await new Promise<void>((resolve, reject) => {
      credit = { jobId, resolve, reject };
    });
  }
}

const refusal = (detail: string): JobReply => ({
  refusal: { status: 400, body: { detail, code: 'invalid_import', path: '' } },
});

type ImportJob = HeavyJob & { kind: 'import' };

/** Another app's export, recognised by its content; null when it is none (a Monthbook file). */
async function readOtherApp(job: ImportJob): Promise<JobReply | null> {
  const options = {
    locale: job.locale ?? 'en',
    ...(job.moodLevels ? { moodLevels: job.moodLevels } : {}),
  };
  try {
    let history: History | null;
    if ('file' in job) history = await readOtherExportFile(job.file, options);
    else {
      const { body } = job;
      const head = Buffer.from(body.buffer, body.byteOffset, Math.min(body.byteLength, 256));
      if (isMonthbookExportHead(head.toString('utf8'))) return null;
      history = readOtherExport(body, options);
    }
    if (!history) return null;
    const months = historyToMonths(history, job.locale ?? 'en');
    // The months must pass the checks a Monthbook file does: one path for every import.
    const problem = validateExport({
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exported_at: '',
      months: months.map((item) => item.month),
    });
    if (problem) return refusal(describeProblem(problem));
    return { history: { source: history.source, months, notes: history.notes } };
  } catch (error) {
    if (error instanceof UnreadableImport) return refusal(error.messageIn(job.locale ?? 'en'));
    throw error;
  }
}

async function checkImport(job: ImportJob): Promise<JobReply> {
  const other = await readOtherApp(job);
  if (other) return other;
  // A file here is JSON none of the apps wrote, at most TEXT_MAX_BYTES (readOtherExportFile
  // refused a larger one), read again for the Monthbook import's own parse and message.
  const text =
    'file' in job
      ? await readFile(job.file, 'utf8')
      : Buffer.from(job.body.buffer, job.body.byteOffset, job.body.byteLength).toString('utf8');
  // A SyntaxError here is answered as the app answers any JSON parse error.
  const file: unknown = JSON.parse(text);
  const problem = validateExport(file, (value, version) =>
    (version === 1 ? exportFileV1 : exportFile).Check(value),
  );
  if (problem) {
    return {
      refusal: {
        status: 400,
        body: { detail: describeProblem(problem), code: 'invalid_import', path: problem.path },
      },
    };
  }
  // A version 1 file is handed on as the current version: the import reads one shape.
  return { file: upgradeExport(file as ExportFile | ExportFileV1) };
}

async function run(jobId: number, job: HeavyJob): Promise<JobReply | undefined> {
  const snapshot = database.db.transaction().setIsolationLevel('repeatable read');
  switch (job.kind) {
    case 'export':
      await snapshot.execute((trx) =>
        stream(jobId, exportChunks(trx, job.userId, new Date(job.exportedAt))),
      );
      return undefined;
    case 'csv':
      await snapshot.execute((trx) => stream(jobId, monthCsvChunks(trx, job.userId, job.monthId)));
      return undefined;
    case 'import':
      return checkImport(job);
    case 'year':
      return { value: await new YearViewRepository(database.db, job.userId).forYear(job.year) };
    case 'stats':
      return {
        value: await new MonthStatsRepository(database.db, job.userId).forMonth(job.monthId),
      };
  }
}

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'job':
      cancelled.clear();
      run(message.jobId, message.job).then(
        (reply) => send({ type: 'end', jobId: message.jobId, ...(reply ? { reply } : {}) }),
        (error: unknown) =>
          send({ type: 'end', jobId: message.jobId, error: asWorkerError(error) }),
      );
      break;
    case 'more':
      if (credit?.jobId === message.jobId) {
        const { resolve } = credit;
        credit = null;
        resolve();
      }
      break;
    case 'cancel':
      cancelled.add(message.jobId);
      if (credit?.jobId === message.jobId) {
        const { reject } = credit;
        credit = null;
        reject(new Cancelled());
      }
      break;
  }
});

/**
 * Runs this thread at a lower scheduling priority than the main thread, so that a heavy job takes
 * only the CPU that requests leave: on two cores, an export or a year view otherwise competes as an
 * equal with every other user's requests. Linux gives each thread a nice value of its own, set
 * through its thread id; elsewhere (or if refused) the thread keeps the process's priority.
 */
function lowerPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, HEAVY_JOB_NICENESS);
  } catch {
    // Not Linux, or not allowed: the same priority as requests, as before.
  }
}
