// POST /api/import/ with a body larger than memory should hold: written to a temporary file and read by the worker as a stream, with memory bounded, and the file gone however the request ends.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  type ImportReport,
  OTHER_APP_IMPORT_MAX_BYTES,
} from '../../contract/export.js';
import { receiveUpload, UPLOAD_FILE_PREFIX, UploadTooLargeForKind } from '../../server/uploads.js';
import { setUpTestApp } from '../support/test-app.js';
import { healthXml, record } from './importers/files.js';

// A temporary directory of this file's own (the server takes os.tmpdir() at each upload), so the
// count of stray upload files sees only this file's requests.
const uploads = mkdtempSync(join(tmpdir(), 'monthbook-uploads-'));
const outerTmp = process.env.TMPDIR;
process.env.TMPDIR = uploads;
afterAll(() => {
  if (outerTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = outerTmp;
  rmSync(uploads, { recursive: true, force: true });
});

const { t, user } = setUpTestApp();

const strays = () => readdirSync(uploads).filter((name) => name.startsWith(UPLOAD_FILE_PREFIX));

/** The file goes as the response closes, which may come just after the client has read it. */
const noStrays = () =>
  vi.waitFor(() => expect(strays()).toEqual([]), { timeout: 5000, interval: 10 });

let address: string | undefined;
async function listening(): Promise<URL> {
  address ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
  return new URL('/api/import/', address);
}

/** Sends `body` over a real connection, as a browser would, and reads the whole answer. */
async function upload(body: Readable, headers: Record<string, string>) {
  const request = http.request(await listening(), {
    method: 'POST',
    headers: { ...user.headers, ...headers },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
  });
  // The answer may come before the whole body is sent (a refusal): the rest is not written.
  body.pipe(request);
  return answer;
}

/**
 * An Apple Health export.xml of at least `bytes` bytes, written as it is made (never held whole):
 * step counts from a phone and a watch every ten minutes, over as many days as it takes.
 */
async function writeHealthXml(path: string, bytes: number): Promise<number> {
  const [head, tail] = healthXml('@@').split('@@') as [string, string];
  const perDay = 6 * 24;
  async function* lines() {
    yield head;
    let written = head.length;
    for (let day = 0; written < bytes; day += 1) {
      const date = new Date(Date.UTC(2015, 0, 1 + day)).toISOString().slice(0, 10);
      const rows: string[] = [];
      for (let slot = 0; slot < perDay; slot += 1) {
        const time = `${String(Math.floor(slot / 6)).padStart(2, '0')}:${slot % 6}0:00`;
        for (const source of ['iPhone', 'Apple Watch'])
          rows.push(
            record('HKQuantityTypeIdentifierStepCount', `${date} ${time} +0100`, String(slot), {
              source,
            }),
          );
      }
      const chunk = `${rows.join('\n')}\n`;
      written += chunk.length;
      yield chunk;
    }
    yield tail;
  }
  await pipeline(Readable.from(lines()), createWriteStream(path));
  return (await stat(path)).size;
}

describe('another app’s file larger than memory should hold', () => {
  it('imports a Health export.xml past the old 100 MB limit with memory far below its size, and leaves no file', async () => {
    const path = join(uploads, 'export.xml');
    const size = await writeHealthXml(path, 200 * 1024 * 1024);
    // Warmed up first: the worker thread (with its compiler, in tests) is started once, not
    // counted as this import's memory.
    const small = await upload(
      Readable.from([
        healthXml(record('HKQuantityTypeIdentifierStepCount', '2014-12-31 08:00:00 +0100', '5')),
      ]),
      { 'content-type': 'application/xml' },
    );
    expect(small.status).toBe(201);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();

    const response = await upload(createReadStream(path), {
      'content-type': 'application/xml',
      'content-length': String(size),
    });

    clearInterval(sampler);
    const seconds = (performance.now() - started) / 1000;
    const growth = peak - before;
    console.info(
      `${(size / 2 ** 20).toFixed(0)} MB export.xml imported in ${seconds.toFixed(1)} s; ` +
        `RSS grew by ${(growth / 2 ** 20).toFixed(0)} MB (from ${(before / 2 ** 20).toFixed(0)} MB)`,
    );
    rmSync(path);
    expect(size).toBeGreaterThan(100 * 1024 * 1024);
    expect(response.status).toBe(201);
    const report = JSON.parse(response.body) as ImportReport;
    expect(report.source).toBe('apple-health');
    // A Steps measure in each calendar month, a value a day.
    expect(report.imported.months).toBeGreaterThan(12);
    expect(report.imported.measures).toBe(report.imported.months);
    expect(report.imported.daily_measures).toBeGreaterThan(365);
    expect(growth).toBeLessThan(size / 3);
    await noStrays();
  }, 120_000);

  it('refuses a body declared past the limit with 413 before reading it', async () => {
    const response = await upload(Readable.from(['<?xml version="1.0"?>']), {
      'content-type': 'application/xml',
      'content-length': String(OTHER_APP_IMPORT_MAX_BYTES + 1),
    }).catch(() => null);
    // The server may close the connection before this client has sent what it declared.
    if (response) {
      expect(response.status).toBe(413);
      expect(JSON.parse(response.body)).toEqual({ detail: IMPORT_MESSAGES.tooLargeAny });
    }
    expect(strays()).toEqual([]);
  });

  it('refuses a Monthbook export with 413 as soon as it passes its own limit, before the body ends', async () => {
    // The body never ends: only a refusal midway answers.
    const body = new Readable({ read() {} });
    body.push('{"format":"monthbook-export","version":2,"months":[');
    body.push(Buffer.alloc(IMPORT_MAX_BYTES + 64 * 1024, ' '));
    const response = await upload(body, { 'content-type': 'application/json' });
    body.destroy();
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({ detail: IMPORT_MESSAGES.tooLarge });
    await noStrays();
  });

  it('deletes the file of a refused import and of a client that goes away midway', async () => {
    const refused = await upload(Readable.from(['hello']), { 'content-type': 'text/csv' });
    expect(refused.status).toBe(400);
    await noStrays();

    const request = http.request(await listening(), {
      method: 'POST',
      headers: {
        ...user.headers,
        'content-type': 'application/zip',
        'content-length': String(64 * 1024 * 1024),
      },
    });
    request.on('error', () => {});
    request.write(Buffer.alloc(1024 * 1024));
    await vi.waitFor(() => expect(strays()).toHaveLength(1), { timeout: 5000, interval: 10 });
    request.destroy();
    await noStrays();
  });
});

describe('an import refused before its body is read', () => {
  it('is answered with the connection closed, the rest of the body never read', async () => {
    // No session: refused by the first check, as a retry while one's import runs is (429).
    const request = http.request(await listening(), {
      method: 'POST',
      headers: { 'content-type': 'application/xml', 'content-length': String(64 * 1024 * 1024) },
    });
    request.on('error', () => {});
    const closed = new Promise<void>((resolve) => request.once('close', () => resolve()));
    const answer = new Promise<http.IncomingMessage>((resolve) =>
      request.once('response', resolve),
    );
    request.write(Buffer.alloc(64 * 1024));
    const response = await answer;
    expect(response.statusCode).toBe(401);
    expect(response.headers.connection).toBe('close');
    response.resume();
    // Kept alive, the server would wait for the other 63.9 MB and the socket would stay open.
    await closed;
    expect(request.socket?.destroyed ?? true).toBe(true);
  });
});

describe('receiveUpload', () => {
  const hash = () => createHash('sha256');

  it('writes the body to a file, with its size, first bytes and hash', async () => {
    const file = await receiveUpload(
      Readable.from([Buffer.from('PK\x03\x04'), Buffer.from('rest')]),
      {
        maxBytes: 100,
        declaredLength: undefined,
        hash: hash(),
      },
    );
    expect(file.size).toBe(8);
    expect(file.head.toString()).toBe('PK\x03\x04rest');
    expect(file.requestHash).toBe(hash().update('PK\x03\x04rest').digest('hex'));
    expect(strays()).toHaveLength(1);
    await file.remove();
    await file.remove();
    expect(strays()).toEqual([]);
  });

  it('fails past the limit midway, as Fastify does, and deletes what it wrote', async () => {
    const chunks = Array.from({ length: 10 }, () => Buffer.alloc(64 * 1024));
    await expect(
      receiveUpload(Readable.from(chunks), {
        maxBytes: 200 * 1024,
        declaredLength: undefined,
        hash: hash(),
      }),
    ).rejects.toMatchObject({ code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 });
    expect(strays()).toEqual([]);
  });

  it('fails past the smaller limit of the kind its first bytes show, and only for that kind', async () => {
    const kindLimit = {
      isKind: (head: Buffer) => head.toString().startsWith('small:'),
      maxBytes: 300,
    };
    const body = (start: string) => Readable.from([Buffer.from(start), Buffer.alloc(400)]);
    await expect(
      receiveUpload(body('small:'), {
        maxBytes: 1e6,
        declaredLength: undefined,
        hash: hash(),
        kindLimit,
      }),
    ).rejects.toBeInstanceOf(UploadTooLargeForKind);
    expect(strays()).toEqual([]);
    const other = await receiveUpload(body('large:'), {
      maxBytes: 1e6,
      declaredLength: undefined,
      hash: hash(),
      kindLimit,
    });
    expect(other.size).toBe(406);
    await other.remove();
  });

  it('fails when the body breaks off, and deletes what it wrote', async () => {
    const body = new Readable({ read() {} });
    const received = receiveUpload(body, {
      maxBytes: 1e9,
      declaredLength: undefined,
      hash: hash(),
    });
    body.push(Buffer.alloc(1024));
    await vi.waitFor(() => expect(strays()).toHaveLength(1));
    body.destroy(new Error('aborted'));
    await expect(received).rejects.toThrow();
    expect(strays()).toEqual([]);
  });
});
