// GET /api/years/{year}/: the year view, computed in one request (contract/year.ts).
import type { FastifyInstance } from 'fastify';
import { YEAR_VIEW_MONTHS } from '../../contract/quotas.js';
import { type YearParams, YearParamsSchema, YearViewSchema } from '../../contract/year.js';
import { cleanInput } from '../clean-input.js';
import { heavyReadsOf } from '../services/heavy-reads.js';
import { cachedRead } from './cached-read.js';

/**
 * Behind authentication and the paywall like every data route; only the caller's months count.
 * A year that does not parse, or outside 1900–2999, names nothing: 404, as an id that does not
 * parse (plugins/errors.ts). A year without months answers 200 with empty lists. Cached per data
 * version, as the month at a glance; computed on a read thread (services/heavy-reads.ts).
 */
export default async function yearRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requirePaid);
  const cached = cachedRead(app);
  const reads = heavyReadsOf(app);

  app.get(
    '/years/:year/',
    {
      schema: {
        tags: ['months'],
        summary: 'A year at a glance: its months with a period, each day, habit and measure',
        description:
          `The caller's months whose period is in the year, by period then id, at most ` +
          `${YEAR_VIEW_MONTHS} (\`truncated\` says when more were left out); each day with ` +
          'entries (their count, mean mood, habits done of those not skipped); each habit and ' +
          'measure matched by name across the months (yearly rate; mean per period).',
        security: [{ bearer: [] }],
        params: YearParamsSchema,
        response: { 200: YearViewSchema },
      },
      preValidation: cleanInput({ params: YearParamsSchema }),
    },
    (request, reply) =>
      cached(request, reply, () =>
        reads.read({
          kind: 'year',
          userId: request.user.id,
          year: (request.params as YearParams).year,
        }),
      ),
  );
}
