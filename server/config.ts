// Reads every setting from the environment once, at start-up, validated by env-schema against one TypeBox schema.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { type Static, Type } from '@sinclair/typebox';
import envSchema from 'env-schema';
import webpush from 'web-push';

export type BillingMode = 'local' | 'stripe' | 'off';

export type DatabaseConfig =
  | { kind: 'sqlite'; path: string }
  | {
      kind: 'postgres';
      url: string;
      poolSize: number;
      /**
       * PostgreSQL's statement_timeout on every pooled connection, in ms (0: none). A request
       * the client gave up on would otherwise keep its query, and a connection, busy.
       */
      statementTimeoutMs?: number;
    };

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
  /** Web push's VAPID key pair (base64url) and the subject push services may contact. */
  vapid: VapidConfig;
  /** REMINDERS=off stops the reminder scheduler on this server (the routes still work). */
  reminders: boolean;
  /** PUSH_ALLOW_PRIVATE=on lets pushes reach loopback and private addresses (tests, local push services). */
  pushAllowPrivate: boolean;
}

export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: URL naming the sender, sent to push services in the VAPID JWT. */
  subject: string;
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

const oneOf = <const T extends string>(values: readonly T[], options: { default?: T } = {}) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  );
const integer = (minimum: number, maximum: number, fallback?: number) =>
  Type.Integer({ minimum, maximum, ...(fallback === undefined ? {} : { default: fallback }) });
const DURATION = '^\\s*\\d+\\s*[smhd]?\\s*$';

/**
 * Every variable the server reads, with its type, range and default: env-schema validates the
 * environment against it at start-up. Settings whose default depends on another (PUBLIC_URL,
 * MAIL_FROM, MAX_HEAP_USED_MB) or that one setting makes required (JWT_SECRET and the VAPID keys
 * with PostgreSQL, the Stripe keys with BILLING=stripe) are completed in loadConfig.
 */
