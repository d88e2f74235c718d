// Hands the ky client the answers public/early-data.js requested before the app's code arrived.
import type { BeforeRequestHook } from 'ky';

/** One read sent by public/early-data.js, keyed there by its full URL. */
export interface EarlyRead {
  /** The access token it was sent with. */
  token: string;
  /** `performance.now()` when it was sent. */
  at: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __monthbookEarly?: Record<string, EarlyRead>;
  }
}

/** Older than this, an early answer may no longer be the data: it is fetched again instead. */
export const EARLY_READ_MAX_AGE_MS = 10_000;

/**
 * A `beforeRequest` hook, after the one that sets the Authorization header: answers a GET with the
 * early read of the same URL, sent with the same token, at most once. Anything else — another
 * token (refreshed meanwhile), an old read, a read that failed to reach the server — goes to the
 * network as usual, so an early read can only save time, never change an answer.
 */
export const answerFromEarlyRead: BeforeRequestHook = async (request) => {
  const reads = globalThis.window?.__monthbookEarly;
  const read = reads?.[request.url];
  if (!reads || !read || request.method !== 'GET') return;
  delete reads[request.url];
  const fresh = performance.now() - read.at <= EARLY_READ_MAX_AGE_MS;
  if (!fresh || request.headers.get('authorization') !== `Bearer ${read.token}`) return;
  return read.response.catch(() => undefined);
};
