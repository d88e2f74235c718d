// Answers a data read from this server's response cache while the user's data version is unchanged.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRepositories } from '../repositories/index.js';
import { Page } from './pagination.js';

const JSON_TYPE = 'application/json; charset=utf-8';

export type CachedRead = (
  request: FastifyRequest,
  reply: FastifyReply,
  load: (repos: UserRepositories) => Promise<unknown>,
) => Promise<unknown>;

/** A stored Link header comes first, `<…>; rel="next"\n`, before the JSON (which never starts with `<`). */
const LINK_START = '<'.charCodeAt(0);
/** A stored ETag likewise, `"3"\n`, before a detail's JSON object (which starts with `{`). */
const ETAG_START = '"'.charCodeAt(0);
const NEWLINE = 10;

/** A detail answer with its ETag (row-versions), stored with the body like a page's Link. */
export class Tagged {
  constructor(
    readonly body: unknown,
    readonly etag: string,
  ) {}
}

/**
 * Why a cached body is never older than the data: the version is read here before the data, and
 * every write bumps it after the data, in the write's transaction (repositories/index.ts). So a
 * body stored under version v was made from data at least as new as v; after any later write the
 * database, which every server reads, holds a version past v, and the body is not served again.
 * Keys carry the user, so one user's answer is never another's, and the whole URL with its query
 * string, so each page of a list is its own entry. `load` may answer a Page (pagination.ts): its
 * Link header is stored with its body, so a cached page still says where the next one is; or a
 * Tagged detail, whose ETag is stored the same way.
 */
export function cachedRead(app: FastifyInstance): CachedRead {
  const { repos, responseCache } = app;
  return async (request, reply, load) => {
    const userId = request.user.id;
    const version = await repos.dataVersion(userId);
    if (version === undefined) {
      const result = await load(repos.forUser(userId));
      if (result instanceof Tagged) {
        reply.header('etag', result.etag);
        return result.body;
      }
      if (!(result instanceof Page)) return result;
      reply.header('link', result.link);
      return result.items;
    }
    const key = `${userId}|${request.method}|${request.url}`;
    let stored = responseCache.get(key, version);
    if (stored === undefined) {
      const result = await load(repos.forUser(userId));
      // Serialized by the route's response schema (to a string), as an uncached answer would be.
      if (result instanceof Page) {
        stored = Buffer.from(`${result.link}\n${reply.serialize(result.items) as string}`);
      } else if (result instanceof Tagged) {
        stored = Buffer.from(`${result.etag}\n${reply.serialize(result.body) as string}`);
      } else {
        stored = Buffer.from(reply.serialize(result) as string);
      }
      responseCache.set(key, version, stored);
    }
    let body = stored;
    if (stored[0] === LINK_START || stored[0] === ETAG_START) {
      const end = stored.indexOf(NEWLINE);
      reply.header(stored[0] === LINK_START ? 'link' : 'etag', stored.toString('utf8', 0, end));
      body = stored.subarray(end + 1);
    }
    return reply.type(JSON_TYPE).send(body);
  };
}
