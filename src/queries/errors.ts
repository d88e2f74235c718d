// Error helpers for the screens, so they can pick the spec's toast without knowing the HTTP client.
/** isHttpError: a failure status (warning toast), as opposed to an exception (danger toast). */
import { errorStatus, isHttpError } from '../api/http-error';

export { errorStatus, isHttpError };

/**
 * A message to show for an exception (docs/product-rules.md section 8: "a danger toast shows the
 * error message").
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The server's reason for a 409 (e.g. "restore the month first"), or null for any other failure. */
export async function conflictDetail(error: unknown): Promise<string | null> {
  if (errorStatus(error) !== 409 || !isHttpError(error)) return null;
  try {
    const body = (await error.response.clone().json()) as { detail?: unknown };
    return typeof body.detail === 'string' ? body.detail : null;
  } catch {
    return null;
  }
}
