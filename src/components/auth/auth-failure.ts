// What the login and register forms say when the server refuses: the rate limit's wait, or the server's own words.
import type { FieldErrors } from '../../../contract/entities';
import { errorBody, isHttpError } from '../../queries/errors';

/**
 * Whole minutes (at least 1) from a `Retry-After` header, which holds seconds or an HTTP date;
 * null when there is none or it cannot be read.
 */
export function retryAfterMinutes(header: string | null, now: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = /^\d+$/.test(header.trim())
    ? Number(header.trim())
    : (Date.parse(header) - now) / 1000;
  if (!Number.isFinite(seconds)) return null;
  return Math.max(1, Math.ceil(seconds / 60));
}

/** A 429: how many minutes to wait (null when the server did not say). */
export function rateLimitWait(error: unknown): { minutes: number | null } | null {
  if (!isHttpError(error) || error.response.status !== 429) return null;
  return { minutes: retryAfterMinutes(error.response.headers.get('retry-after')) };
}

/** The JSON body of an HTTP failure: field messages, `{detail}`, or null (no body, not JSON, a network error). */
export async function failureBody(error: unknown): Promise<FieldErrors | null> {
  return (await errorBody(error)) as FieldErrors | null;
}

/** The first message the server gave for `key` (a field, or `detail`), whether a string or a list. */
export function firstMessage(body: FieldErrors | null, key: string): string | null {
  const value: unknown = body?.[key];
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return null;
}
