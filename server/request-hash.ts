// The start of a request's fingerprint for Idempotency-Key (plugins/idempotency.ts), shared with the upload that hashes an import's body as it arrives (uploads.ts).
import { createHash, type Hash } from 'node:crypto';

/** The method and the route; the body's bytes (or its canonical JSON) follow. */
export function requestHasher(method: string, url: string): Hash {
  return createHash('sha256').update(`${method} ${url}\n`);
}
