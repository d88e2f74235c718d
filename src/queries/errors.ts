// Error helpers for the screens, so they can pick the spec's toast without knowing the HTTP client.
/** isHttpError: a failure status (warning toast), as opposed to an exception (danger toast). */
import { errorBody, errorDetail, errorStatus, isHttpError } from '../api/http-error';

export { errorBody, errorDetail, errorStatus, isHttpError };

/**
 * A message to show for an exception (docs/product-rules.md section 8: "a danger toast shows the
 * error message").
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The server's reason for a 409 (e.g. "restore the month first"), or null for any other failure. */
export async function conflictDetail(error: unknown): Promise<string | null> {
  return errorStatus(error) === 409 ? errorDetail(error) : null;
}
