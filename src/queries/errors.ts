// Error helpers for the screens, so they can pick the spec's toast without importing ky.
import { HTTPError } from 'ky';

/** A failure status from the server (warning toast), as opposed to an exception (danger toast). */
export function isHttpError(error: unknown): error is HTTPError {
  return error instanceof HTTPError;
}

/** The response status of an HTTP failure, or null for any other error. */
export function errorStatus(error: unknown): number | null {
  return isHttpError(error) ? error.response.status : null;
}

/** A message to show for an exception (spec §8: "a danger toast shows the error message"). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