export const ENV_SCHEMA = Type.Object({
  PORT: integer(0, 65535, 3000),
  HOST: Type.String({ default: '0.0.0.0' }),
  DATA_DIR: Type.String({ default: './data' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^(file:|postgres://|postgresql://)' })),
  DATABASE_POOL_SIZE: integer(1, 200, 10),
  DATABASE_STATEMENT_TIMEOUT_MS: integer(0, 3_600_000, 10_000),
  JWT_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  ACCESS_TOKEN_TTL: Type.String({ pattern: DURATION, default: '30m' }),
  REFRESH_TOKEN_TTL: Type.String({ pattern: DURATION, default: '1d' }),
  CORS_ORIGINS: Type.String({ default: '' }),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  REDIS_PREFIX: Type.String({ default: 'monthbook:rl:' }),
  RATE_LIMIT: oneOf(['on', 'off'], { default: 'on' }),
  RATE_LIMIT_MAX_KEYS: integer(100, 10_000_000, 50_000),
  // true, false, or addresses or CIDR ranges, e.g. "127.0.0.1,10.0.0.0/8".
  TRUST_PROXY: Type.String({
    pattern: '^(true|false|[\\d.:a-fA-F/,\\s]*[.:][\\d.:a-fA-F/,\\s]*)$',
    default: 'false',
  }),
  PUBLIC_URL: Type.Optional(Type.String()),
  BILLING: Type.Optional(oneOf(['local', 'stripe', 'off'])),
  STRIPE_SECRET_KEY: Type.Optional(Type.String()),
  STRIPE_WEBHOOK_SECRET: Type.Optional(Type.String()),
  STRIPE_PRICE_MONTHLY: Type.Optional(Type.String()),
  STRIPE_PRICE_ONCE: Type.Optional(Type.String()),
  STRIPE_LAUNCH_COUPON: Type.Optional(Type.String()),
  STRIPE_API_URL: Type.Optional(Type.String()),
  NODE_ENV: Type.Optional(Type.String()),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    default: 'info',
  }),
  /** Empty: the API runs alone. */
  WEB_DIR: Type.String({ default: 'dist/web' }),
  HEAVY_JOBS: integer(1, 64, 2),
  MAX_EVENT_LOOP_DELAY_MS: integer(0, 60_000, 1000),
  MAX_HEAP_USED_MB: Type.Optional(integer(0, 1_048_576)),
  // As nodemailer reads it: smtp:// or smtps://, credentials and ?options allowed.
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://[^/?#]+' })),
  // A bare address, or a display name with the address in angle brackets; no line breaks.
  MAIL_FROM: Type.Optional(
    Type.String({
      pattern: '^(?:[^<>\\r\\n]*<[^\\s<>@]+@[^\\s<>@]+>|[^\\s<>@]+@[^\\s<>@]+)$',
    }),
  ),
  VAPID_PUBLIC_KEY: Type.Optional(Type.String()),
  VAPID_PRIVATE_KEY: Type.Optional(Type.String()),
  VAPID_SUBJECT: Type.Optional(
    Type.String({ pattern: '^(mailto:[^\\s@]+@[^\\s@]+|https://\\S+)$' }),
  ),
  REMINDERS: oneOf(['on', 'off'], { default: 'on' }),
  PUSH_ALLOW_PRIVATE: oneOf(['on', 'off'], { default: 'off' }),
});

type Settings = Static<typeof ENV_SCHEMA>;
type Key = keyof Settings;

/** Read with surrounding spaces removed, as people paste keys and addresses. */
const TRIMMED: readonly Key[] = [
  'TRUST_PROXY',
  'SMTP_URL',
  'MAIL_FROM',
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
  'VAPID_SUBJECT',
];

/** Messages for values a pattern refuses; none repeats a URL, which may hold a password. */
const PATTERN_MESSAGES: Partial<Record<Key, (raw: string) => string>> = {
  DATABASE_URL: () => 'DATABASE_URL must start with file:, postgres:// or postgresql://',
  JWT_SECRET: () => 'JWT_SECRET must be at least 32 characters',
  ACCESS_TOKEN_TTL: (raw) =>
    `ACCESS_TOKEN_TTL must be a duration like 1800, 30m, 12h or 1d, got "${raw}"`,
  REFRESH_TOKEN_TTL: (raw) =>
    `REFRESH_TOKEN_TTL must be a duration like 1800, 30m, 12h or 1d, got "${raw}"`,
  REDIS_URL: () => 'REDIS_URL must start with redis:// or rediss://',
  TRUST_PROXY: (raw) =>
    `TRUST_PROXY must be true, false or a comma-separated list of proxy addresses, got "${raw}"`,
  SMTP_URL: () => 'SMTP_URL must look like smtp://user:pass@host:587 or smtps://host:465',
  MAIL_FROM: (raw) => `MAIL_FROM must be an address or "Name <address>", got "${raw}"`,
  VAPID_SUBJECT: (raw) => `VAPID_SUBJECT must be a mailto: or https: URL, got "${raw}"`,
};

/** The message for the first setting the schema refused, naming it and, where safe, its value. */
function refusal(errors: ReadonlyArray<{ instancePath: string }>, raw: Env): ConfigError {
  const key = (errors[0]?.instancePath.slice(1) ?? '') as Key;
  const schema = ENV_SCHEMA.properties[key] as {
    type?: string;
    minimum?: number;
    maximum?: number;
    anyOf?: { const: string }[];
  };
  const value = raw[key] ?? '';
  if (schema?.type === 'integer') {
    return new ConfigError(
      `${key} must be an integer between ${schema.minimum} and ${schema.maximum}, got "${value}"`,
    );
  }
  if (schema?.anyOf) {
    const allowed = schema.anyOf.map((literal) => literal.const).join(', ');
    return new ConfigError(`${key} must be one of ${allowed}, got "${value}"`);
  }
  return new ConfigError(PATTERN_MESSAGES[key]?.(value) ?? `${key} is not valid`);
}

/**
 * The environment validated against ENV_SCHEMA, defaults filled in. An empty variable counts as
 * unset (a compose file's `PORT=` takes the default), except WEB_DIR, where empty means no app.
 */
function readSettings(env: Env): Settings {
  const given: Env = {};
  for (const key of Object.keys(ENV_SCHEMA.properties) as Key[]) {
    let value = env[key];
    if (value !== undefined && TRIMMED.includes(key)) value = value.trim();
    if (value !== undefined && (value !== '' || key === 'WEB_DIR')) given[key] = value;
  }
  try {
    return envSchema<Settings>({ schema: ENV_SCHEMA, data: given, env: false, dotenv: false });
  } catch (error) {
    const errors = (error as { errors?: { instancePath: string }[] }).errors;
    if (errors) throw refusal(errors, given);
    throw error;
  }
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

function databaseConfig(settings: Settings, dataDir: string): DatabaseConfig {
  const url = settings.DATABASE_URL;
  if (url === undefined) return { kind: 'sqlite', path: join(dataDir, 'monthbook.sqlite') };
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length);
    if (path === '')
      throw new ConfigError(
        'DATABASE_URL file: needs a path, e.g. file:/var/lib/monthbook/db.sqlite',
      );
    return { kind: 'sqlite', path: isAbsolute(path) ? path : resolve(path) };
  }
  return {
    kind: 'postgres',
    url,
    poolSize: settings.DATABASE_POOL_SIZE,
    statementTimeoutMs: settings.DATABASE_STATEMENT_TIMEOUT_MS,
  };
}

