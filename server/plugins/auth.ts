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

export { IAT_LEEWAY_SECONDS } from '../services/tokens.js';

/** A JWT's characters: base64url segments joined by dots. Anything else after `Bearer ` is refused. */
const TOKEN = /^[\w.-]+$/;

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
      const space = header?.indexOf(' ') ?? -1;
      // Another scheme (or none) is no credentials at all, as SimpleJWT sees it.
      if (!header || (space === -1 ? header : header.slice(0, space)) !== 'Bearer') {
        reply.code(401).send({ detail: MESSAGES.noCredentials });
        return;
      }
      // Exactly `Bearer <token>`: one space, and nothing after the token.
      const token = space === -1 ? '' : header.slice(space + 1);
      const claims = TOKEN.test(token) ? tokens.verify(token) : null;
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
