// The MSW server for unit tests: every resource's handlers over the in-memory db, and a request log.
import { setupServer } from 'msw/node';
import { resetDb } from './db';
import { handlers } from './handlers';

export const server = setupServer(...handlers);

/** Every request the code under test made, as `METHOD /path?query`, in order. */
export const requestLog: string[] = [];

server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  requestLog.push(`${request.method} ${url.pathname}${url.search}`);
});

/** Call once at the top of a test file: unknown requests fail the test; state resets per test. */
export function setupMswServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    resetDb();
    requestLog.length = 0;
  });
  afterAll(() => server.close());
}
