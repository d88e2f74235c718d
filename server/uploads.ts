// An upload written to a temporary file as it arrives, so a body of gigabytes never sits in memory; the import route takes other apps' exports this way.

import type { Hash } from 'node:crypto';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errorCodes } from 'fastify';

/** Temporary files are named so; tests look for strays with it. */
export const UPLOAD_FILE_PREFIX = 'monthbook-upload-';
/** The first bytes of an upload, kept in memory: what a file is is recognised from them. */
const HEAD_BYTES = 4096;

/** A body on disk: where, how long, its first bytes, and the request's fingerprint. */
export class UploadedFile {
  #removed: Promise<void> | undefined;

  constructor(
    readonly path: string,
    readonly size: number,
    readonly head: Buffer,
    /** The hash the upload was fed as it arrived, for the idempotency check. */
    readonly requestHash: string,
  ) {}

  /** Deletes the file; safe to call more than once, and from several places. */
  remove(): Promise<void> {
    this.#removed ??= rm(this.path, { force: true });
    return this.#removed;
  }
}

/**
 * Past the smaller limit of the kind of file its first bytes show (a Monthbook export), which the
 * route answers with that limit's own message.
 */
export class UploadTooLargeForKind extends Error {
  readonly code = 'FST_ERR_CTP_BODY_TOO_LARGE';
  readonly statusCode = 413;
  constructor() {
    super('the body is larger than its kind of file may be');
  }
}

/** How many first bytes tell the kind of file, for a limit of its own. */
const KIND_BYTES = 256;

/** A client that went away before sending its whole body. */
class UploadAborted extends Error {
  constructor() {
    super('the client went away before the body was complete');
  }
}

/**
 * Writes `body` to a new temporary file, counting its bytes, and feeding them to `hash`. Past
 * `maxBytes` (or a Content-Length saying so, before a byte is read) it fails with Fastify's own
 * FST_ERR_CTP_BODY_TOO_LARGE, as a body read in memory would; past `kindLimit.maxBytes`, once
 * the first bytes show a file of that kind, with UploadTooLargeForKind, so such a file is refused
 * as soon as it passes its own limit rather than once the whole body is on disk. The file is
 * deleted on every failure (too large, the client gone, the disk full); once it resolves, the
 * caller deletes it.
 */
export async function receiveUpload(
  body: Readable,
  options: {
    maxBytes: number;
    declaredLength: string | undefined;
    hash: Hash;
    kindLimit?: { isKind: (head: Buffer) => boolean; maxBytes: number };
  },
): Promise<UploadedFile> {
  const { maxBytes, declaredLength, hash, kindLimit } = options;
  if (declaredLength !== undefined && Number(declaredLength) > maxBytes)
    throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
  const path = join(tmpdir(), `${UPLOAD_FILE_PREFIX}${randomUUID()}`);
  const head: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  /** The kind's limit, once its first bytes have shown the body is of that kind. */
  let kindMaxBytes: number | undefined;
  let kindKnown = kindLimit === undefined;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        callback(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
        return;
      }
      hash.update(chunk);
      if (headLength < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headLength));
        headLength += Math.min(chunk.length, HEAD_BYTES - headLength);
      }
      if (!kindKnown && kindLimit && headLength >= KIND_BYTES) {
        kindKnown = true;
        if (kindLimit.isKind(Buffer.concat(head).subarray(0, KIND_BYTES)))
          kindMaxBytes = kindLimit.maxBytes;
      }
      if (kindMaxBytes !== undefined && size > kindMaxBytes) {
        callback(new UploadTooLargeForKind());
        return;
      }
      callback(null, chunk);
    },
  });
  // Piped, not put in the pipeline: a body past the limit is left unread rather than destroyed,
  // so the 413 still reaches the client (the route closes the connection after it). A client
  // going away is passed on by hand, since a pipe does not pass errors on.
  const gone = () => {
    if (!body.readableEnded) counter.destroy(new UploadAborted());
  };
  body.once('error', gone);
  body.once('close', gone);
  body.pipe(counter);
  try {
    await pipeline(counter, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    body.unpipe(counter);
    await rm(path, { force: true });
    throw error;
  } finally {
    body.off('error', gone);
    body.off('close', gone);
  }
  return new UploadedFile(path, size, Buffer.concat(head), hash.digest('hex'));
}
