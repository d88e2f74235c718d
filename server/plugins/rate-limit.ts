// Login, register and password-check throttling: `app.rateLimit(action)` makes the pre-handler.
import { createHash } from 'node:crypto';
import fastifyRateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { MESSAGES } from '../../contract/rules.js';
import { usernameKey } from '../../contract/username.js';
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type Limit,
  type RateLimiter,
} from '../services/rate-limiter.js';

export type ThrottledAction = 'login' | 'register' | 'password' | 'reset' | 'recovery-link';

interface ActionLimits {
  /** Every attempt from one client address (an IPv6 /64 counts as one address). */
  ip: Limit;
  /** Attempts at one username from one address; a login that succeeds is not counted. */
  userAddress?: Limit;
  /**
   * Attempts at one username from anywhere (a login that succeeds is not counted), except from
   * an address that logged into that account before; for `password`, per signed-in user.
   */
  username?: Limit;
}

/**
 * Per address, generous enough for a household or office behind one address; per username and
 * address, tight enough that guessing one account's password is hopeless; per username, higher,
 * against guesses spread over many addresses, and never blocking the owner's own addresses.
 * Registration counts a name per address only, so nobody else can keep a name from being taken.
 * Documented in docs/api.md.
 */
export const LIMITS = {
  login: {
    ip: { name: 'login:ip', max: 30, windowSeconds: 60 },
    userAddress: { name: 'login:user-ip', max: 10, windowSeconds: 5 * 60 },
    username: { name: 'login:user', max: 50, windowSeconds: 5 * 60 },
  },
  register: {
    ip: { name: 'register:ip', max: 10, windowSeconds: 60 * 60 },
    userAddress: { name: 'register:user-ip', max: 5, windowSeconds: 5 * 60 },
  },
  /** Password checks of a signed-in user (change password, delete account), as tight as login. */
  password: {
    ip: { name: 'password:ip', max: 30, windowSeconds: 60 },
    username: { name: 'password:user', max: 10, windowSeconds: 5 * 60 },
  },
  /**
   * Password reset requests, counted on the typed username or address (`username` in the body)
   * whether or not it names an account, so the 429 tells nothing. Mail per account and per
   * mailbox is bounded again where it is sent (services/account-email.ts, MAIL_LIMITS).
   */
  reset: {
    ip: { name: 'reset:ip', max: 20, windowSeconds: 60 * 60 },
    userAddress: { name: 'reset:user-ip', max: 5, windowSeconds: 60 * 60 },
    username: { name: 'reset:user', max: 10, windowSeconds: 60 * 60 },
  },
  /** Opening a confirmation or reset link: per address only (a link holds 256 random bits). */
  'recovery-link': {
    ip: { name: 'recovery-link:ip', max: 30, windowSeconds: 15 * 60 },
  },
} as const satisfies Record<ThrottledAction, ActionLimits>;

/** How long an address that logged into an account stays exempt from that account's username limit. */
export const KNOWN_ADDRESS_SECONDS = 30 * 24 * 60 * 60;
const KNOWN_ADDRESS = 'login:known';

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Pre-handler counting one attempt of `action`; answers 429 once a limit is reached. */
    rateLimit(action: ThrottledAction): PreHandler;
    /**
     * The request's attempt succeeded: takes it back from the username counts and, for a login,
     * remembers the address as one the account logs in from.
     */
    rateLimitSucceeded(request: FastifyRequest): Promise<void>;
    /** The per-username counters; null with RATE_LIMIT=off. */
    usernameLimiter: RateLimiter | null;
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

/** The client's address as the limits count it: an IPv6 client holds a whole /64. */
const clientAddress = (request: FastifyRequest) => normalizeIP(request.ip, 64);

/**
 * A username's counter key: its normalized key (the one login looks the account up by), hashed
 * so a long or odd name costs the same few bytes as any other, in memory and in Redis.
 */
const nameKey = (typed: string) =>
  createHash('sha256').update(usernameKey(typed)).digest('base64url').slice(0, 22);

interface Attempt {
  counted: Array<[Limit, string]>;
  /** Set for a login: the (username, address) pair to remember when it succeeds. */
  pair?: string;
}

type AddressCheck = ReturnType<FastifyInstance['createRateLimit']>;

