// The real server's logs: request ids on request lines, and never a password or a token.
import { rmSync } from 'node:fs';
import { type ServerProcess, startServer } from '../support/server-process.js';

const PASSWORD = 'Secret@Pass42';
let server: ServerProcess;

beforeAll(async () => {
  server = await startServer({ LOG_LEVEL: 'trace' });
});
afterAll(async () => {
  if (server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  rmSync(server.dataDir, { recursive: true, force: true });
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

it('logs every request with its id and no password or token anywhere', async () => {
  const username = `logcheck${Date.now() % 100000}`;
  expect((await post('/api/user/register/', { username, password: PASSWORD })).status).toBe(201);
  const login = await post('/api/token/', { username, password: PASSWORD });
  const { refresh, access } = (await login.json()) as { refresh: string; access: string };
  await post('/api/token/', { username, password: `${PASSWORD}-wrong` });
  const refreshed = await post('/api/token/refresh/', { refresh });
  const { access: newAccess } = (await refreshed.json()) as { access: string };
  await fetch(`${server.url}/api/months/`, {
    headers: { authorization: `Bearer ${access}`, 'x-request-id': 'req-under-test' },
  });
  await post('/api/token/blacklist/', { refresh }, { authorization: `Bearer ${newAccess}` });
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);

  const output = server.output();
  for (const secret of [PASSWORD, refresh, access, newAccess]) {
    expect(output).not.toContain(secret);
  }
  // Token signatures alone would be just as bad.
  for (const token of [refresh, access]) expect(output).not.toContain(token.split('.')[2]);

  const lines = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
  const requestLines = lines.filter((line) => line.msg === 'incoming request');
  expect(requestLines.length).toBeGreaterThanOrEqual(6);
  for (const line of requestLines) expect(line.reqId).toBeTruthy();
  expect(lines.some((line) => line.reqId === 'req-under-test')).toBe(true);
});
