// The MSW server for unit tests: every resource's handlers over the in-memory db, and a request log.
import { setupServer } from 'msw/node';
import { contractMismatch } from './contract-answers';
import { resetDb } from './db';
import { handlers } from './handlers';

export const server = setupServer(...handlers);

/** Every request the code under test made, as `METHOD /path?query`, in order. */
export const requestLog: string[] = [];

server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  requestLog.push(`${request.method} ${url.pathname}${url.search}`);
});

/** Each fake answer's check against the contract (contract-answers.ts), settled by the test's end. */
const answerChecks: Promise<string | null>[] = [];

server.events.on('response:mocked', ({ request, response }) => {
  answerChecks.push(contractMismatch(request, response).catch((error: unknown) => String(error)));
});

/** Fails the test whose fakes answered anything the real server could not (the checks above). */
export async function expectAnswersMatchContract(): Promise<void> {
  const mismatches = (await Promise.all(answerChecks.splice(0))).filter((found) => found !== null);
  if (mismatches.length > 0) {
    throw new Error(
      `MSW fake drifted from the contract:\n- ${[...new Set(mismatches)].join('\n- ')}`,
    );
  }
}

/**
 * Call once at the top of a test file: unknown requests fail the test, and so does a fake answer
 * that does not match the contract's schema; state resets per test. `transportOnly`: the HTTP
 * client's own tests (src/api's ky client, paging, tokens, uploads), whose fakes answer
 * placeholders because what they check is headers, retries and refreshes, not the data.
 */
export function setupMswServer({ transportOnly = false }: { transportOnly?: boolean } = {}): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(transportOnly ? () => void answerChecks.splice(0) : expectAnswersMatchContract);
  afterEach(() => {
    server.resetHandlers();
    resetDb();
    requestLog.length = 0;
  });
  afterAll(() => server.close());
}
