// The config module: defaults, validation errors that name the setting, the generated JWT secret.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { ConfigError, loadConfig, parseDuration } from '../../server/config.js';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'monthbook-config-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const load = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('defaults', () => {
  it('serves on port 3000 from SQLite under DATA_DIR with the reference token lifetimes', () => {
    const config = load();
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: resolve(dataDir),
      database: { kind: 'sqlite', path: join(resolve(dataDir), 'monthbook.sqlite') },
      accessTokenTtl: 30 * 60,
      refreshTokenTtl: 24 * 60 * 60,
      corsOrigins: [],
      redisUrl: null,
      rateLimit: true,
      trustProxy: false,
      publicUrl: 'http://localhost:3000',
      billing: 'local',
      stripe: null,
      logLevel: 'info',
      webDir: resolve('dist/web'),
    });
  });

  it('sheds load past 1 s of event-loop delay or 90% of the heap V8 allows', () => {
    const { maxEventLoopDelayMs, maxHeapUsedBytes } = load().pressure;
    expect(maxEventLoopDelayMs).toBe(1000);
    const limit = getHeapStatistics().heap_size_limit;
    expect(maxHeapUsedBytes).toBeGreaterThan(limit * 0.89);
    expect(maxHeapUsedBytes).toBeLessThanOrEqual(limit * 0.9);
  });

  it('uses OWASP argon2id parameters', () => {
    expect(load().argon2).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });
});

describe('settings', () => {
  it('reads every setting it is given', () => {
    const config = load({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@db:5432/monthbook',
      DATABASE_POOL_SIZE: '25',
      JWT_SECRET: 'x'.repeat(40),
      VAPID_PUBLIC_KEY:
        'BG40xWlBfY1MMssLx7OrjKrElkTPeYrdFr9d-quADOCmwFkWPb42EH4z57YdlqoTagKHvm5mV463Q7k1Z8kynqM',
      VAPID_PRIVATE_KEY: 'lIOOx0HuflEJY0Xj_FQ5Be4zH7RvANCuWRjHNDOdTuU',
      ACCESS_TOKEN_TTL: '15m',
      REFRESH_TOKEN_TTL: '7d',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      REDIS_URL: 'redis://cache:6379',
      REDIS_PREFIX: 'mb:',
      RATE_LIMIT: 'off',
      TRUST_PROXY: '10.0.0.0/8,127.0.0.1',
      PUBLIC_URL: 'https://monthbook.example/',
      BILLING: 'off',
      LOG_LEVEL: 'warn',
      WEB_DIR: '',
      MAX_EVENT_LOOP_DELAY_MS: '250',
      MAX_HEAP_USED_MB: '400',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      database: { kind: 'postgres', url: 'postgres://u@db:5432/monthbook', poolSize: 25 },
      jwtSecret: 'x'.repeat(40),
      accessTokenTtl: 900,
      refreshTokenTtl: 7 * 86400,
      corsOrigins: ['https://a.example', 'https://b.example'],
      redisUrl: 'redis://cache:6379',
      redisPrefix: 'mb:',
      rateLimit: false,
      trustProxy: '10.0.0.0/8,127.0.0.1',
      publicUrl: 'https://monthbook.example',
      billing: 'off',
      logLevel: 'warn',
      webDir: null,
      pressure: { maxEventLoopDelayMs: 250, maxHeapUsedBytes: 400 * 1024 * 1024 },
    });
  });

  it('puts SQLite where a file: DATABASE_URL says', () => {
    expect(load({ DATABASE_URL: 'file:/tmp/x/mb.sqlite' }).database).toEqual({
      kind: 'sqlite',
      path: '/tmp/x/mb.sqlite',
    });
  });

  it('accepts TRUST_PROXY=true', () => {
    expect(load({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it.each([
    ['1800', 1800],
    ['45s', 45],
    ['30m', 1800],
    ['12h', 43200],
    ['1d', 86400],
  ])('reads the duration %s as %i seconds', (raw, seconds) => {
    expect(parseDuration('ACCESS_TOKEN_TTL', raw, 1)).toBe(seconds);
  });
});

describe('bad values', () => {
  it.each([
    [{ PORT: 'http' }, 'PORT must be an integer between 0 and 65535, got "http"'],
    [{ PORT: '70000' }, 'PORT must be an integer between 0 and 65535, got "70000"'],
    [
      { DATABASE_URL: 'mysql://x' },
      'DATABASE_URL must start with file:, postgres:// or postgresql://',
    ],
    [{ DATABASE_URL: 'file:' }, 'DATABASE_URL file: needs a path'],
    [
      { DATABASE_URL: 'postgres://db/x', JWT_SECRET: 'x'.repeat(40), DATABASE_POOL_SIZE: '0' },
      'DATABASE_POOL_SIZE must be an integer between 1 and 200',
    ],
    [{ DATABASE_URL: 'postgres://db/x' }, 'JWT_SECRET is required with PostgreSQL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters'],
    [{ ACCESS_TOKEN_TTL: '30 minutes' }, 'ACCESS_TOKEN_TTL must be a duration like 1800, 30m'],
    [{ REFRESH_TOKEN_TTL: '0' }, 'REFRESH_TOKEN_TTL must be at least one second'],
    [{ RATE_LIMIT: 'yes' }, 'RATE_LIMIT must be one of on, off, got "yes"'],
    [{ BILLING: 'free' }, 'BILLING must be one of local, stripe, off, got "free"'],
    [{ BILLING: 'stripe' }, 'BILLING=stripe needs STRIPE_SECRET_KEY'],
    [
      { LOG_LEVEL: 'loud' },
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    ],
    [{ PUBLIC_URL: 'monthbook.example' }, 'PUBLIC_URL must be an absolute URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL must start with redis:// or rediss://'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY must be true, false or a comma-separated list'],
    [{ MAX_EVENT_LOOP_DELAY_MS: '1s' }, 'MAX_EVENT_LOOP_DELAY_MS must be an integer between 0'],
    [{ MAX_HEAP_USED_MB: '-1' }, 'MAX_HEAP_USED_MB must be an integer between 0'],
  ])('refuses %j with a ConfigError naming the setting', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });

  it('does not echo a REDIS_URL that may hold a password', () => {
    expect(() => load({ REDIS_URL: 'http://:hunter2@cache' })).not.toThrow(/hunter2/);
  });
});

describe('DATA_DIR', () => {
  it('is created readable by this user only (0700), with its parents', () => {
    const nested = join(dataDir, 'var', 'monthbook');
    loadConfig({ DATA_DIR: nested });
    expect(statSync(nested).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, 'var')).mode & 0o777).toBe(0o700);
  });
});

describe('the generated JWT secret', () => {
  it('is written once with mode 0600 and reused on the next start', () => {
    const first = load().jwtSecret;
    const file = join(dataDir, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(load().jwtSecret).toBe(first);
  });

  it('refuses a damaged secret file instead of signing with it', () => {
    writeFileSync(join(dataDir, 'jwt-secret'), '\n');
    expect(() => load()).toThrow('holds no usable secret; delete it to generate a new one');
  });

  it('is not used when JWT_SECRET is set', () => {
    const secret = 'y'.repeat(48);
    expect(load({ JWT_SECRET: secret }).jwtSecret).toBe(secret);
  });

  it('differs between two data directories', () => {
    const other = mkdtempSync(join(tmpdir(), 'monthbook-config-'));
    try {
      expect(loadConfig({ DATA_DIR: other }).jwtSecret).not.toBe(load().jwtSecret);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
