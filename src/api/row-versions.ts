// The If-Match header of edits and deletes, and reading the server's 412/404 answers to them (contract/row-versions.ts).
import { HTTPError } from 'ky';
import { DELETED_CODE, etagOf, VERSION_CONFLICT } from '../../contract/row-versions';

/**
 * Headers for an edit or delete based on the item at `version`: the server refuses it with 412
 * when the item has moved on. No version (an item cached before versions existed): no header,
 * so the write behaves as it always did.
 */
export function ifMatchHeaders(version?: number): Record<string, string> {
  return version === undefined ? {} : { 'If-Match': etagOf(version) };
}

/** What a refused edit tells: the item changed elsewhere (with it as it is now), or went to the bin. */
export type VersionRefusal<T> = { kind: 'conflict'; current: T } | { kind: 'deleted' } | null;

/** The refusal in a ky error, or null for any other error (which the caller rethrows). */
export async function versionRefusal<T>(error: unknown): Promise<VersionRefusal<T>> {
  if (!(error instanceof HTTPError)) return null;
  const { status } = error.response;
  if (status !== 412 && status !== 404) return null;
  const body = (await error.response
    .clone()
    .json()
    .catch(() => null)) as { code?: string; current?: T } | null;
  if (status === 412 && body?.code === VERSION_CONFLICT && body.current !== undefined) {
    return { kind: 'conflict', current: body.current };
  }
  if (status === 404 && body?.code === DELETED_CODE) return { kind: 'deleted' };
  return null;
}
