// If-Match on the data routes' PATCH and DELETE: reading the header, the 412 with the current item, the 404 that says "deleted".
import { type TObject, type TSchema, Type } from '@sinclair/typebox';
import type { FastifyRequest, FastifySchema } from 'fastify';
import {
  BAD_IF_MATCH,
  DELETED_CODE,
  parseIfMatch,
  VERSION_CONFLICT,
  VERSION_MESSAGES,
} from '../../contract/row-versions.js';
import { MESSAGES } from '../../contract/rules.js';
import type { TrashKind } from '../../contract/trash-rules.js';
import { HttpError } from '../http-error.js';
import { NotFound, VersionMismatch } from '../repositories/errors.js';
import type { UserRepositories } from '../repositories/index.js';
import type { ExpectedVersions } from '../repositories/row-versions.js';

const IF_MATCH_DESCRIPTION =
  'Optional. The ETag the edit is based on (`"3"`): when the item is at another version the ' +
  'answer is 412 with the current item and nothing changes. `*` or no header: no check. A ' +
  'malformed value is refused with 400 (code `bad_if_match`).';

/** The If-Match header and the 412 answer, for the OpenAPI document and the 412's serializer. */
export function conditionalSchemas(
  entity: TObject,
  response: Record<number, TSchema>,
): Pick<FastifySchema, 'headers' | 'response'> {
  return {
    headers: Type.Object({
      'if-match': Type.Optional(Type.String({ description: IF_MATCH_DESCRIPTION })),
    }),
    response: {
      ...response,
      412: Type.Object(
        { detail: Type.String(), code: Type.Literal(VERSION_CONFLICT), current: entity },
        { description: 'If-Match named an older version: `current` is the item as it is now.' },
      ),
    },
  };
}

/**
 * The versions If-Match allows (undefined: no header, or `*`). A malformed header is a 400
 * rather than ignored: a client that sent one believes its write is guarded, and ignoring it
 * would let the write overwrite a change it never saw, silently.
 */
export function expectedVersions(request: FastifyRequest): ExpectedVersions {
  const header = request.headers['if-match'];
  if (header === undefined) return undefined;
  const parsed = parseIfMatch(header);
  if (parsed === 'invalid') {
    throw new HttpError(400, { detail: VERSION_MESSAGES.badIfMatch, code: BAD_IF_MATCH });
  }
  return parsed;
}

/**
 * Gives a repository's VersionMismatch (its transaction already rolled back) the item as it is
 * now, which the 412 carries (plugins/errors.ts); an item gone meanwhile is a plain 404.
 */
export function versionConflict(current: () => Promise<unknown>) {
  return async (error: unknown): Promise<never> => {
    if (!(error instanceof VersionMismatch)) throw error;
    const item = await current();
    throw item === undefined ? new NotFound() : new VersionMismatch(item);
  };
}

/**
 * Today's 404; with If-Match, `code: "deleted"` when the item is in the bin, so a client holding an
 * edit of it can offer to restore it (without If-Match the body is the plain 404 of the API
 * contract).
 */
export async function notFoundWithIfMatch(
  repos: UserRepositories,
  kind: TrashKind | undefined,
  id: number,
  request: FastifyRequest,
): Promise<HttpError> {
  const ifMatch = request.headers['if-match'] !== undefined;
  if (ifMatch && kind !== undefined && (await repos.trash.holds(kind, id))) {
    return new HttpError(404, { detail: MESSAGES.notFound, code: DELETED_CODE });
  }
  return HttpError.notFound();
}
