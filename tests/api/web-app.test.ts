// Serving the built browser app: files, prerendered pages, the app shell for deep links, JSON 404/405.
import { readFileSync, rmSync } from 'node:fs';
import { MESSAGES } from '../../contract/rules.js';
import { writeTempFiles } from '../support/temp-files.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

const PAGES: Record<string, string> = {
  'index.html': '<html>landing page</html>',
  'spa.html': '<html>app shell</html>',
  'tou/index.html': '<html>terms of use</html>',
  'pp/index.html': '<html>privacy policy</html>',
  'assets/index-3f9a1c.js': 'console.log("app")',
  'assets/index-77b2e0.css': 'body{margin:0}',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  // The service worker and manifest vite-plugin-pwa writes, so the app installs and reads offline.
  'sw.js': 'importScripts("workbox-5a1b2c3d.js")',
  'workbox-5a1b2c3d.js': 'self.workbox = {}',
  'registerSW.js': 'navigator.serviceWorker.register("/sw.js")',
  'manifest.webmanifest': '{"name":"Monthbook"}',
  // Vite's own records of the build: never for browsers.
  '.vite/manifest.json': '{"index.html":{"file":"assets/index-3f9a1c.js"}}',
  '.vite/module-chunks.json': '{"chunks":[]}',
};

const webDir = (files: Record<string, string>) => writeTempFiles('monthbook-web-', files);

