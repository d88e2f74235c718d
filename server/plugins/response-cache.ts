// Decorates `app.responseCache`: this server's cache of serialized data answers (see crud-routes).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ResponseCache } from '../services/response-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

export default fp(
  async function responseCache(app: FastifyInstance) {
    app.decorate('responseCache', new ResponseCache());
  },
  { name: 'response-cache' },
);
