// Taking data out and bringing it back: the whole account as JSON, a month as CSV, and importing a JSON export.
//
// The export and the CSV run on worker threads (services/heavy-workers.ts) with a database
// connection of their own, streamed month by month or page by page: a ten-year account's 60 MB
// export once held the event loop for seconds and its whole text in memory. An import's body is
// parsed and checked on a worker too, but written here, on the main connection, in a
// transaction whose statements each let the event loop run (yieldingQueries): on SQLite a
// second connection writing would make the app's own write transactions fail at once with
// SQLITE_BUSY (those that read first) or wait synchronously, holding the event loop, for the
// import to commit; on the main connection they simply queue after it, as they queue after each
// other. At most one such job per user and HEAVY_JOBS per server (services/heavy-jobs.ts).
import { readFile } from 'node:fs/promises';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
} from 'fastify';
import { Redis } from 'ioredis';
import { DetailErrorSchema } from '../../contract/entities.js';
import {
  EXPORT_VERSIONS,
  ExportFileSchema,
  ExportFileV1Schema,
  exportFileName,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  IMPORT_MODES,
  ImportErrorSchema,
  type ImportMode,
  type ImportReport,
  ImportReportSchema,
  isMonthbookExportHead,
  monthCsvFileName,
  OTHER_APP_IMPORT_MAX_BYTES,
  OTHER_APP_IMPORT_MAX_GB,
} from '../../contract/export.js';
import { describeProblem, validateExport } from '../../contract/export-validation.js';
import { IdParamsSchema } from '../../contract/requests.js';
import { localeOfLanguages } from '../../contract/rules.js';
import { PRIVATE_MONTH, SEALED_MESSAGES } from '../../contract/sealed-rules.js';
import { cleanInput } from '../clean-input.js';
import { yieldingQueries } from '../db/yielding-queries.js';
import { HttpError } from '../http-error.js';
import { readMonthName } from '../repositories/account-data.js';
import { Conflict } from '../repositories/errors.js';
import { importHistory } from '../repositories/history-import.js';
import { importFile } from '../repositories/import.js';
import { monthIsPrivate } from '../repositories/sealed.js';
import { requestHasher } from '../request-hash.js';
import {
  type HeavyJobKind,
  HeavyJobs,
  heavyJobsByServer,
  IMPORTS_PER_HOUR,
  type ImportCounter,
  memoryImportCounter,
  redisImportCounter,
} from '../services/heavy-jobs.js';
import { HeavyWorkers } from '../services/heavy-workers.js';
import { receiveUpload, UploadedFile, UploadTooLargeForKind } from '../uploads.js';

const tags = ['export'];
/** Compiled once: checks a 5 MB file in about 50 ms, several times faster than walking it for errors. */
const exportFile = TypeCompiler.Compile(ExportFileSchema);
const exportFileV1 = TypeCompiler.Compile(ExportFileV1Schema);
const security = [{ bearer: [] }];
const unauthorized = { 401: DetailErrorSchema };
const refused = { 429: DetailErrorSchema, 503: DetailErrorSchema };

/** A file name in Content-Disposition: an ASCII fallback and the exact name (RFC 6266). */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const ImportQuerySchema = Type.Object({
  months: Type.Optional(
    Type.Union(
      IMPORT_MODES.map((mode) => Type.Literal(mode)),
      {
        description:
          '`all` (the default) adds every month of the file; `new` leaves out the months the ' +
          'account already has (the same name, ignoring case and spacing, and the same period) ' +
          'and names them in `skipped_months`: importing the same file again then adds nothing.',
      },
    ),
  ),
  dry_run: Type.Optional(
    Type.Union([Type.Literal('true'), Type.Literal('false')], {
      description:
        '`true`: answer 200 with the report of what the import would do, writing nothing.',
    }),
  ),
  lang: Type.Optional(
    Type.Union([Type.Literal('en'), Type.Literal('pt-BR')], {
      description:
        'The language another app\'s months are named in ("January 2026", "Janeiro de 2026") and ' +
        "a refused file's `detail` is written in; default: the Accept-Language header.",
    }),
  ),
  moods: Type.Optional(
    Type.String({
      description:
        'Daylio: a JSON object giving renamed moods their level, e.g. `{"super": 5}` ' +
        '(the report names unknown ones in its `unknown_moods` note).',
    }),
  ),
});