export default fp(
  async function rateLimit(app: FastifyInstance) {
    const { config } = app;
    const attempts = new WeakMap<FastifyRequest, Attempt>();
    const addressChecks = new Map<ThrottledAction, AddressCheck>();

    let lastStoreWarning = 0;
    const storeFailed = (error: unknown) => {
      if (Date.now() - lastStoreWarning < 30_000) return;
      lastStoreWarning = Date.now();
      app.log.warn({ err: error }, 'rate limit: Redis command failed, not throttling');
    };

    const redis =
      config.rateLimit && config.redisUrl ? await connectRedis(app, config.redisUrl) : null;
    const limiter: RateLimiter | null = !config.rateLimit
      ? null
      : redis
        ? createRedisRateLimiter(redis, { prefix: config.redisPrefix, onError: storeFailed })
        : createMemoryRateLimiter({ maxKeys: config.rateLimitMaxKeys });
    if (limiter) app.addHook('onClose', async () => limiter.close());
    app.decorate('usernameLimiter', limiter);

    // Declared before @fastify/rate-limit registers, which then keeps its own `rateLimit`
    // decorator out of the way and offers `createRateLimit`.
    app.decorate('rateLimit', (action: ThrottledAction): PreHandler => {
      const limits: ActionLimits = LIMITS[action];
      return async (request, reply) => {
        const check = addressChecks.get(action);
        if (!limiter || !check) return;

        const tooMany = (retryAfter: number) => {
          request.log.info({ action, retryAfter }, 'rate limited');
          return reply
            .code(429)
            .header('retry-after', String(retryAfter))
            .send({ detail: MESSAGES.tooManyRequests });
        };

        // Per address first: a blocked address costs no per-username counter at all.
        try {
          const perAddress = await check(request);
          if (!perAddress.isAllowed && perAddress.isExceeded) {
            return tooMany(Math.max(1, perAddress.ttlInSeconds));
          }
        } catch (error) {
          storeFailed(error);
        }

        const attempt: Attempt = { counted: [] };
        const count = async (limit: Limit, key: string) => {
          attempt.counted.push([limit, key]);
          return limiter.hit(limit, key);
        };
        if (action === 'password') {
          // Account actions run after `authenticate` and count per signed-in user.
          const perUser = await count(limits.username!, `#${request.user.id}`);
          if (!perUser.allowed) return tooMany(perUser.retryAfter);
        } else {
          const typed = (request.body as { username?: unknown } | undefined)?.username;
          if (typeof typed !== 'string') return;
          const name = nameKey(typed);
          const pair = `${name}@${clientAddress(request)}`;
          const perPair = await count(limits.userAddress!, pair);
          if (!perPair.allowed) return tooMany(perPair.retryAfter);
          if (limits.username) {
            attempt.pair = pair;
            const [perName, known] = await Promise.all([
              count(limits.username, name),
              limiter.remembers(KNOWN_ADDRESS, pair),
            ]);
            if (!perName.allowed && !known) return tooMany(perName.retryAfter);
          }
        }
        attempts.set(request, attempt);
      };
    });

    app.decorate('rateLimitSucceeded', async (request: FastifyRequest) => {
      const attempt = attempts.get(request);
      if (!limiter || !attempt) return;
      attempts.delete(request);
      await Promise.all([
        ...attempt.counted.map(([limit, key]) => limiter.forgive(limit, key)),
        attempt.pair ? limiter.remember(KNOWN_ADDRESS, attempt.pair, KNOWN_ADDRESS_SECONDS) : null,
      ]);
    });

    if (!limiter) return;

    // Per-address counts are @fastify/rate-limit's: its LRU store, or its Redis store shared by
    // every server. Store errors reach us (skipOnError off) to be logged, then let through.
    await app.register(fastifyRateLimit, {
      global: false,
      skipOnError: false,
      ...(redis ? { redis, nameSpace: config.redisPrefix } : {}),
    });
    for (const action of Object.keys(LIMITS) as ThrottledAction[]) {
      const { ip } = LIMITS[action];
      const options: RateLimitOptions = {
        max: ip.max,
        timeWindow: ip.windowSeconds * 1000,
        // The limit's name keeps the actions apart in a shared Redis (where the library puts
        // `undefinedundefined-` before it: a store made by createRateLimit names no route).
        keyGenerator: (request) => `${ip.name}:${clientAddress(request)}`,
        cache: config.rateLimitMaxKeys,
      };
      addressChecks.set(action, app.createRateLimit(options));
    }
  },
  { name: 'rate-limit' },
);