/** The embedded default keeps a generated secret in DATA_DIR (mode 0600) so tokens survive restarts. */
function jwtSecret(settings: Settings, dataDir: string, database: DatabaseConfig): string {
  if (settings.JWT_SECRET !== undefined) return settings.JWT_SECRET;
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

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (both or neither). Unset on SQLite: a pair made once with
 * web-push's generateVAPIDKeys is kept in DATA_DIR/vapid-keys.json (mode 0600), like the JWT
 * secret, so browsers' subscriptions survive restarts. Required with PostgreSQL: every app server
 * must sign pushes with the same key the browsers subscribed with.
 */
function vapidConfig(
  settings: Settings,
  dataDir: string,
  database: DatabaseConfig,
  from: string,
): VapidConfig {
  const publicKey = settings.VAPID_PUBLIC_KEY ?? '';
  const privateKey = settings.VAPID_PRIVATE_KEY ?? '';
  const subject = settings.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(from)?.[1] ?? from}`;
  const check = (pair: { publicKey: string; privateKey: string }, where: string) => {
    const pub = Buffer.from(pair.publicKey, 'base64url');
    const priv = Buffer.from(pair.privateKey, 'base64url');
    if (!/^[\w-]+$/.test(pair.publicKey) || pub.length !== 65 || pub[0] !== 4) {
      throw new ConfigError(
        `${where}: VAPID_PUBLIC_KEY must be a P-256 public key in base64url (65 bytes)`,
      );
    }
    if (!/^[\w-]+$/.test(pair.privateKey) || priv.length !== 32) {
      throw new ConfigError(
        `${where}: VAPID_PRIVATE_KEY must be a P-256 private key in base64url (32 bytes)`,
      );
    }
  };
  if (publicKey !== '' || privateKey !== '') {
    if (publicKey === '' || privateKey === '') {
      throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
    }
    check({ publicKey, privateKey }, 'VAPID keys');
    return { publicKey, privateKey, subject };
  }
  if (database.kind === 'postgres') {
    throw new ConfigError(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required with PostgreSQL: every app server must sign web pushes with the same key (make a pair with `npx web-push generate-vapid-keys`)',
    );
  }
  const file = join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    let stored: { publicKey: string; privateKey: string };
    try {
      stored = JSON.parse(readFileSync(file, 'utf8'));
      check(stored, file);
    } catch {
      throw new ConfigError(`${file} holds no usable VAPID keys; delete it to generate new ones`);
    }
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  const pair = webpush.generateVAPIDKeys();
  writeFileSync(file, `${JSON.stringify(pair)}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return { ...pair, subject };
}