/** The route checks no schema (see its validatorCompiler), so its one query parameter is read here. */
function importModeOf(query: unknown): ImportMode | null {
  const months = (query as { months?: unknown } | null)?.months ?? 'all';
  return (IMPORT_MODES as readonly unknown[]).includes(months) ? (months as ImportMode) : null;
}

/** `?dry_run=true`, `?lang=pt-BR` and `?moods={"super": 5}`, read as the mode is; a string names what is wrong. */
function importOptionsOf(query: unknown, request: FastifyRequest) {
  const { dry_run = 'false', lang, moods } = (query ?? {}) as Record<string, unknown>;
  if (dry_run !== 'true' && dry_run !== 'false') return IMPORT_MESSAGES.dryRun;
  if (lang !== undefined && lang !== 'en' && lang !== 'pt-BR') return IMPORT_MESSAGES.lang;
  let moodLevels: Record<string, number> | undefined;
  if (moods !== undefined) {
    try {
      moodLevels = typeof moods === 'string' ? JSON.parse(moods) : undefined;
    } catch {
      return IMPORT_MESSAGES.moods;
    }
    const levels = moodLevels && typeof moodLevels === 'object' && !Array.isArray(moodLevels);
    if (
      !levels ||
      !Object.values(moodLevels as object).every(
        (level) => Number.isInteger(level) && level >= 1 && level <= 5,
      )
    )
      return IMPORT_MESSAGES.moods;
  }
  return {
    dryRun: dry_run === 'true',
    locale: (lang as 'en' | 'pt-BR' | undefined) ?? localeOfLanguages(request.languages()) ?? 'en',
    ...(moodLevels ? { moodLevels } : {}),
  };
}

/**
 * Only this route's scope: its 413 says what the limit is; anything else goes to the app's
 * handler. The rest of a body refused midway is left unread, so the connection is closed after
 * the answer rather than made to take in up to gigabytes more.
 */
function importErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return reply
      .code(413)
      .header('connection', 'close')
      .send({
        detail:
          error instanceof UploadTooLargeForKind
            ? IMPORT_MESSAGES.tooLarge
            : IMPORT_MESSAGES.tooLargeAny,
      });
  }
  throw error;
}

/** The content types an import comes as; each written to a file, recognised by content. */
const IMPORT_TYPES = [
  'application/json',
  'application/zip',
  'application/x-zip-compressed',
  'application/octet-stream',
  'text/csv',
  'application/xml',
  'text/xml',
];

