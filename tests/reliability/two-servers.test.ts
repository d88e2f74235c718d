// Two app servers on one PostgreSQL and one Redis: tokens, data and login limits are shared between them.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '../../contract/rules.js';
import { LIMITS } from '../../server/plugins/rate-limit.js';
import { type AppProcess, freePort, launchApp } from '../support/app-process.js';
import { type Answer, PASSWORD, send } from '../support/load-client.js';
import {
  clearRedisPrefix,
  createScratchDatabase,
  gate,
  PG_ADMIN_URL,
  postgresReachable,
  REDIS_URL,
  redisReachable,
  type ScratchDatabase,
} from '../support/pg-cluster.js';

const postgres = gate(
  'PostgreSQL',
  await postgresReachable(),
  `nothing answers at ${PG_ADMIN_URL}`,
);
const redis = gate('Redis', await redisReachable(), `nothing answers at ${REDIS_URL}`);

const status = (answer: Answer) => (answer.kind === 'answer' ? answer.status : answer.kind);
const body = (answer: Answer) => (answer.kind === 'answer' ? answer.body : answer.message);

describe.skipIf(!postgres || !redis)('two servers on one PostgreSQL and one Redis', () => {
  const prefix = `monthbook-reliability:${randomBytes(6).toString('hex')}:`;
  const dataDirs: string[] = [];
  let database: ScratchDatabase;
  let first: AppProcess;
  let second: AppProcess;

  /** As behind a load balancer on this machine: the client's address comes from X-Forwarded-For. */
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const login = (server: AppProcess, username: string, password: string, address: string) =>
    send(server.url, 'POST', '/api/token/', {
      body: { username, password },
      headers: from(address),
    });

  beforeAll(async () => {
    database = await createScratchDatabase('two');
    const launch = async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'monthbook-two-'));
      dataDirs.push(dataDir);
      return launchApp({
        port: await freePort(),
        env: {
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          RATE_LIMIT: 'on',
          REDIS_URL,
          REDIS_PREFIX: prefix,
          TRUST_PROXY: '127.0.0.1',
        },
      });
    };
    // Both at once on an empty database, as two replicas of a first deployment start.
    [first, second] = await Promise.all([launch(), launch()]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([first?.kill(), second?.kill()]);
    await database?.drop();
    await clearRedisPrefix(prefix);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('accepts on one server the tokens issued by the other, and shows each other’s writes', async () => {
    const username = `twin_${randomBytes(4).toString('hex')}`;
    const registered = await send(first.url, 'POST', '/api/user/register/', {
      body: { username, password: PASSWORD },
      headers: from('198.51.100.1'),
    });
    expect(status(registered)).toBe(201);
    const tokens = await login(first, username, PASSWORD, '198.51.100.1');
    expect(status(tokens)).toBe(200);
    const { access, refresh } = body(tokens) as { access: string; refresh: string };

    expect(status(await send(second.url, 'GET', '/api/months/', { token: access }))).toBe(200);
    const created = await send(second.url, 'POST', '/api/months/', {
      token: access,
      body: { name: 'Shared' },
    });
    expect(status(created)).toBe(201);
    const month = body(created) as { id: number };
    // First reads (and caches) the list, second changes it: first must not answer its stale copy.
    const firstRead = await send(first.url, 'GET', '/api/months/', { token: access });
    expect(body(firstRead)).toEqual([expect.objectContaining({ id: month.id, name: 'Shared' })]);
    const renamed = await send(second.url, 'PATCH', `/api/months/${month.id}/`, {
      token: access,
      body: { name: 'Renamed' },
    });
    expect(status(renamed)).toBe(200);
    const secondRead = await send(first.url, 'GET', '/api/months/', { token: access });
    expect(body(secondRead)).toEqual([expect.objectContaining({ id: month.id, name: 'Renamed' })]);

    const refreshed = await send(second.url, 'POST', '/api/token/refresh/', { body: { refresh } });
    expect(status(refreshed)).toBe(200);
    const { access: newAccess } = body(refreshed) as { access: string };
    expect(status(await send(first.url, 'GET', '/api/months/', { token: newAccess }))).toBe(200);

    // A logout on one server revokes the refresh token on the other.
    const revoked = await send(second.url, 'POST', '/api/token/blacklist/', { body: { refresh } });
    expect(status(revoked)).toBe(200);
    const afterLogout = await send(first.url, 'POST', '/api/token/refresh/', { body: { refresh } });
    expect(status(afterLogout)).toBe(401);
  });

  it('counts failed logins to one username on both servers against one limit', async () => {
    const username = `target_${randomBytes(4).toString('hex')}`;
    const registered = await send(second.url, 'POST', '/api/user/register/', {
      body: { username, password: PASSWORD },
      headers: from('198.51.100.2'),
    });
    expect(status(registered)).toBe(201);
    const { max } = LIMITS.login.username;
    const answers: Array<number | string> = [];
    for (let i = 0; i < max; i += 1) {
      const server = i % 2 === 0 ? first : second;
      answers.push(status(await login(server, username, 'Wrong@Pass1', `203.0.113.${i + 1}`)));
    }
    expect(answers).toEqual(Array(max).fill(401));

    // Even the right password, from a fresh address, on either server.
    const onFirst = await login(first, username, PASSWORD, '192.0.2.10');
    const onSecond = await login(second, username, PASSWORD, '192.0.2.11');
    expect([status(onFirst), status(onSecond)]).toEqual([429, 429]);
    expect(body(onSecond)).toEqual({ detail: MESSAGES.tooManyRequests });
  });

  it('counts logins from one address on both servers against one limit', async () => {
    const { max } = LIMITS.login.ip;
    const address = '203.0.113.200';
    const answers: Array<number | string> = [];
    for (let i = 0; i < max; i += 1) {
      const server = i % 2 === 0 ? first : second;
      answers.push(
        status(
          await login(server, `nobody_${i}_${randomBytes(3).toString('hex')}`, PASSWORD, address),
        ),
      );
    }
    expect(answers).toEqual(Array(max).fill(401));
    expect(status(await login(first, 'nobody_else_1', PASSWORD, address))).toBe(429);
    expect(status(await login(second, 'nobody_else_2', PASSWORD, address))).toBe(429);
    // Another address is not affected.
    expect(status(await login(second, 'nobody_else_3', PASSWORD, '203.0.113.201'))).toBe(401);
  });
});
