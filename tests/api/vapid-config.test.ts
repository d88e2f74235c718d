// VAPID and reminder settings: generated once on SQLite (0600, stable across restarts), required with PostgreSQL, checked at start-up.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../server/config.js';
import { TEST_VAPID_ENV } from '../support/test-app.js';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'monthbook-vapid-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: Record<string, string> = {}) =>
  loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40), ...env });

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR on SQLite, readable by the server only, and kept', () => {
    const first = load().vapid;
    const file = join(dataDir, 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      publicKey: first.publicKey,
      privateKey: first.privateKey,
    });
    expect(load().vapid).toEqual(first);
  });

  it('come from the environment when set (nothing written)', () => {
    const { vapid } = load({ ...TEST_VAPID_ENV });
    expect(vapid.publicKey).toBe(TEST_VAPID_ENV.VAPID_PUBLIC_KEY);
    expect(vapid.privateKey).toBe(TEST_VAPID_ENV.VAPID_PRIVATE_KEY);
    expect(() => statSync(join(dataDir, 'vapid-keys.json'))).toThrow();
  });

  it('are required with PostgreSQL', () => {
    expect(() => load({ DATABASE_URL: 'postgres://db/x' })).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required with PostgreSQL/,
    );
    expect(load({ DATABASE_URL: 'postgres://db/x', ...TEST_VAPID_ENV }).vapid.publicKey).toBe(
      TEST_VAPID_ENV.VAPID_PUBLIC_KEY,
    );
  });

  it.each([
    [{ VAPID_PUBLIC_KEY: TEST_VAPID_ENV.VAPID_PUBLIC_KEY }, /must be set together/],
    [{ VAPID_PRIVATE_KEY: TEST_VAPID_ENV.VAPID_PRIVATE_KEY }, /must be set together/],
    [{ ...TEST_VAPID_ENV, VAPID_PUBLIC_KEY: 'abc' }, /VAPID_PUBLIC_KEY must be a P-256 public key/],
    [
      { ...TEST_VAPID_ENV, VAPID_PRIVATE_KEY: 'a+b/c' },
      /VAPID_PRIVATE_KEY must be a P-256 private key/,
    ],
    [
      { ...TEST_VAPID_ENV, VAPID_SUBJECT: 'admin@example.com' },
      /VAPID_SUBJECT must be a mailto: or https: URL/,
    ],
    [{ REMINDERS: 'sometimes' }, /REMINDERS must be one of on, off/],
  ])('refuses %j', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });

  it('refuses a damaged key file instead of replacing it', () => {
    writeFileSync(join(dataDir, 'vapid-keys.json'), '{"publicKey":"x"}');
    expect(() => load()).toThrow(/holds no usable VAPID keys/);
  });

  it('name MAIL_FROM as the subject unless VAPID_SUBJECT says otherwise', () => {
    expect(load({ MAIL_FROM: 'Monthbook <hello@monthbook.example>' }).vapid.subject).toBe(
      'mailto:hello@monthbook.example',
    );
    expect(load({ MAIL_FROM: 'hi@monthbook.example' }).vapid.subject).toBe(
      'mailto:hi@monthbook.example',
    );
    expect(load({ VAPID_SUBJECT: 'https://monthbook.example/contact' }).vapid.subject).toBe(
      'https://monthbook.example/contact',
    );
  });
});

describe('REMINDERS', () => {
  it('is on by default and off when asked', () => {
    expect(load().reminders).toBe(true);
    expect(load({ REMINDERS: 'off' }).reminders).toBe(false);
  });
});
