// Overload: past the event-loop delay or heap limit, every request answers 503 at once, logged and reported by /api/health.
import { OVERLOADED } from '../../server/http-error.js';
import { OVERLOAD_RETRY_AFTER_SECONDS } from '../../server/plugins/under-pressure.js';
import { buildTestApp, createUser, injectAs, type TestApp } from '../support/test-app.js';

/**
 * Asks `url` until it answers 503 (under-pressure samples once a second), running `load` before
 * each ask; fails after 5 s.
 */
function until503(testApp: TestApp, url: string, load: () => void = () => {}) {
  return vi.waitFor(
    async () => {
      load();
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(503);
      return response;
    },
    // Between asks the loop runs free, so the sampler's timer can take its turn.
    { timeout: 5000, interval: 20 },
  );
}

/** Asks `url` until it answers 200 again (the delay sampled back under the limit); fails after 5 s. */
function untilServing(testApp: TestApp, url: string) {
  return vi.waitFor(
    async () => {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      return response;
    },
    { timeout: 5000, interval: 100 },
  );
}

/** Keeps the event loop busy, as a request doing heavy work on it would. */
const blockFor = (ms: number) => () => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy
  }
};

describe('past the heap limit', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    // A 1 MB heap is always exceeded: the first sample puts the server under pressure.
    testApp = await buildTestApp({ MAX_HEAP_USED_MB: '1' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('answers every request 503 with a detail and Retry-After, logged once', async () => {
    const user = await createUser(testApp);
    const warn = vi.spyOn(testApp.app.log, 'warn');

    const first = await until503(testApp, '/api/months/');
    const again = await injectAs(testApp, user, {
      method: 'GET',
      url: '/api/months/',
    });
    const page = await testApp.app.inject({ method: 'GET', url: '/months' });

    for (const response of [first, again, page]) {
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ detail: OVERLOADED });
      expect(response.headers['retry-after']).toBe(String(OVERLOAD_RETRY_AFTER_SECONDS));
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
    expect(first.headers['cache-control']).toBe('no-store');
    const logged = warn.mock.calls.filter(
      ([, message]) => message === 'server under pressure: answering 503',
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]?.[0]).toMatchObject({ pressure: 'heapUsedBytes' });
    warn.mockRestore();
  });

  it('says so in /api/health, which still answers', async () => {
    await until503(testApp, '/api/months/');
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ detail: OVERLOADED, pressure: 'heap_used' });
  });
});

describe('past the event-loop delay limit', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp({ MAX_EVENT_LOOP_DELAY_MS: '30' });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('answers 503 while the loop is blocked, and serves again once it is not', async () => {
    const calm = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(calm.json()).toEqual({ status: 'ok', pressure: null });

    const busy = await until503(testApp, '/api/health', blockFor(200));

    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toEqual({ detail: OVERLOADED, pressure: 'event_loop_delay' });
    // A few idle samples later the delay has gone back under the limit.
    const after = await untilServing(testApp, '/api/health');
    expect(after.json()).toEqual({ status: 'ok', pressure: null });
  }, 15_000);
});

describe('with the default limits', () => {
  it('serves as usual', async () => {
    // Empty means unset: the test helper's own default turns the guard off.
    const testApp = await buildTestApp({ MAX_EVENT_LOOP_DELAY_MS: '', MAX_HEAP_USED_MB: '' });
    try {
      // Once under-pressure has taken its first sample (heap used is 0 until then), the limits apply.
      await vi.waitFor(() => expect(testApp.app.memoryUsage().heapUsed).toBeGreaterThan(0), {
        timeout: 3000,
        interval: 20,
      });
      const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(testApp.config.pressure.maxEventLoopDelayMs).toBe(1000);
    } finally {
      await testApp.close();
    }
  });
});
