// Fixed-window attempt counters, in memory for one server or in Redis so several servers share them.
import type { Redis } from 'ioredis';

export interface Limit {
  /** Names the counter family, e.g. "login:ip". */
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
  close(): Promise<void>;
}

function result(count: number, limit: Limit, msLeft: number): HitResult {
  return { allowed: count <= limit.max, retryAfter: Math.max(1, Math.ceil(msLeft / 1000)) };
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  // Forget finished windows now and then so one-off keys (usernames, IPs) do not pile up.
  const sweep = setInterval(() => {
    const time = now();
    for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key);
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
    async close() {
      clearInterval(sweep);
      windows.clear();
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

/**
 * Shares counters through Redis. When Redis cannot answer, attempts are allowed (fail open)
 * and `onError` is told, so an outage degrades protection rather than logins.
 */
export function createRedisRateLimiter(
  redis: Redis,
  options: { prefix: string; onError: (error: Error) => void },
): RateLimiter {
  return {
    async hit(limit, key) {
      try {
        const [count, ttl] = (await redis.eval(
          HIT_SCRIPT,
          1,
          `${options.prefix}${limit.name}:${key}`,
          String(limit.windowSeconds * 1000),
        )) as [number, number];
        return result(count, limit, ttl);
      } catch (error) {
        options.onError(error as Error);
        return { allowed: true, retryAfter: 0 };
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}