export default async function exportImportRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { config } = app;
  const workers = new HeavyWorkers({ database: config.database }, config.heavyJobs);
  const jobs = new HeavyJobs(config.heavyJobs, importCounter(app));
  heavyJobsByServer.set(app.server, jobs);
  app.addHook('onClose', async () => {
    await jobs.close();
    await workers.close();
  });

  /**
   * After `authenticate`: admits the request's job or answers 429/503 before its body is read.
   * The slot is held until the response is over (sent, failed or cut off); a streamed export's
   * worker stops when its client goes away.
   */
  const admit =
    (kind: HeavyJobKind): onRequestHookHandler =>
    async (request, reply) => {
      const admission = await jobs.admit(request.user.id, kind);
      if (!admission.ok) {
        return reply
          .code(admission.status)
          .header('retry-after', String(admission.retryAfter))
          .send({ detail: admission.detail });
      }
      // A response closes once sent in full, or when its connection is lost before that.
      reply.raw.once('close', admission.release);
    };

  app.get(
    '/export/',
    {
      onRequest: [app.authenticate, admit('export')],
      schema: {
        tags,
        security,
        summary: 'Download everything as JSON',
        description:
          'Every month with its habits, measures, goals and journal entries (with their daily ' +
          'habits and measures), in the versioned format `POST /api/import/` reads back. ' +
          'Not behind the paywall: a user whose subscription has lapsed can still take their data out. ' +
          'One export or import per account at a time (429 for another meanwhile); when the server ' +
          'runs as many as it can, 503 after a short wait. Both with Retry-After.',
        response: { 200: ExportFileSchema, ...unauthorized, ...refused },
      },
    },
    async (request, reply) => {
      const now = new Date();
      const body = await workers.stream({
        kind: 'export',
        userId: request.user.id,
        exportedAt: now.toISOString(),
      });
      // A stream, which the response schema does not type (it documents the bytes).
      return (reply as FastifyReply)
        .type('application/json; charset=utf-8')
        .header('content-disposition', attachment(exportFileName(now)))
        .send(body);
    },
  );

  app.get(
    '/months/:id/export.csv',
    {
      onRequest: [app.authenticate, admit('csv')],
      // As on every route with an id: "Infinity" or "1e400" is no id (Ajv alone would let it by).
      preValidation: cleanInput({ params: IdParamsSchema }),
      schema: {
        tags,
        security,
        summary: 'Download one month as CSV',
        description:
          'One row per journal entry: date, highlight, a column per measure (its value) and per ' +
          'habit (yes/no), then `mood` (1–5 or empty) and `note` (Markdown). Text cells that a ' +
          'spreadsheet would run as a formula are prefixed ' +
          "with '. Not behind the paywall, like the JSON export. A private month answers " +
          '`409 {"code": "private_month"}`: its content is sealed, so the server has none to write.',
        params: IdParamsSchema,
        response: {
          200: { content: { 'text/csv': { schema: Type.String() } } },
          ...unauthorized,
          404: DetailErrorSchema,
          409: DetailErrorSchema,
          ...refused,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const month = await readMonthName(app.database.db, request.user.id, id);
      if (!month) throw HttpError.notFound();
      // Its content is sealed (or being sealed): the server has no text to write into cells.
      if (await monthIsPrivate(app.database.db, request.user.id, id)) {
        throw new Conflict(SEALED_MESSAGES.privateMonth, PRIVATE_MONTH);
      }
      const body = await workers.stream({ kind: 'csv', userId: request.user.id, monthId: id });
      return (reply as FastifyReply)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(monthCsvFileName(month.name)))
        .send(body);
    },
  );

  /**
   * The uploaded file goes when the response is over, sent or cut off (a body that failed to
   * arrive whole was deleted by receiveUpload already). A worker still reading it keeps its open
   * file: deleting only takes the name away.
   */
  const removeUpload: onRequestHookHandler = async (request, reply) => {
    reply.raw.once('close', () => {
      const body: unknown = request.body;
      if (body instanceof UploadedFile) {
        body
          .remove()
          .catch((error: unknown) =>
            request.log.warn({ err: error, path: body.path }, 'import: temporary file not removed'),
          );
      }
    });
  };

  // The body is written to a temporary file as it arrives and parsed on a worker, from there:
  // only this route's scope reads JSON so.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    // An answer sent before the body was read (401, 402, 429 one import at a time, 503 while the
    // server's slots are busy) closes the connection: kept alive, Node would read the rest of the
    // body on the event loop to throw it away, up to the limit for another app's export, for
    // every refused retry.
    scope.addHook('onSend', async (request, reply) => {
      if (!request.raw.complete) reply.header('connection', 'close');
    });
    scope.addContentTypeParser(IMPORT_TYPES, (request, body, done) => {
      receiveUpload(body, {
        maxBytes: OTHER_APP_IMPORT_MAX_BYTES,
        // A Monthbook export keeps its own, smaller limit: refused as soon as it passes it.
        kindLimit: {
          isKind: (head) => isMonthbookExportHead(head.toString('utf8')),
          maxBytes: IMPORT_MAX_BYTES,
        },
        declaredLength: request.headers['content-length'],
        hash: requestHasher(request.method, request.routeOptions.url ?? request.url),
      }).then(
        (file) => done(null, file),
        (error: Error) => done(error),
      );
    });
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/import/',
      {
        onRequest: [removeUpload, app.authenticate, app.requirePaid, admit('import')],
        errorHandler: importErrors,
        // The schema documents the file; the worker validates it (validateExport) for a message
        // naming the first bad record, without Ajv's coercion of a file that must be exact.
        validatorCompiler: () => (value) => ({ value }),
        schema: {
          tags,
          security,
          summary: "Import a Monthbook export, or another app's",
          description:
            "Another app's export (Day One JSON, Daylio CSV, Loop Habit Tracker CSV zip, jrnl " +
            'JSON, Apple Health export.zip or export.xml; recognised by its first bytes, up to ' +
            `${OTHER_APP_IMPORT_MAX_BYTES} bytes (${OTHER_APP_IMPORT_MAX_GB} GB: years of Health ` +
            'records; 413 beyond), written to a temporary file as it arrives and read from there ' +
            "as a stream, a JSON or CSV one up to 256 MB) is added by calendar month: into the account's " +
            'month of that period, or a new one, each item once however often it is imported. ' +
            'A Monthbook export adds the months of the file to the account as new rows, never changing existing ' +
            'ones: every month, or with `?months=new` only those the account does not have. ' +
            `The file is checked first and imported all or nothing; at most ${IMPORT_MAX_BYTES} ` +
            'bytes (413 beyond). 400 names the first bad record. ' +
            `Reads versions ${EXPORT_VERSIONS.join(' and ')}: the schema is the current one; a ` +
            'version 1 file has none of its optional fields and imports as it always did. ' +
            `At most ${IMPORTS_PER_HOUR} imports an hour and one export or import at a time per ` +
            'account (429), and 503 when the server runs as many as it can; both with Retry-After.',
          querystring: ImportQuerySchema,
          body: ExportFileSchema,
          response: {
            200: ImportReportSchema,
            201: ImportReportSchema,
            400: Type.Union([ImportErrorSchema, DetailErrorSchema]),
            ...unauthorized,
            402: DetailErrorSchema,
            413: DetailErrorSchema,
            ...refused,
          },
        },
      },
      async (request, reply) => {
        const mode = importModeOf(request.query);
        if (mode === null) {
          return reply.code(400).send({
            detail: `months must be one of: ${IMPORT_MODES.join(', ')}.`,
          });
        }
        const body: unknown = request.body;
        if (!(body instanceof UploadedFile)) {
          // Another content type (text/plain): no export, said as for any other bad file.
          const problem = validateExport(body, (value, version) =>
            (version === 1 ? exportFileV1 : exportFile).Check(value),
          );
          return reply.code(400).send({
            detail: problem ? describeProblem(problem) : IMPORT_MESSAGES.notExport,
            code: 'invalid_import',
            path: problem?.path ?? '',
          });
        }
        const options = importOptionsOf(request.query, request);
        if (typeof options === 'string') return reply.code(400).send({ detail: options });
        // A Monthbook export (within its own limit, held while it arrived) goes to the worker in
        // memory; another app's goes as its file, which the worker reads as a stream.
        const monthbook = isMonthbookExportHead(body.head.subarray(0, 256).toString('utf8'));
        const checked = await workers.run({
          kind: 'import',
          userId: request.user.id,
          ...(monthbook ? { body: await readFile(body.path) } : { file: body.path }),
          locale: options.locale,
          ...(options.moodLevels ? { moodLevels: options.moodLevels } : {}),
        });
        if ('refusal' in checked) {
          return (reply as FastifyReply).code(checked.refusal.status).send(checked.refusal.body);
        }
        const status = options.dryRun ? 200 : 201;
        if ('history' in checked) {
          const { source, months, notes } = checked.history;
          const result = await importHistory(
            yieldingQueries(app.database.db),
            request.user.id,
            source,
            months,
            options.dryRun,
          );
          const report: ImportReport = {
            imported: result.counts,
            months: result.months,
            skipped_months: [],
            source,
            merged_months: result.merged,
            already_imported: result.alreadyImported,
            notes,
            dry_run: options.dryRun,
            ...(options.dryRun || result.importId === undefined
              ? {}
              : { import_id: result.importId }),
          };
          return reply.code(status).send(report);
        }
        const result = await importFile(
          yieldingQueries(app.database.db),
          request.user.id,
          checked.file,
          mode,
          options.dryRun,
        );
        return reply.code(status).send({
          imported: result.counts,
          months: result.months,
          skipped_months: result.skipped,
          dry_run: options.dryRun,
          ...(options.dryRun || result.importId === undefined
            ? {}
            : { import_id: result.importId }),
        });
      },
    );
  });
}

/** The hourly import count: in Redis when several servers share one, else in this process. */
function importCounter(app: FastifyInstance): ImportCounter {
  const { config } = app;
  if (!config.redisUrl) return memoryImportCounter();
  const redis = new Redis(config.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
  });
  let lastLog = 0;
  const warn = (error: Error) => {
    if (Date.now() - lastLog < 30_000) return;
    lastLog = Date.now();
    app.log.warn({ err: error }, 'import limit: Redis unavailable, not counting imports');
  };
  redis.on('error', warn);
  return redisImportCounter(redis, config.redisPrefix, warn);
}
