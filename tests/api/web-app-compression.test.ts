// The browser app's files go out precompressed (Brotli, else gzip) when the build wrote .br/.gz copies.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { buildTestApp, type TestApp } from '../support/test-app.js';

const SCRIPT = `console.log(${JSON.stringify('monthbook '.repeat(400))});`;
const PAGE = `<html>${'landing page '.repeat(200)}</html>`;

describe('precompressed web files', () => {
  let dir: string;
  let testApp: TestApp;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'monthbook-web-'));
    mkdirSync(join(dir, 'assets'));
    for (const [path, content] of [
      ['index.html', PAGE],
      ['spa.html', '<html>app shell</html>'],
      ['assets/index-3f9a1c.js', SCRIPT],
    ] as const) {
      writeFileSync(join(dir, path), content);
      writeFileSync(join(dir, `${path}.br`), brotliCompressSync(content));
      writeFileSync(join(dir, `${path}.gz`), gzipSync(content));
    }
    testApp = await buildTestApp({ WEB_DIR: dir });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const get = (url: string, encoding?: string) =>
    testApp.app.inject({
      method: 'GET',
      url,
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });

  it('sends the Brotli copy of a hashed asset to a browser that accepts it', async () => {
    const response = await get('/assets/index-3f9a1c.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gzipped = await get('/', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(PAGE);

    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PAGE);
  });
});
