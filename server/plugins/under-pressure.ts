// Sheds load: past the event-loop delay or heap limit every request answers 503 at once instead of queueing behind the work that caused it.
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** What `/api/health` reports: which limit the server is past, if any. */
export type Pressure = 'event_loop_delay' | 'heap_used';

export const OVERLOADED = 'The server is busy right now. Please try again in a few seconds.';
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;
/** One log line per this long while the server stays overloaded, not one per refused request. */
const LOG_EVERY_MS = 5000;

type PressureHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  type: string,
  value: number | undefined,
) => void;

declare module 'fastify' {
  interface FastifyInstance {
    /** The limit the server is past now (sampled once a second), or null. */
    pressure(): Pressure | null;
  }
  interface FastifyContextConfig {
    /** A route's own answer under pressure (under-pressure reads it); returning nothing serves it. */
    pressureHandler?: PressureHandler;
  }
}

export default fp(
  async function pressure(app: FastifyInstance) {
    const { maxEventLoopDelayMs, maxHeapUsedBytes } = app.config.pressure;
    let refused = 0;
    let loggedAt = 0;
    const refuse: PressureHandler = (_request, reply, type, value) => {
      refused += 1;
      const now = Date.now();
      if (now - loggedAt >= LOG_EVERY_MS) {
        app.log.warn(
          { pressure: type, value, limits: { maxEventLoopDelayMs, maxHeapUsedBytes }, refused },
          'server under pressure: answering 503',
        );
        loggedAt = now;
        refused = 0;
      }
      reply
        .code(503)
        .header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS))
        .send({ detail: OVERLOADED });
    };
    await app.register(underPressure, {
      maxEventLoopDelay: maxEventLoopDelayMs,
      maxHeapUsedBytes,
      pressureHandler: refuse,
    });
    app.decorate('pressure', (): Pressure | null => {
      const usage = app.memoryUsage();
      if (maxEventLoopDelayMs > 0 && usage.eventLoopDelay > maxEventLoopDelayMs) {
        return 'event_loop_delay';
      }
      if (maxHeapUsedBytes > 0 && usage.heapUsed > maxHeapUsedBytes) return 'heap_used';
      return null;
    });
  },
  { name: 'under-pressure', dependencies: ['security'] },
);
