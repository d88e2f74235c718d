// "Undo this import": everything one import created into the bin as one item, and back out of it.
import type { FastifyInstance } from 'fastify';
import { DetailErrorSchema } from '../../contract/entities.js';
import { IMPORT_MESSAGES, ImportUndoSchema } from '../../contract/export.js';
import { type IdParams, IdParamsSchema } from '../../contract/requests.js';
import { TRASH_DAYS } from '../../contract/trash-rules.js';
import { cleanInput } from '../clean-input.js';
import { HttpError } from '../http-error.js';
import { undoImport, undoSummary } from '../repositories/import-undo.js';

const tags = ['export'];
const security = [{ bearer: [] }];

/** Behind authentication and the paywall, like the import itself. Another user's id is a 404. */
export default async function importUndoRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requirePaid);

  app.post(
    '/import/:id/undo/',
    {
      preValidation: cleanInput({ params: IdParamsSchema }),
      schema: {
        tags,
        security,
        summary: 'Undo an import: what it created goes to the bin as one item',
        description:
          'The id is the `import_id` of the import’s report. Everything the import created that ' +
          'is still there, as it is now (months with all they hold; entries, habits, measures ' +
          'and goals it added to existing months; their ticks and values), moves into Recently ' +
          `deleted as one item of kind \`import\`, restorable for ${TRASH_DAYS} days; the file ` +
          'can then be imported again. 409 when the import is in the bin already, 404 when ' +
          'there is no such import (or it was deleted for good).',
        params: IdParamsSchema,
        response: { 200: ImportUndoSchema, 404: DetailErrorSchema, 409: DetailErrorSchema },
      },
    },
    async (request) => {
      const { id } = request.params as IdParams;
      const outcome = await undoImport(app.database.db, request.user.id, id);
      if (outcome === null) throw HttpError.notFound();
      if ('inBin' in outcome) {
        throw new HttpError(409, { detail: IMPORT_MESSAGES.undoneAlready, code: 'import_undone' });
      }
      return outcome.undone;
    },
  );

  app.post(
    '/import/:id/restore/',
    {
      preValidation: cleanInput({ params: IdParamsSchema }),
      schema: {
        tags: ['trash'],
        security,
        summary: 'Restore an undone import from the bin',
        description:
          'Puts back everything the undo took, with its ids, and the import’s record (so it can ' +
          'be undone again). 404 when it is not in the bin; 409 when a month it added to is ' +
          'deleted, when its file was imported again since, or when the account has one of its ' +
          'months again (the same period, or without one the same name); 400 `quota_exceeded` ' +
          'past a quota. Ticks and values it put on older entries that have one of that habit ' +
          'or measure again are left out.',
        params: IdParamsSchema,
        response: {
          200: ImportUndoSchema,
          400: DetailErrorSchema,
          404: DetailErrorSchema,
          409: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params as IdParams;
      const rows = await app.repos.forUser(request.user.id).trash.restore('import', id);
      const record = rows?.imports?.[0];
      if (!rows || !record) throw HttpError.notFound();
      return undoSummary(record, rows);
    },
  );
}
