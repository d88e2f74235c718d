// Liveness and readiness in one: 200 once the database answers and the server is not overloaded, 503 otherwise.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { OVERLOADED } from '../http-error.js';

export const HEALTH_UNAVAILABLE = 'Database unavailable.';

/** Which load limit the server is past (plugins/under-pressure.ts), null when none. */
const PressureSchema = Type.Union([
  Type.Literal('event_loop_delay'),
  Type.Literal('heap_used'),
  Type.Null(),
]);

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/health',
    {
      // Load balancers poll this every few seconds; only problems are worth a log line.
      logLevel: 'warn',
      // Answered under pressure too, saying which limit: the balancer takes the server out.
      config: { pressureHandler: () => {} },
      schema: {
        tags: ['operations'],
        summary: 'Health check: pings the database and reports overload',
        response: {
          200: Type.Object({ status: Type.Literal('ok'), pressure: Type.Null() }),
          503: Type.Object({ detail: Type.String(), pressure: PressureSchema }),
        },
      },
    },
    async (request, reply) => {
      const pressure = app.pressure();
      if (pressure !== null) {
        return reply.code(503).send({ detail: OVERLOADED, pressure });
      }
      try {
        await app.database.ping();
        return { status: 'ok' as const, pressure: null };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database ping failed');
        return reply.code(503).send({ detail: HEALTH_UNAVAILABLE, pressure: null });
      }
    },
  );
}
