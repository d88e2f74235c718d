// Taking data out and bringing it back: the whole account as JSON, a month as CSV, and importing a JSON export.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DetailErrorSchema } from '../../contract/entities.js';
import {
  ExportFileSchema,
  exportFileName,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  ImportErrorSchema,
  ImportReportSchema,
  monthCsvFileName,
} from '../../contract/export.js';
import { describeProblem, validateExport } from '../../contract/export-validation.js';
import { IdParamsSchema } from '../../contract/requests.js';
import { HttpError } from '../http-error.js';
import { readAccountData } from '../repositories/account-data.js';
import { importFile } from '../repositories/import.js';
import { buildExport } from '../services/export-import.js';
import { monthCsv } from '../services/month-csv.js';
import { cleanInput } from './clean-input.js';

const tags = ['export'];
/** Compiled once: checks a 5 MB file in about 50 ms, several times faster than walking it for errors. */
const exportFile = TypeCompiler.Compile(ExportFileSchema);
const security = [{ bearer: [] }];
const unauthorized = { 401: DetailErrorSchema };

/** A file name in Content-Disposition: an ASCII fallback and the exact name (RFC 6266). */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Only this route's scope: its 413 says what the limit is; anything else goes to the app's handler. */
function importErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return reply.code(413).send({ detail: IMPORT_MESSAGES.tooLarge });
  }
  throw error;
}

export default async function exportImportRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/export/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Download everything as JSON',
        description:
          'Every month with its habits, measures, goals and journal entries (with their daily ' +
          'habits and measures), in the versioned format `POST /api/import/` reads back. ' +
          'Not behind the paywall: a user whose subscription has lapsed can still take their data out.',
        response: { 200: ExportFileSchema, ...unauthorized },
      },
    },
    async (request, reply) => {
      const data = await readAccountData(app.database.db, request.user.id);
      const file = buildExport(data);
      reply.header('content-disposition', attachment(exportFileName(new Date(file.exported_at))));
      return file;
    },
  );

  app.get(
    '/months/:id/export.csv',
    {
      onRequest: app.authenticate,
      // As on every route with an id: "Infinity" or "1e400" is no id (Ajv alone would let it by).
      preValidation: cleanInput({ params: IdParamsSchema }),
      schema: {
        tags,
        security,
        summary: 'Download one month as CSV',
        description:
          'One row per journal entry: date, highlight, a column per measure (its value) and per ' +
          'habit (yes/no). Text cells that a spreadsheet would run as a formula are prefixed ' +
          "with '. Not behind the paywall, like the JSON export.",
        params: IdParamsSchema,
        response: {
          200: { content: { 'text/csv': { schema: Type.String() } } },
          ...unauthorized,
          404: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const data = await readAccountData(app.database.db, request.user.id, request.params.id);
      const month = data.months[0];
      if (!month) throw HttpError.notFound();
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(monthCsvFileName(month.name)))
        .send(monthCsv(data));
    },
  );

  app.post(
    '/import/',
    {
      onRequest: [app.authenticate, app.requirePaid],
      bodyLimit: IMPORT_MAX_BYTES,
      errorHandler: importErrors,
      // The schema documents the file; the handler validates it (validateExport) for a message
      // naming the first bad record, without Ajv's coercion of a file that must be exact.
      validatorCompiler: () => (value) => ({ value }),
      schema: {
        tags,
        security,
        summary: 'Import a JSON export',
        description:
          'Adds every month of the file to the account as new rows, never changing existing ' +
          `ones. The file is checked first and imported all or nothing; at most ${IMPORT_MAX_BYTES} ` +
          'bytes (413 beyond). 400 names the first bad record.',
        body: ExportFileSchema,
        response: {
          201: ImportReportSchema,
          400: Type.Union([ImportErrorSchema, DetailErrorSchema]),
          ...unauthorized,
          402: DetailErrorSchema,
          413: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const problem = validateExport(request.body, (value) => exportFile.Check(value));
      if (problem) {
        return reply
          .code(400)
          .send({ detail: describeProblem(problem), code: 'invalid_import', path: problem.path });
      }
      const result = await importFile(app.database.db, request.user.id, request.body);
      return reply.code(201).send({ imported: result.counts, months: result.months });
    },
  );
}
