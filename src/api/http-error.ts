// The check for an HTTP failure, here so that only src/api knows the HTTP client (ky) and its error class.
import { HTTPError } from 'ky';

export type { HTTPError };

/** A failure status from the server, as opposed to an exception (no answer, offline, a bug). */
export function isHttpError(error: unknown): error is HTTPError {
  return error instanceof HTTPError;
}

/** The response status of an HTTP failure, or null for any other error. */
export function errorStatus(error: unknown): number | null {
  return isHttpError(error) ? error.response.status : null;
}

/**
 * The JSON object an HTTP failure's body holds (field messages, `{detail}`, a code…), or null: no
 * body, not JSON, not an object, or not an HTTP failure at all. The body can be read again.
 */
export async function errorBody(error: unknown): Promise<Record<string, unknown> | null> {
  if (!isHttpError(error)) return null;
  try {
    const body: unknown = await error.response.clone().json();
    return body !== null && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The server's `detail` sentence for a refusal, or null. */
export async function errorDetail(error: unknown): Promise<string | null> {
  const detail = (await errorBody(error))?.detail;
  return typeof detail === 'string' ? detail : null;
}
