// The built browser app's files held in memory with their precompressed copies, answered without touching the disk.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

interface Body {
  bytes: Buffer;
  etag: string;
}

export interface WebFile {
  contentType: string;
  identity: Body;
  br?: Body;
  gzip?: Body;
}

/** Types of the files a build has; anything else (the demo video, which needs ranges) is streamed. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.vtt': 'text/vtt; charset=utf-8',
};

/** Larger files are streamed from disk instead. */
const MAX_IN_MEMORY_BYTES = 2 * 1024 * 1024;

function body(bytes: Buffer, encoding?: ContentEncoding): Body {
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 27);
  return { bytes, etag: `"${hash}${encoding ? `-${encoding}` : ''}"` };
}

/**
 * The files of `files` (paths relative to `root`) that a browser asks for, read once: each with
 * its content type, and its `.br`/`.gz` copy when the build wrote one (scripts/compress.mjs). The
 * copies themselves are not entries: they are chosen by Accept-Encoding. Files of other types, or
 * over 2 MB, are left out for the caller to stream.
 */
export function loadWebFiles(root: string, files: ReadonlySet<string>): Map<string, WebFile> {
  const loaded = new Map<string, WebFile>();
  for (const file of files) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue;
    const contentType = CONTENT_TYPES[extname(file)];
    const path = join(root, file);
    if (contentType === undefined || statSync(path).size > MAX_IN_MEMORY_BYTES) continue;
    const copy = (suffix: string, encoding: ContentEncoding) =>
      files.has(`${file}${suffix}`) ? body(readFileSync(`${path}${suffix}`), encoding) : undefined;
    loaded.set(file, {
      contentType,
      identity: body(readFileSync(path)),
      br: copy('.br', 'br'),
      gzip: copy('.gz', 'gzip'),
    });
  }
  return loaded;
}

/** The encodings an Accept-Encoding header allows (a q of 0 refuses one). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name !== '' && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}

/** The smallest copy the client accepts: Brotli, then gzip, else the file itself. */
export function chooseBody(
  file: WebFile,
  acceptEncoding: string | undefined,
): { body: Body; encoding?: ContentEncoding } {
  const accepted = acceptedEncodings(acceptEncoding);
  if (file.br && (accepted.has('br') || accepted.has('*')))
    return { body: file.br, encoding: 'br' };
  if (file.gzip && (accepted.has('gzip') || accepted.has('*')))
    return { body: file.gzip, encoding: 'gzip' };
  return { body: file.identity };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page made per request, compressed for the client: Brotli at a fast level (about 1 ms for
 * 100 KB, most of the full level's gain), else gzip, else as it is.
 */
export async function compressPage(
  page: string,
  acceptEncoding: string | undefined,
): Promise<{ bytes: Buffer; encoding?: ContentEncoding }> {
  const accepted = acceptedEncodings(acceptEncoding);
  const bytes = Buffer.from(page);
  if (accepted.has('br') || accepted.has('*')) {
    const params = {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    };
    return { bytes: await brotli(bytes, { params }), encoding: 'br' };
  }
  if (accepted.has('gzip')) return { bytes: await gzipAsync(bytes), encoding: 'gzip' };
  return { bytes };
}
