// Answers a data read from this server's response cache while the user's data version is unchanged.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRepositories } from '../repositories/index.js';

const JSON_TYPE = 'application/json; charset=utf-8';

export type CachedRead = (
  request: FastifyRequest,
  reply: FastifyReply,
  load: (repos: UserRepositories) => Promise<unknown>,
) => Promise<unknown>;

/**
 * Why a cached body is never older than the data: the version is read here before the data, and
 * every write bumps it after the data, in the write's transaction (repositories/index.ts). So a
 * body stored under version v was made from data at least as new as v; after any later write the
 * database, which every server reads, holds a version past v, and the body is not served again.
 * Keys carry the user, so one user's answer is never another's.
 */
export function cachedRead(app: FastifyInstance): CachedRead {
  const { repos, responseCache } = app;
  return async (request, reply, load) => {
    const userId = request.user.id;
    const version = await repos.dataVersion(userId);
    if (version === undefined) return load(repos.forUser(userId));
    const key = `${userId}|${request.method}|${request.url}`;
    let body = responseCache.get(key, version);
    if (body === undefined) {
      // Serialized by the route's response schema (to a string), as an uncached answer would be.
      body = Buffer.from(reply.serialize(await load(repos.forUser(userId))) as string);
      responseCache.set(key, version, body);
    }
    return reply.type(JSON_TYPE).send(body);
  };
}
