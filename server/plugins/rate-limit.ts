// Login and register throttling per IP and per username: `app.rateLimit(action)` makes the pre-handler.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { MESSAGES } from '../../contract/rules.js';
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type Limit,
  type RateLimiter,
} from '../services/rate-limiter.js';

export type ThrottledAction = 'login' | 'register' | 'password';

/**
 * Per IP, generous enough for a household or office behind one address; per username, tight
 * enough that guessing one account's password is hopeless. Documented in README.md.
 */
export const LIMITS: Record<ThrottledAction, { ip: Limit; username: Limit }> = {
  login: {
    ip: { name: 'login:ip', max: 30, windowSeconds: 60 },
    username: { name: 'login:user', max: 10, windowSeconds: 5 * 60 },
  },
  register: {
    ip: { name: 'register:ip', max: 10, windowSeconds: 60 * 60 },
    username: { name: 'register:user', max: 5, windowSeconds: 5 * 60 },
  },
  /** Password checks of a signed-in user (change password, delete account), as tight as login. */
  password: {
    ip: { name: 'password:ip', max: 30, windowSeconds: 60 },
    username: { name: 'password:user', max: 10, windowSeconds: 5 * 60 },
  },
};

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Pre-handler counting one attempt of `action`; answers 429 once a limit is reached. */
    rateLimit: (action: ThrottledAction) => PreHandler;
  }
}

async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  // Without an offline queue a command fails at once while Redis is away, so logins fail open
  // immediately instead of waiting for a reconnect.
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
  });
  let lastLog = 0;
  redis.on('error', (error: Error) => {
    if (Date.now() - lastLog < 30_000) return;
    lastLog = Date.now();
    app.log.warn({ err: error }, 'rate limit: Redis unavailable, not throttling');
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 2000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}

export default fp(
  async function rateLimit(app: FastifyInstance) {
    const { config } = app;
    let limiter: RateLimiter | null = null;
    if (config.rateLimit) {
      limiter = config.redisUrl
        ? createRedisRateLimiter(await connectRedis(app, config.redisUrl), {
            prefix: config.redisPrefix,
            onError: (error) =>
              app.log.warn({ err: error }, 'rate limit: Redis command failed, not throttling'),
          })
        : createMemoryRateLimiter();
      app.addHook('onClose', async () => limiter?.close());
    }

    app.decorate('rateLimit', (action: ThrottledAction): PreHandler => {
      const limits = LIMITS[action];
      return async (request, reply) => {
        if (!limiter) return;
        const body = request.body as { username?: unknown } | undefined;
        // Account actions run after `authenticate` and count per signed-in user instead.
        const username =
          action === 'password'
            ? `#${request.user.id}`
            : typeof body?.username === 'string'
              ? body.username.toLowerCase()
              : '';
        const results = [await limiter.hit(limits.ip, request.ip)];
        if (username) results.push(await limiter.hit(limits.username, username));
        const blocked = results.filter((result) => !result.allowed);
        if (blocked.length === 0) return;
        const retryAfter = Math.max(...blocked.map((result) => result.retryAfter));
        request.log.info({ action, retryAfter }, 'rate limited');
        return reply
          .code(429)
          .header('retry-after', String(retryAfter))
          .send({ detail: MESSAGES.tooManyRequests });
      };
    });
  },
  { name: 'rate-limit' },
);
