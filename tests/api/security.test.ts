// Security headers, CORS only for configured origins, the OpenAPI document and its docs page.
import { MALFORMED_URL } from '../../server/plugins/security.js';
import { buildTestApp, createUser, type TestApp } from '../support/test-app.js';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

function directives(header: string | string[] | number | undefined): Map<string, string> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name ?? '', values.join(' ')]),
  );
}

describe('headers', () => {
  it('sends a CSP without inline scripts, and no framing, sniffing or full referrers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('script-src')).toBe("'self' 'wasm-unsafe-eval'");
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends them on errors too', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('echoes a request id, or makes one', async () => {
    const given = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(given.headers['x-request-id']).toBe('trace-123');
    const made = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('caching', () => {
  it('lets no cache keep an API answer: data, errors and the full export', async () => {
    const user = await createUser(testApp);
    const answers = await Promise.all(
      [
        { url: '/api/months/', headers: user.headers },
        { url: '/api/export/', headers: user.headers },
        { url: '/api/months/' },
        { url: '/api/nowhere' },
        { url: '/api/health' },
      ].map(({ url, headers }) => testApp.app.inject({ method: 'GET', url, headers })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401, 404, 200]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });
});

describe('malformed URLs', () => {
  it.each(['/api/%E0%A4%A', '/%zz', '/api/months/%ED%A0%80/'])(
    'answers %s with JSON that echoes nothing, and the security headers',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ detail: MALFORMED_URL });
      expect(response.body).not.toContain('%');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it('answers a path parameter over the router limit with 414, echoing nothing', async () => {
    const long = 'x'.repeat(300);
    const response = await testApp.app.inject({ method: 'GET', url: `/api/months/${long}/` });
    expect(response.statusCode).toBe(414);
    expect(response.body).not.toContain(long);
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('CORS', () => {
  const preflight = (app: TestApp['app'], origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: '/api/months/',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });

  it('allows no other origin by default', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const options = await preflight(testApp.app, 'https://elsewhere.example');
    expect(options.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows exactly the origins in CORS_ORIGINS', async () => {
    const withCors = await buildTestApp({ CORS_ORIGINS: 'https://app.example,https://m.example' });
    try {
      const allowed = await preflight(withCors.app, 'https://app.example');
      expect(allowed.statusCode).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example');
      expect(String(allowed.headers['access-control-allow-methods'])).toContain('PATCH');
      expect(String(allowed.headers['access-control-allow-headers']).toLowerCase()).toContain(
        'authorization',
      );
      const other = await preflight(withCors.app, 'https://evil.example');
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const simple = await withCors.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://m.example' },
      });
      expect(simple.headers['access-control-allow-origin']).toBe('https://m.example');
      // A paginated list's next page, and a 429's wait, are readable from the other origin.
      const exposed = String(simple.headers['access-control-expose-headers']).toLowerCase();
      expect(exposed.split(/,\s*/)).toEqual(expect.arrayContaining(['link', 'retry-after']));
    } finally {
      await withCors.close();
    }
  });
});

describe('OpenAPI', () => {
  it('describes every API route from its schema', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    expect(document.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/user/register/',
      '/api/token/',
      '/api/token/refresh/',
      '/api/token/blacklist/',
    ]) {
      expect(document.paths[path]?.post?.requestBody).toBeDefined();
    }
    expect(document.paths['/api/health']?.get).toBeDefined();
    expect(document.paths['/api/months/']?.get).toBeDefined();
    expect(Object.keys(document.paths).some((path) => path.includes('*'))).toBe(false);
  });

  it('serves a docs page whose scripts all load from our origin', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const scripts = [...response.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/src="/);
      expect(content?.trim()).toBe('');
    }
    const initializer = await testApp.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-initializer.js',
    });
    expect(initializer.statusCode).toBe(200);
  });
});
