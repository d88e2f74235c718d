// GET /api/months/{id}/stats/: a month at a glance, computed in one request (contract/stats.ts); and the month cards' counts.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { DetailErrorSchema } from '../../contract/entities.js';
import { type IdParams, IdParamsSchema } from '../../contract/requests.js';
import { PRIVATE_MONTH, SEALED_MESSAGES } from '../../contract/sealed-rules.js';
import { MonthStatsSchema, MonthSummarySchema } from '../../contract/stats.js';
import { cleanInput } from '../clean-input.js';
import { HttpError } from '../http-error.js';
import { Conflict } from '../repositories/errors.js';
import { monthIsPrivate } from '../repositories/sealed.js';
import { heavyReadsOf } from '../services/heavy-reads.js';
import { cachedRead } from './cached-read.js';

/**
 * Behind authentication and the paywall like every data route. Another user's month answers
 * 404, as a missing one does; an id that does not parse is a 404 too (errors.ts), as for the
 * month's own detail route. Cached per data version: any write of the user's moves past it. A
 * month's stats are computed on a read thread (services/heavy-reads.ts); the cards' summaries,
 * one grouped query, stay here.
 */
export default async function monthStatsRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requirePaid);
  const cached = cachedRead(app);
  const reads = heavyReadsOf(app);

  app.get(
    '/months/summaries/',
    {
      schema: {
        tags: ['months'],
        summary: "Each month's entry and goal counts, for the month cards",
        description:
          'One item per month of the caller, ordered by month id as GET /api/months/ is. ' +
          'Bounded like that list (at most 1,200 months), so not paginated.',
        security: [{ bearer: [] }],
        response: { 200: Type.Array(MonthSummarySchema) },
      },
    },
    (request, reply) => cached(request, reply, (repos) => repos.monthStats.summaries()),
  );

  app.get(
    '/months/:id/stats/',
    {
      schema: {
        tags: ['months'],
        summary:
          'A month at a glance: its measures by day (with targets), habit streaks and rates, goal progress',
        security: [{ bearer: [] }],
        params: IdParamsSchema,
        description:
          'A private month answers `409 {"code": "private_month"}`: its figures are sealed, and ' +
          'the browser computes them from what it opens.',
        response: { 200: MonthStatsSchema, 409: DetailErrorSchema },
      },
      preValidation: cleanInput({ params: IdParamsSchema }),
    },
    (request, reply) =>
      cached(request, reply, async () => {
        const { id } = request.params as IdParams;
        // Its figures are in its sealed items, which only the browser can open.
        if (await monthIsPrivate(app.database.db, request.user.id, id)) {
          throw new Conflict(SEALED_MESSAGES.privateMonth, PRIVATE_MONTH);
        }
        const stats = await reads.read({
          kind: 'stats',
          userId: request.user.id,
          monthId: id,
        });
        if (!stats) throw HttpError.notFound();
        return stats;
      }),
  );
}