describe('with a build', () => {
  let dir: string;
  let testApp: TestApp;
  beforeAll(async () => {
    dir = webDir(PAGES);
    testApp = await buildTestApp({ WEB_DIR: dir });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  it.each([
    ['/', 'landing page'],
    ['/tou', 'terms of use'],
    ['/tou/', 'terms of use'],
    ['/pp', 'privacy policy'],
    ['/months', 'app shell'],
    ['/months/3/journals', 'app shell'],
    ['/login?next=%2Fmonths', 'app shell'],
  ])('answers GET %s with the %s, not cached', async (url, text) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain(text);
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await get('/assets/index-3f9a1c.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toBe(PAGES['assets/index-3f9a1c.js']);
  });

  it('serves other files, revalidated on each use', async () => {
    const response = await get('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/sw.js', '/workbox-5a1b2c3d.js', '/registerSW.js'])(
    'serves the service worker script %s as JavaScript, revalidated on each use',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      // A cached sw.js would keep an old app running after a release: browsers must ask each time.
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(PAGES[url.slice(1)]);
    },
  );

  it('serves the web app manifest with its own media type', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({ name: 'Monthbook' });
  });

  it('lets the service worker and the manifest load under the security policy', async () => {
    const csp = String((await get('/sw.js')).headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `));
    // No worker-src or manifest-src of their own: both fall back to default-src 'self'.
    expect(directive('worker-src')).toBeUndefined();
    expect(directive('manifest-src')).toBeUndefined();
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(directive('script-src')).toBe("script-src 'self' 'wasm-unsafe-eval'");
  });

  it.each(['/no-such-page', '/months/3', '/settings/extra', '/favicon.ico'])(
    'answers GET %s, no route of the app, with a 404 and the app, which shows its 404 page',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('app shell');
      // No ETag: a 304 must never stand in for the 404.
      expect(response.headers.etag).toBeUndefined();
    },
  );

  it('answers a missing asset with 404 rather than the app shell', async () => {
    const response = await get('/assets/index-000000.js');
    expect(response.statusCode).toBe(404);
  });

  it.each([
    '/.vite/manifest.json',
    '/.vite/module-chunks.json',
    '/.vite/',
    '/%2evite/manifest.json',
  ])("never serves Vite's build records: GET %s is a 404", async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('assets/');
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await testApp.app.inject({ method: 'HEAD', url: '/months' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });

  it.each(['/../package.json', '/%2e%2e/package.json', '/assets/../../package.json'])(
    'never serves a file outside the build for %s',
    async (url) => {
      const response = await get(url);
      expect(response.body).not.toContain('"name": "monthbook"');
    },
  );

  it('sends the app with its security headers', async () => {
    const response = await get('/months');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    ['GET', '/api/nothing-here'],
    ['GET', '/api'],
    ['POST', '/api/nothing-here/'],
    ['DELETE', '/api/months/delete/1/extra'],
  ] as const)('answers %s %s with a JSON 404, never the app', async (method, url) => {
    const response = await testApp.app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ detail: MESSAGES.notFound });
  });

  it.each([
    ['PATCH', '/api/token/', 'POST'],
    ['GET', '/api/token/refresh', 'POST'],
    ['PUT', '/api/months/', 'GET, HEAD, POST'],
    ['POST', '/api/health', 'GET, HEAD'],
  ] as const)('answers %s %s with a 405 naming the method', async (method, url, allow) => {
    const response = await testApp.app.inject({ method, url });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe(allow);
    expect(response.json()).toEqual({ detail: `Method "${method}" not allowed.` });
  });

  it('answers a non-GET outside /api with a JSON 404', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/months' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: MESSAGES.notFound });
  });
});

describe('screen shells', () => {
  let dir: string;
  let testApp: TestApp;
  beforeAll(async () => {
    dir = webDir({
      ...PAGES,
      'shells/months.html': '<html>months shell</html>',
      'shells/journals.html': '<html>journals shell</html>',
    });
    testApp = await buildTestApp({ WEB_DIR: dir });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['/months', 'months shell'],
    ['/months/', 'months shell'],
    ['/months/3/journals', 'journals shell'],
    ['/months/abc/journals?x=1', 'journals shell'],
    ['/settings', 'app shell'],
    ['/', 'landing page'],
  ])('answers %s with the %s', async (url, body) => {
    const response = await testApp.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(body);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });

  it.each(['/months/3/journals/more', '/months/3'])(
    'answers %s, no route of the app, with 404',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('app shell');
    },
  );
});

describe('the 404 page', () => {
  let dir: string;
  let testApp: TestApp;
  beforeAll(async () => {
    dir = webDir({ ...PAGES, '404.html': '<html>404 Not Found page</html>' });
    testApp = await buildTestApp({ WEB_DIR: dir });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers an unknown path with status 404 and the prerendered 404 page', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/no/such/page',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('404 Not Found page');
  });

  it('still answers every route of the app with 200', async () => {
    // The router's own list of routes: a route added there and not to the server's list fails here.
    const tree = readFileSync('src/routeTree.gen.ts', 'utf8');
    const block = /interface FileRoutesByFullPath \{([^}]*)\}/.exec(tree)?.[1] ?? '';
    const paths = [...block.matchAll(/'([^']+)':/g)].map((match) => match[1] ?? '');
    expect(paths.length).toBeGreaterThanOrEqual(10);
    for (const path of paths) {
      const url = path.replace(/\$[A-Za-z]+/g, '7');
      const response = await testApp.app.inject({ method: 'GET', url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    }
  });

  it('keeps JSON 404s for assets and the API', async () => {
    const asset = await testApp.app.inject({ method: 'GET', url: '/assets/missing-000.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.body).not.toContain('404 Not Found page');
    const api = await testApp.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.json()).toEqual({ detail: MESSAGES.notFound });
  });
});

describe('fallbacks', () => {
  it('uses index.html for deep links when there is no spa.html', async () => {
    const dir = webDir({ 'index.html': '<html>only page</html>' });
    const testApp = await buildTestApp({ WEB_DIR: dir });
    try {
      const response = await testApp.app.inject({ method: 'GET', url: '/months/4/journals' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('only page');
    } finally {
      await testApp.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['no web directory setting', ''],
    ['a web directory that does not exist', '/nonexistent/monthbook-web'],
  ])('serves the API alone with %s', async (_name, setting) => {
    const testApp = await buildTestApp({ WEB_DIR: setting });
    try {
      const page = await testApp.app.inject({ method: 'GET', url: '/months' });
      expect(page.statusCode).toBe(404);
      expect(page.json()).toEqual({ detail: MESSAGES.notFound });
      const health = await testApp.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await testApp.close();
    }
  });
});
