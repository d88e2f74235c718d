// Shared answers and helpers of the MSW handlers, shaped like the real server's (api-contract.md).
import { HttpResponse, http } from 'msw';
import { MESSAGES } from '../../../contract/rules';
import { apiUrl } from './url';

export const notFound = () => HttpResponse.json({ detail: MESSAGES.notFound }, { status: 404 });
export const noContent = () => new HttpResponse(null, { status: 204 });

/** The `?month=` (or other) filter of a list request, or null when absent. */
export function idParam(request: Request, name: string): number | null {
  const value = new URL(request.url).searchParams.get(name);
  return value === null ? null : Number(value);
}

type Method = 'get' | 'post' | 'patch' | 'delete';

/** A handler answering `status` with a DRF-like body, to make one endpoint fail in a test. */
export function failing(method: Method, path: string, status = 500) {
  return http[method](apiUrl(path), () =>
    HttpResponse.json({ detail: `Failed with ${status}` }, { status }),
  );
}

/** A handler whose request fails at the network level (fetch rejects). */
export function unreachable(method: Method, path: string) {
  return http[method](apiUrl(path), () => HttpResponse.error());
}

/**
 * A PATCH applied as the server applies it: `sealed: null` (content made plain again) and
 * `month_key: null` (a month made plain) leave the row without them, as the server answers a
 * plain row.
 */
export function applyPatch<Row extends object>(row: Row, changes: object): Row {
  Object.assign(row, changes);
  for (const field of ['sealed', 'month_key'] as const)
    if ((row as Record<string, unknown>)[field] === null)
      delete (row as Record<string, unknown>)[field];
  return row;
}
