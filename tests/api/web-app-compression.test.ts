// The browser app's files go out from memory, precompressed (Brotli, else gzip) when the build wrote .br/.gz copies.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { buildTestApp, type TestApp } from '../support/test-app.js';

const SCRIPT = `console.log(${JSON.stringify('monthbook '.repeat(400))});`;
const PAGE = `<html>${'landing page '.repeat(200)}</html>`;
const VIDEO = Buffer.alloc(4096, 7);

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
    // Streamed from disk, not held in memory: browsers read a video in ranges.
    writeFileSync(join(dir, 'demo.webm'), VIDEO);
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

  it('honours q=0 and answers a repeat visit with 304 for the copy it was sent', async () => {
    const refused = await get('/assets/index-3f9a1c.js', 'br;q=0, gzip');
    expect(refused.headers['content-encoding']).toBe('gzip');

    const first = await get('/assets/index-3f9a1c.js', 'br');
    const etag = String(first.headers.etag);
    // The copy's own tag (@fastify/static tags the file it sends), not the gzip copy's.
    expect(etag).not.toBe('undefined');
    expect((await get('/assets/index-3f9a1c.js', 'gzip')).headers.etag).not.toBe(etag);
    const again = await testApp.app.inject({
      method: 'GET',
      url: '/assets/index-3f9a1c.js',
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    // Another copy has another tag: a gzip-only client gets the full answer.
    const gzipOnly = await testApp.app.inject({
      method: 'GET',
      url: '/assets/index-3f9a1c.js',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
    });
    expect(gzipOnly.statusCode).toBe(200);
    expect(gunzipSync(gzipOnly.rawPayload).toString()).toBe(SCRIPT);
  });

  it('types each file, the app shell included', async () => {
    const shell = await get('/months/4/journals');
    expect(shell.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(shell.body).toBe('<html>app shell</html>');
    expect((await get('/assets/index-3f9a1c.js')).headers['content-type']).toMatch(/javascript/);
  });

  it('streams the video from disk with byte ranges', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/demo.webm',
      headers: { range: 'bytes=0-99' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.rawPayload).toEqual(VIDEO.subarray(0, 100));
    expect(response.headers['content-type']).toBe('video/webm');
  });
});
