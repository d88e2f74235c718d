// Bearer-token authentication: decorates `app.tokens` and the `app.authenticate` pre-handler.
import type { FastifyInstance, FastifyReply, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { ACCOUNT_MESSAGES } from '../../contract/account.js';
import { MESSAGES } from '../../contract/rules.js';
import { tokenGenerationReader } from '../repositories/users.js';
import { createTokenService, type TokenService } from '../services/tokens.js';

export interface AuthUser {
  id: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /**
     * A hook, written with `done` rather than async: it runs on nearly every API request. Besides
     * the token's signature it reads the user's token generation (one small query, batched).
     */
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
    const generationOf = tokenGenerationReader(app.database);
    const refuse = (reply: FastifyReply) =>
      reply.code(401).send({ detail: MESSAGES.badToken, code: 'token_not_valid' });
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
        refuse(reply);
        return;
      }
      // A password change or reset moves the user's generation: every access token issued before
      // it is refused from the next request on, not when it expires. A deleted user has none.
      generationOf(claims.user_id).then(
        (generation) => {
          if (generation === undefined) {
            reply.code(401).send({ detail: ACCOUNT_MESSAGES.userNotFound, code: 'user_not_found' });
            return;
          }
          if (generation !== (claims.gen ?? 0)) {
            refuse(reply);
            return;
          }
          request.user = { id: claims.user_id };
          done();
        },
        (error: unknown) => done(error as Error),
      );
    };
    app.decorate('authenticate', authenticate);
  },
  { name: 'auth' },
);
