// Per-username counters, our own: @fastify/rate-limit keys a request before its body is read, and cannot take back a success.
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

export interface Limit {
  /** Names the counter family, e.g. "login:user". */
  name: string;
  max: number;
  windowSeconds: number;
}

export interface HitResult {
  allowed: boolean;
  /** Seconds until the window resets; only meaningful when not allowed. */
  retryAfter: number;
}

export interface RateLimiter {
  /** Counts one attempt against `limit` for `key`. */
  hit(limit: Limit, key: string): Promise<HitResult>;
  /** Takes back one attempt counted in the current window: it turned out to be the owner's. */
  forgive(limit: Limit, key: string): Promise<void>;
  /** Remembers `key` under `name` for `seconds` (an address an account logged in from). */
  remember(name: string, key: string, seconds: number): Promise<void>;
  remembers(name: string, key: string): Promise<boolean>;
  close(): Promise<void>;
}

export interface MemoryRateLimiter extends RateLimiter {
  /** Entries held: counters, and remembered keys. Neither exceeds `maxKeys`. */
  size(): { counters: number; remembered: number };
}

function result(count: number, limit: Limit, msLeft: number): HitResult {
  return { allowed: count <= limit.max, retryAfter: Math.max(1, Math.ceil(msLeft / 1000)) };
}

/**
 * Counters in this process, at most `maxKeys` of them (and as many remembered keys): past that
 * the least recently used go first, so a flood of fresh usernames costs bounded memory.
 */
export function createMemoryRateLimiter(
  options: { maxKeys: number; now?: () => number } = { maxKeys: 50_000 },
): MemoryRateLimiter {
  const now = options.now ?? Date.now;
  const windows = new LRUCache<string, { count: number; resetAt: number }>({
    max: options.maxKeys,
  });
  const remembered = new LRUCache<string, number>({ max: options.maxKeys });
  // Forget finished windows now and then, so an idle server gives their memory back.
  const sweep = setInterval(() => {
    const time = now();
    const done: string[] = [];
    for (const [id, window] of windows.entries()) if (window.resetAt <= time) done.push(id);
    for (const id of done) windows.delete(id);
  }, 60_000);
  sweep.unref();

  return {
    async hit(limit, key) {
      const id = `${limit.name}:${key}`;
      const time = now();
      let window = windows.get(id);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + limit.windowSeconds * 1000 };
        windows.set(id, window);
      }
      window.count += 1;
      return result(window.count, limit, window.resetAt - time);
    },
    async forgive(limit, key) {
      const window = windows.peek(`${limit.name}:${key}`);
      if (window && window.resetAt > now() && window.count > 0) window.count -= 1;
    },
    async remember(name, key, seconds) {
      remembered.set(`${name}:${key}`, now() + seconds * 1000);
    },
    async remembers(name, key) {
      const until = remembered.get(`${name}:${key}`);
      return until !== undefined && until > now();
    },
    size: () => ({ counters: windows.size, remembered: remembered.size }),
    async close() {
      clearInterval(sweep);
      windows.clear();
      remembered.clear();
    },
  };
}

// INCR and the first window's expiry in one round trip, atomically across servers.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

// Never below zero, and never a counter without expiry: a window that ended stays ended.
const FORGIVE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]))
if count and count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

/**
 * Shares counters through Redis. When Redis cannot answer, attempts are allowed (fail open)
 * and `onError` is told, so an outage degrades protection rather than logins.
 */
export function createRedisRateLimiter(
  redis: Redis,
  options: { prefix: string; onError: (error: Error) => void },
): RateLimiter {
  const failOpen = async <T>(command: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await command();
    } catch (error) {
      options.onError(error as Error);
      return fallback;
    }
  };
  return {
    hit: (limit, key) =>
      failOpen(
        async () => {
          const [count, ttl] = (await redis.eval(
            HIT_SCRIPT,
            1,
            `${options.prefix}${limit.name}:${key}`,
            String(limit.windowSeconds * 1000),
          )) as [number, number];
          return result(count, limit, ttl);
        },
        { allowed: true, retryAfter: 0 },
      ),
    forgive: (limit, key) =>
      failOpen(async () => {
        await redis.eval(FORGIVE_SCRIPT, 1, `${options.prefix}${limit.name}:${key}`);
      }, undefined),
    remember: (name, key, seconds) =>
      failOpen(async () => {
        await redis.set(`${options.prefix}${name}:${key}`, '1', 'EX', seconds);
      }, undefined),
    remembers: (name, key) =>
      failOpen(async () => (await redis.exists(`${options.prefix}${name}:${key}`)) === 1, false),
    async close() {
      redis.disconnect();
    },
  };
}
