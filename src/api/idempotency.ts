// The Idempotency-Key header of create requests: the server answers a repeated key with its first result, never a second row.

/** A fresh key; `crypto.randomUUID` is missing outside secure contexts (a LAN address over http). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Headers for one create: pass the same key again only to repeat the very same request. */
export function idempotencyHeaders(key: string = newIdempotencyKey()): Record<string, string> {
  return { 'Idempotency-Key': key };
}
