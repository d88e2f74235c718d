// Bearer-token authentication: decorates `app.tokens` and the `app.authenticate` pre-handler.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../../contract/rules.js';
import { createTokenService, type TokenService } from '../services/tokens.js';

export interface AuthUser {
  id: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `authenticate`; routes behind it can rely on it. */
    user: AuthUser;
  }
}

export default fp(
  async function auth(app: FastifyInstance) {
    const tokens = createTokenService({
      secret: app.config.jwtSecret,
      accessTtl: app.config.accessTokenTtl,
      refreshTtl: app.config.refreshTokenTtl,
    });
    app.decorate('tokens', tokens);
    app.decorateRequest('user', null as unknown as AuthUser);
    app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
      const header = request.headers.authorization;
      const [scheme, token] = header?.split(' ') ?? [];
      if (!header || scheme !== 'Bearer') {
        return reply.code(401).send({ detail: MESSAGES.noCredentials });
      }
      const claims = token ? tokens.verify(token) : null;
      if (claims?.token_type !== 'access') {
        return reply.code(401).send({ detail: MESSAGES.badToken, code: 'token_not_valid' });
      }
      request.user = { id: claims.user_id };
    });
  },
  { name: 'auth' },
);
