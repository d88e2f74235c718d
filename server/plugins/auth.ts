// Bearer-token authentication: decorates `app.tokens` and the `app.authenticate` pre-handler.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../../contract/rules.js';
import { createTokenService, type TokenService } from '../services/tokens.js';

export interface AuthUser {
  id: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** A hook, written with `done` rather than async: it runs on nearly every API request. */
    authenticate: onRequestHookHandler;
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
    // A hook that answers does not call `done`: the answer ends the request.
    const authenticate: onRequestHookHandler = (request, reply, done) => {
      const header = request.headers.authorization;
      const [scheme, token] = header?.split(' ') ?? [];
      if (!header || scheme !== 'Bearer') {
        reply.code(401).send({ detail: MESSAGES.noCredentials });
        return;
      }
      const claims = token ? tokens.verify(token) : null;
      if (claims?.token_type !== 'access') {
        reply.code(401).send({ detail: MESSAGES.badToken, code: 'token_not_valid' });
        return;
      }
      request.user = { id: claims.user_id };
      done();
    };
    app.decorate('authenticate', authenticate);
  },
  { name: 'auth' },
);
