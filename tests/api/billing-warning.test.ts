// Start-up warning: a production server whose BILLING is unset runs the test checkout anyone can use.
import { Writable } from 'node:stream';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db/database.js';
import { TEST_CHECKOUT_WARNING } from '../../server/routes/billing-local.js';
import { buildTestApp, TEST_VAPID_ENV, type TestApp } from '../support/test-app.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

/** The warnings a freshly started app logs with these settings. */
async function startUpWarnings(env: Record<string, string>): Promise<string[]> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).trim().split('\n'));
      done();
    },
  });
  const config = loadConfig({
    DATA_DIR: testApp.config.dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ...TEST_VAPID_ENV,
    WEB_DIR: '',
    ...(testApp.config.database.kind === 'postgres'
      ? { DATABASE_URL: testApp.config.database.url }
      : {}),
    ...env,
  });
  const database = openDatabase(config.database);
  const app = await buildApp({ config, database, logger: { level: 'warn', stream } });
  await app.ready();
  await app.close();
  return lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
}

it('warns once, loudly, when BILLING is unset in production', async () => {
  const warnings = await startUpWarnings({ NODE_ENV: 'production' });
  expect(warnings.filter((message) => message === TEST_CHECKOUT_WARNING)).toHaveLength(1);
  expect(TEST_CHECKOUT_WARNING).toContain('anyone');
});

it.each([
  ['BILLING=local chosen on purpose', { NODE_ENV: 'production', BILLING: 'local' }],
  ['BILLING=off', { NODE_ENV: 'production', BILLING: 'off' }],
  ['outside production', { NODE_ENV: 'development' }],
])('stays quiet with %s', async (_case, env) => {
  const warnings = await startUpWarnings(env);
  expect(warnings).not.toContain(TEST_CHECKOUT_WARNING);
});