function stripeConfig(settings: Settings): StripeConfig {
  const {
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_MONTHLY: priceMonthly,
    STRIPE_PRICE_ONCE: priceOnce,
  } = settings;
  if (!secretKey || !webhookSecret || !priceMonthly || !priceOnce || !settings.PUBLIC_URL) {
    const required = [
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_MONTHLY',
      'STRIPE_PRICE_ONCE',
      'PUBLIC_URL',
    ] as const;
    const missing = required.filter((key) => !settings[key]);
    throw new ConfigError(`BILLING=stripe needs ${missing.join(', ')}`);
  }
  return {
    secretKey,
    webhookSecret,
    priceMonthly,
    priceOnce,
    launchCoupon: settings.STRIPE_LAUNCH_COUPON ?? null,
    apiUrl: settings.STRIPE_API_URL ?? null,
  };
}

function trustProxy(raw: string): boolean | string {
  if (raw === 'false') return false;
  if (raw === 'true') return true;
  return raw;
}

const MB = 1024 * 1024;

/** 90% of the heap V8 allows this process (set by --max-old-space-size, else by the machine's memory). */
const defaultMaxHeapMb = () => Math.floor((getHeapStatistics().heap_size_limit * 0.9) / MB);

export function loadConfig(env: Env = process.env): Config {
  const settings = readSettings(env);
  const port = settings.PORT;
  const dataDir = resolve(settings.DATA_DIR);
  // Only this server's user may read the database and the JWT secret.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const database = databaseConfig(settings, dataDir);
  const billing = settings.BILLING ?? 'local';
  const publicUrl = (settings.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  let publicHost: string;
  try {
    publicHost = new URL(publicUrl).hostname;
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute URL, got "${publicUrl}"`);
  }
  const mail: MailConfig = {
    smtpUrl: settings.SMTP_URL ?? null,
    from: settings.MAIL_FROM ?? `Monthbook <no-reply@${publicHost}>`,
  };
  return {
    port,
    host: settings.HOST,
    dataDir,
    database,
    jwtSecret: jwtSecret(settings, dataDir, database),
    accessTokenTtl: parseDuration('ACCESS_TOKEN_TTL', settings.ACCESS_TOKEN_TTL, 30 * 60),
    refreshTokenTtl: parseDuration('REFRESH_TOKEN_TTL', settings.REFRESH_TOKEN_TTL, 24 * 60 * 60),
    corsOrigins: settings.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    redisUrl: settings.REDIS_URL ?? null,
    redisPrefix: settings.REDIS_PREFIX,
    rateLimit: settings.RATE_LIMIT === 'on',
    rateLimitMaxKeys: settings.RATE_LIMIT_MAX_KEYS,
    trustProxy: trustProxy(settings.TRUST_PROXY),
    publicUrl,
    billing,
    billingDefaulted: settings.BILLING === undefined,
    production: settings.NODE_ENV === 'production',
    stripe: billing === 'stripe' ? stripeConfig(settings) : null,
    logLevel: settings.LOG_LEVEL,
    webDir: settings.WEB_DIR === '' ? null : resolve(settings.WEB_DIR),
    heavyJobs: settings.HEAVY_JOBS,
    pressure: {
      maxEventLoopDelayMs: settings.MAX_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes: (settings.MAX_HEAP_USED_MB ?? defaultMaxHeapMb()) * MB,
    },
    // OWASP: argon2id, m=19 MiB, t=2, p=1.
    argon2: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
    mail,
    vapid: vapidConfig(settings, dataDir, database, mail.from),
    reminders: settings.REMINDERS === 'on',
    pushAllowPrivate: settings.PUSH_ALLOW_PRIVATE === 'on',
  };
}
