// Absolute URLs for MSW handlers, on the same origin the API client uses.
import { apiBaseUrl } from '../../../src/api/http';

/** `apiUrl('api/months/')` → `http://localhost:3000/api/months/` under jsdom. */
export function apiUrl(path: string): string {
  return new URL(path, `${apiBaseUrl().replace(/\/$/, '')}/`).toString();
}
