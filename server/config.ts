// Reads and validates every setting from the environment once, at start-up.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { getHeapStatistics } from 'node:v8';

export type BillingMode = 'local' | 'stripe' | 'off';

export type DatabaseConfig =
  | { kind: 'sqlite'; path: string }
  | { kind: 'postgres'; url: string; poolSize: number };

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  priceMonthly: string;
  priceOnce: string;
  launchCoupon: string | null;
  apiUrl: string | null;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  jwtSecret: string;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  corsOrigins: string[];
  redisUrl: string | null;
  /** Prefix of the rate-limit keys in Redis, so several deployments can share one Redis. */
  redisPrefix: string;
  rateLimit: boolean;
  /** Most entries in each in-memory rate-limit store (counters, remembered login addresses). */
  rateLimitMaxKeys: number;
  /** Fastify's trustProxy: false, true, or a comma-separated list of proxy addresses. */
  trustProxy: boolean | string;
  publicUrl: string;
  billing: BillingMode;
  /** BILLING was not set, so the built-in test checkout is on: worth a warning in production. */
  billingDefaulted: boolean;
  /** NODE_ENV is production (main.ts makes it so unless the environment says otherwise). */
  production: boolean;
  stripe: StripeConfig | null;
  logLevel: string;
  /** Directory of the built browser app; null when the API runs alone. */
  webDir: string | null;
  /** Exports and imports the server runs at once (each on a worker thread); more wait briefly, then 503. */
  heavyJobs: number;
  /** Past either limit the server answers 503 at once instead of queueing (0 turns one off). */
  pressure: { maxEventLoopDelayMs: number; maxHeapUsedBytes: number };
  /** Argon2 cost; tests lower it, production keeps OWASP's parameters. */
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  /** SMTP_URL and MAIL_FROM; without an SMTP URL mail goes to DATA_DIR/outbox and the log, unsent. */
  mail: MailConfig;
}

export interface MailConfig {
  smtpUrl: string | null;
  /** The From header, e.g. `Monthbook <no-reply@example.com>`. */
  from: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function integer(env: Env, key: string, fallback: number, min: number, max: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${key} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

/** Durations accept plain seconds or a number with s, m, h or d. */
export function parseDuration(key: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const match = /^(\d+)\s*([smhd]?)$/.exec(raw.trim());
  if (!match)
    throw new ConfigError(`${key} must be a duration like 1800, 30m, 12h or 1d, got "${raw}"`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2] as '' | 's' | 'm' | 'h' | 'd'];
  const seconds = Number(match[1]) * unit;
  if (seconds < 1) throw new ConfigError(`${key} must be at least one second`);
  return seconds;
}

function oneOf<T extends string>(env: Env, key: string, allowed: readonly T[], fallback: T): T {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw new ConfigError(`${key} must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

function databaseConfig(env: Env, dataDir: string): DatabaseConfig {
  const url = env.DATABASE_URL;
  if (url === undefined || url === '')
    return { kind: 'sqlite', path: join(dataDir, 'monthbook.sqlite') };
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length);
    if (path === '')
      throw new ConfigError(
        'DATABASE_URL file: needs a path, e.g. file:/var/lib/monthbook/db.sqlite',
      );
    return { kind: 'sqlite', path: isAbsolute(path) ? path : resolve(path) };
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    return { kind: 'postgres', url, poolSize: integer(env, 'DATABASE_POOL_SIZE', 10, 1, 200) };
  }
  throw new ConfigError('DATABASE_URL must start with file:, postgres:// or postgresql://');
}

/** The embedded default keeps a generated secret in DATA_DIR (mode 0600) so tokens survive restarts. */
function jwtSecret(env: Env, dataDir: string, database: DatabaseConfig): string {
  const fromEnv = env.JWT_SECRET;
  if (fromEnv !== undefined && fromEnv !== '') {
    if (fromEnv.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
    return fromEnv;
  }
  if (database.kind === 'postgres') {
    throw new ConfigError(
      'JWT_SECRET is required with PostgreSQL: every app server must share the same secret',
    );
  }
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length < 32) {
      throw new ConfigError(`${file} holds no usable secret; delete it to generate a new one`);
    }
    return stored;
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}

function stripeConfig(env: Env): StripeConfig {
  const required = [
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_PRICE_MONTHLY',
    'STRIPE_PRICE_ONCE',
    'PUBLIC_URL',
  ];
  const missing = required.filter((key) => !env[key]);
  if (missing.length > 0) {
    throw new ConfigError(`BILLING=stripe needs ${missing.join(', ')}`);
  }
  return {
    secretKey: env.STRIPE_SECRET_KEY!,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
    priceMonthly: env.STRIPE_PRICE_MONTHLY!,
    priceOnce: env.STRIPE_PRICE_ONCE!,
    launchCoupon: env.STRIPE_LAUNCH_COUPON || null,
    apiUrl: env.STRIPE_API_URL || null,
  };
}

function redisUrl(env: Env): string | null {
  const raw = env.REDIS_URL;
  if (raw === undefined || raw === '') return null;
  if (!/^rediss?:\/\//.test(raw)) {
    throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  }
  return raw;
}

function trustProxy(env: Env): boolean | string {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  // Addresses or CIDR ranges, e.g. "127.0.0.1,10.0.0.0/8".
  if (!/^[\d.:a-fA-F/,\s]+$/.test(raw) || !/[.:]/.test(raw)) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false or a comma-separated list of proxy addresses, got "${raw}"`,
    );
  }
  return raw;
}

