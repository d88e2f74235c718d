// Liveness and readiness in one: 200 once the database answers, 503 while it does not.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { DetailErrorSchema } from '../../contract/entities.js';

export const HEALTH_UNAVAILABLE = 'Database unavailable.';

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/health',
    {
      // Load balancers poll this every few seconds; only problems are worth a log line.
      logLevel: 'warn',
      schema: {
        tags: ['operations'],
        summary: 'Health check: pings the database',
        response: { 200: Type.Object({ status: Type.Literal('ok') }), 503: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database ping failed');
        return reply.code(503).send({ detail: HEALTH_UNAVAILABLE });
      }
    },
  );
}
