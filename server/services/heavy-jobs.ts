// Bounds exports and imports: one per user at a time, HEAVY_JOBS on the server at once, and imports per user per hour.
//
// Not @fastify/rate-limit: it counts requests in a window, while two of these bounds are on work
// in progress (a slot held until the job ends, with a brief queue for the server-wide one). The
// hourly import count is a fixed window like the login limits', shared through Redis when
// REDIS_URL is set (several app servers), in a bounded LRU otherwise.
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** Imports one user may start in an hour. */
export const IMPORTS_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;
/** How long a request waits for a server-wide slot before its 503. */
export const SLOT_WAIT_MS = 2000;

export const HEAVY_JOB_MESSAGES = {
  busyUser:
    'An export or import of this account is already running. Try again when it has finished.',
  busyServer: 'The server is busy with other exports and imports. Try again in a few seconds.',
  importsPerHour: (minutes: number) =>
    `At most ${IMPORTS_PER_HOUR} imports an hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
};

export type HeavyJobKind = 'export' | 'csv' | 'import';

export type Admission =
  | { ok: true; release: () => void }
  | { ok: false; status: 429 | 503; retryAfter: number; detail: string };

/** Counts one user's imports in the current hour; allowed = within IMPORTS_PER_HOUR. */
export interface ImportCounter {
  hit(userId: number): Promise<{ allowed: boolean; retryAfter: number }>;
  close(): Promise<void>;
}

export function memoryImportCounter(now: () => number = Date.now): ImportCounter {
  // One entry per user who imported this hour; the cap bounds memory whatever the traffic.
  const windows = new LRUCache<number, { count: number; resetAt: number }>({ max: 100_000 });
  return {
    async hit(userId) {
      const time = now();
      let window = windows.get(userId);
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + HOUR_MS };
        windows.set(userId, window);
      }
      window.count += 1;
      return {
        allowed: window.count <= IMPORTS_PER_HOUR,
        retryAfter: Math.max(1, Math.ceil((window.resetAt - time) / 1000)),
      };
    },
    async close() {
      windows.clear();
    },
  };
}

// INCR and the window's expiry in one round trip, atomically across servers.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

/** Shared by every app server; fails open (and tells `onError`) while Redis cannot answer. */
export function redisImportCounter(
  redis: Redis,
  prefix: string,
  onError: (error: Error) => void,
): ImportCounter {
  return {
    async hit(userId) {
      try {
        const [count, ttl] = (await redis.eval(
          HIT_SCRIPT,
          1,
          `${prefix}imports:${userId}`,
          String(HOUR_MS),
        )) as [number, number];
        return {
          allowed: count <= IMPORTS_PER_HOUR,
          retryAfter: Math.max(1, Math.ceil(ttl / 1000)),
        };
      } catch (error) {
        onError(error as Error);
        return { allowed: true, retryAfter: 0 };
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}

interface Waiter {
  grant: (granted: boolean) => void;
  timer: NodeJS.Timeout;
}

/**
 * Admits a heavy job or says why not. One job per user per server: a second from the same user
 * is refused at once (429), since it would only wait for the first. Beyond `slots` jobs on the
 * server a request waits up to `waitMs` for one to finish, then gets a 503. The caller must call
 * `release` exactly once when the job's work is over (extra calls do nothing).
 */
export class HeavyJobs {
  #busyUsers = new Set<number>();
  #running = 0;
  #waiting: Waiter[] = [];

  constructor(
    readonly slots: number,
    private readonly imports: ImportCounter,
    private readonly waitMs = SLOT_WAIT_MS,
  ) {}

  get running(): number {
    return this.#running;
  }

  /** Requests waiting for a server-wide slot. */
  get waiting(): number {
    return this.#waiting.length;
  }

  async admit(userId: number, kind: HeavyJobKind): Promise<Admission> {
    if (this.#busyUsers.has(userId)) {
      return { ok: false, status: 429, retryAfter: 5, detail: HEAVY_JOB_MESSAGES.busyUser };
    }
    this.#busyUsers.add(userId);
    const freeUser = () => this.#busyUsers.delete(userId);
    if (kind === 'import') {
      const count = await this.imports.hit(userId);
      if (!count.allowed) {
        freeUser();
        return {
          ok: false,
          status: 429,
          retryAfter: count.retryAfter,
          detail: HEAVY_JOB_MESSAGES.importsPerHour(Math.ceil(count.retryAfter / 60)),
        };
      }
    }
    if (!(await this.#slot())) {
      freeUser();
      return {
        ok: false,
        status: 503,
        retryAfter: Math.ceil(this.waitMs / 1000) + 1,
        detail: HEAVY_JOB_MESSAGES.busyServer,
      };
    }
    let released = false;
    return {
      ok: true,
      release: () => {
        if (released) return;
        released = true;
        freeUser();
        this.#freeSlot();
      },
    };
  }

  #slot(): Promise<boolean> {
    if (this.#running < this.slots) {
      this.#running += 1;
      return Promise.resolve(true);
    }
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        grant: resolve,
        timer: setTimeout(() => {
          this.#waiting = this.#waiting.filter((other) => other !== waiter);
          resolve(false);
        }, this.waitMs),
      };
      this.#waiting.push(waiter);
    });
  }

  /** A finished job's slot goes straight to the longest waiter, if any. */
  #freeSlot(): void {
    const next = this.#waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.grant(true);
    } else {
      this.#running -= 1;
    }
  }

  async close(): Promise<void> {
    for (const waiter of this.#waiting) {
      clearTimeout(waiter.timer);
      waiter.grant(false);
    }
    this.#waiting = [];
    await this.imports.close();
  }
}

/**
 * Each app's HeavyJobs (made by the export routes), by its HTTP server: the one object every
 * plugin scope of an app shares. Read by tests, which wait for a job to be admitted or queued
 * (nothing a client sees marks either) instead of sleeping for it.
 */
export const heavyJobsByServer = new WeakMap<object, HeavyJobs>();