/** SMTP_URL as nodemailer reads it (smtp:// or smtps://, credentials and ?options allowed). */
function mailConfig(env: Env, publicUrl: string): MailConfig {
  const raw = (env.SMTP_URL ?? '').trim();
  if (raw !== '' && !/^smtps?:\/\/[^/?#]+/.test(raw)) {
    throw new ConfigError('SMTP_URL must look like smtp://user:pass@host:587 or smtps://host:465');
  }
  const from =
    (env.MAIL_FROM ?? '').trim() || `Monthbook <no-reply@${new URL(publicUrl).hostname}>`;
  // A bare address, or a display name with the address in angle brackets; no line breaks.
  if (!/^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(from)) {
    throw new ConfigError(
      `MAIL_FROM must be an address or "Name <address>", got "${env.MAIL_FROM ?? ''}"`,
    );
  }
  return { smtpUrl: raw === '' ? null : raw, from };
}

const MB = 1024 * 1024;

/** 90% of the heap V8 allows this process (set by --max-old-space-size, else by the machine's memory). */
const defaultMaxHeapMb = () => Math.floor((getHeapStatistics().heap_size_limit * 0.9) / MB);

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const host = env.HOST || '0.0.0.0';
  const dataDir = resolve(env.DATA_DIR || './data');
  // Only this server's user may read the database and the JWT secret.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const database = databaseConfig(env, dataDir);
  const billing = oneOf(env, 'BILLING', ['local', 'stripe', 'off'] as const, 'local');
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute URL, got "${publicUrl}"`);
  }
  const corsOrigins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const webDir = env.WEB_DIR === '' ? null : resolve(env.WEB_DIR || 'dist/web');
  return {
    port,
    host,
    dataDir,
    database,
    jwtSecret: jwtSecret(env, dataDir, database),
    accessTokenTtl: parseDuration('ACCESS_TOKEN_TTL', env.ACCESS_TOKEN_TTL, 30 * 60),
    refreshTokenTtl: parseDuration('REFRESH_TOKEN_TTL', env.REFRESH_TOKEN_TTL, 24 * 60 * 60),
    corsOrigins,
    redisUrl: redisUrl(env),
    redisPrefix: env.REDIS_PREFIX || 'monthbook:rl:',
    rateLimit: oneOf(env, 'RATE_LIMIT', ['on', 'off'] as const, 'on') === 'on',
    rateLimitMaxKeys: integer(env, 'RATE_LIMIT_MAX_KEYS', 50_000, 100, 10_000_000),
    trustProxy: trustProxy(env),
    publicUrl,
    billing,
    billingDefaulted: !env.BILLING,
    production: env.NODE_ENV === 'production',
    stripe: billing === 'stripe' ? stripeConfig(env) : null,
    logLevel: oneOf(
      env,
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const,
      'info',
    ),
    webDir,
    heavyJobs: integer(env, 'HEAVY_JOBS', 2, 1, 64),
    pressure: {
      maxEventLoopDelayMs: integer(env, 'MAX_EVENT_LOOP_DELAY_MS', 1000, 0, 60_000),
      maxHeapUsedBytes: integer(env, 'MAX_HEAP_USED_MB', defaultMaxHeapMb(), 0, 1_048_576) * MB,
    },
    // OWASP: argon2id, m=19 MiB, t=2, p=1.
    argon2: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
    mail: mailConfig(env, publicUrl),
  };
}
