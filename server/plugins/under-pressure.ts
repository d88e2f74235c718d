// Sheds load: past the event-loop delay or heap limit every request answers 503 at once instead of queueing behind the work that caused it.
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { OVERLOADED } from '../http-error.js';

/** What `/api/health` reports: which limit the server is past, if any. */
export type Pressure = 'event_loop_delay' | 'heap_used';

export const OVERLOAD_RETRY_AFTER_SECONDS = 5;
/** One log line per this long while the server stays overloaded, not one per refused request. */
const LOG_EVERY_MS = 5000;
/** under-pressure's sampling period (its default). */
const SAMPLE_MS = 1000;
/**
 * The event-loop delay sampled first spans the app's own start-up (migrations, schemas): up to
 * 850 ms in a test app. Only samples taken wholly after `ready` count.
 */
const START_UP_GRACE_MS = 2 * SAMPLE_MS;

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
    let countsFrom = Number.POSITIVE_INFINITY;
    app.addHook('onReady', async () => {
      countsFrom = Date.now() + START_UP_GRACE_MS;
    });
    const delayCounts = () => Date.now() >= countsFrom;
    const refuse: PressureHandler = (_request, reply, type, value) => {
      // Returning without an answer serves the request as usual.
      if (type === underPressure.TYPE_EVENT_LOOP_DELAY && !delayCounts()) return;
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
      sampleInterval: SAMPLE_MS,
      pressureHandler: refuse,
    });
    app.decorate('pressure', (): Pressure | null => {
      const usage = app.memoryUsage();
      if (maxEventLoopDelayMs > 0 && usage.eventLoopDelay > maxEventLoopDelayMs && delayCounts()) {
        return 'event_loop_delay';
      }
      if (maxHeapUsedBytes > 0 && usage.heapUsed > maxHeapUsedBytes) return 'heap_used';
      return null;
    });
  },
  { name: 'under-pressure', dependencies: ['security'] },
);
