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
