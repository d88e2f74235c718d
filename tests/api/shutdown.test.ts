// SIGTERM: the server stops accepting connections, finishes the request in flight, closes the database.
import { existsSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { type ServerProcess, startServer } from '../support/server-process.js';

const PASSWORD = 'Sunny@Day9!';
let server: ServerProcess;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => {
  if (server.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(server.dataDir, { recursive: true, force: true });
});

/** Sends the request's head and half its body now; `finish` sends the rest and reads the answer. */
function startSlowRequest(url: string, path: string, body: string) {
  const { port } = new URL(url);
  const socket = connect(Number(port), '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk.toString('utf8');
  });
  const done = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
  );
  return {
    finish() {
      socket.write(body.slice(half));
      return done;
    },
  };
}

it('finishes the request in flight, refuses new ones, closes the database and exits 0', async () => {
  const username = `shutdown${Date.now() % 100000}`;
  const registered = await fetch(`${server.url}/api/user/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  expect(registered.status).toBe(201);
  const walFile = join(server.dataDir, 'monthbook.sqlite-wal');
  expect(existsSync(walFile)).toBe(true);

  const inFlight = startSlowRequest(
    server.url,
    '/api/token/',
    JSON.stringify({ username, password: PASSWORD }),
  );
  // The server has routed the request (logged it) before the signal arrives.
  await server.printed('"url":"/api/token/"');
  server.child.kill('SIGTERM');
  await server.printed('shutting down');

  // Closing the listener has no log line of its own: asked until a connection is refused.
  await vi.waitFor(
    async () => {
      const refused = await fetch(`${server.url}/api/health`).then(
        () => false,
        () => true,
      );
      expect(refused).toBe(true);
    },
    { timeout: 10_000, interval: 50 },
  );
  const answer = await inFlight.finish();
  expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
  expect(answer).toContain('"access"');

  expect(await server.exited).toBe(0);
  // better-sqlite3 checkpoints and removes the WAL file only on a clean close.
  expect(existsSync(walFile)).toBe(false);
});

it('refuses to start with a bad setting, naming it, with exit code 78', async () => {
  await expect(startServer({ ACCESS_TOKEN_TTL: 'forever' })).rejects.toThrow(
    /exited with 78 before listening:\nConfiguration error: ACCESS_TOKEN_TTL must be a duration/,
  );
});
