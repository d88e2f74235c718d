// GET /api/health: 200 while the database answers, 503 with a detail when it does not (overload: under-pressure.test.ts).
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db/database.js';
import { HEALTH_UNAVAILABLE } from '../../server/routes/health.js';
import { buildTestApp, TEST_VAPID_ENV, type TestApp } from '../support/test-app.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

it('answers ok after pinging the database, with and without the trailing slash', async () => {
  const ping = vi.spyOn(testApp.database, 'ping');
  for (const url of ['/api/health', '/api/health/']) {
    const response = await testApp.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', pressure: null });
  }
  expect(ping).toHaveBeenCalledTimes(2);
  ping.mockRestore();
});

it('needs no credentials', async () => {
  const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(200);
});

it('answers 503 with a detail, not internals, when the ping fails', async () => {
  const ping = vi
    .spyOn(testApp.database, 'ping')
    .mockRejectedValueOnce(new Error('SQLITE_IOERR: disk I/O error at /secret/path'));
  const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(503);
  expect(response.json()).toEqual({ detail: HEALTH_UNAVAILABLE, pressure: null });
  ping.mockRestore();
});

it('answers 503 when PostgreSQL cannot be reached at all', async () => {
  const config = loadConfig({
    DATA_DIR: testApp.config.dataDir,
    DATABASE_URL: 'postgres://postgres@127.0.0.1:9/none',
    JWT_SECRET: 'a-secret-long-enough-for-the-config-check',
    ...TEST_VAPID_ENV,
    LOG_LEVEL: 'silent',
    WEB_DIR: '',
  });
  const database = openDatabase(config.database);
  const app = await buildApp({ config, database, logger: false });
  try {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ detail: HEALTH_UNAVAILABLE, pressure: null });
  } finally {
    await app.close();
  }
});
