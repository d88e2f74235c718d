// Error helpers for the screens, so they can pick the spec's toast without knowing the HTTP client.
/** isHttpError: a failure status (warning toast), as opposed to an exception (danger toast). */
export { errorStatus, isHttpError } from '../api/http-error';

/**
 * A message to show for an exception (docs/product-rules.md section 8: "a danger toast shows the
 * error message").
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
