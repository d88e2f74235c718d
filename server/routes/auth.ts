// Accounts and tokens: register, obtain a token pair, refresh an access token, revoke a refresh token.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TokenClaims } from '../../contract/entities.js';
import {
  AccessTokenSchema,
  DetailErrorSchema,
  TokenPairSchema,
  UserSchema,
} from '../../contract/entities.js';
import { CredentialsSchema, RefreshBodySchema } from '../../contract/requests.js';
import { MESSAGES, passwordError, usernameError } from '../../contract/rules.js';
import { normalizeUsername } from '../../contract/username.js';
import { HttpError } from '../http-error.js';
import { UsernameTakenError } from '../repositories/users.js';

/** Revocation rows outlive their token by at most this long before a purge removes them. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

const tags = ['auth'];
const loginFailures = { 401: DetailErrorSchema, 429: DetailErrorSchema };

export default async function authRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  let lastPurge = 0;

  const refreshInvalid = () =>
    new HttpError(401, { detail: MESSAGES.refreshInvalid, code: 'token_not_valid' });

  /** The claims of a usable refresh token, or the contract's 401. */
  const refreshClaims = (token: string): TokenClaims => {
    const claims = app.tokens.verify(token);
    if (!claims) throw refreshInvalid();
    if (claims.token_type !== 'refresh') {
      throw new HttpError(401, { detail: MESSAGES.wrongTokenType, code: 'token_not_valid' });
    }
    return claims;
  };

  const purgeNowAndThen = () => {
    if (Date.now() - lastPurge < PURGE_INTERVAL_MS) return;
    lastPurge = Date.now();
    app.users
      .purgeExpiredRevocations(Math.floor(Date.now() / 1000))
      .catch((error: unknown) => app.log.warn({ err: error }, 'purging revoked tokens failed'));
  };

  app.post(
    '/user/register/',
    {
      schema: {
        tags,
        summary: 'Create an account',
        body: CredentialsSchema,
        response: { 201: UserSchema, 429: DetailErrorSchema },
      },
      preHandler: app.rateLimit('register'),
    },
    async (request, reply) => {
      // Stored as normalized; looked up and rate-limited by the same name's key.
      const username = normalizeUsername(request.body.username);
      const { password } = request.body;
      const errors: Record<string, string[]> = {};
      const badUsername = usernameError(username);
      if (badUsername) errors.username = [badUsername];
      else if (await app.users.usernameExists(username)) errors.username = [MESSAGES.usernameTaken];
      const badPassword = passwordError(password);
      if (badPassword) errors.password = [badPassword];
      if (Object.keys(errors).length > 0) throw new HttpError(400, errors);

      try {
        const user = await app.users.create(username, await app.passwords.hash(password));
        return reply.code(201).send(user);
      } catch (error) {
        // Another registration took the name between our check and our insert.
        if (error instanceof UsernameTakenError) {
          throw HttpError.field('username', MESSAGES.usernameTaken);
        }
        throw error;
      }
    },
  );

  app.post(
    '/token/',
    {
      schema: {
        tags,
        summary: 'Log in: obtain a refresh and an access token',
        body: CredentialsSchema,
        response: { 200: TokenPairSchema, ...loginFailures },
      },
      preHandler: app.rateLimit('login'),
    },
    async (request) => {
      const { username, password } = request.body;
      // Found by the typed name's key (contract/username.ts), the one its rate limits count on.
      const user = await app.users.findCredentials(username);
      const valid = user
        ? await app.passwords.verify(user.password_hash, password)
        : await app.passwords.verifyNothing(password);
      if (!user || !valid) throw new HttpError(401, { detail: MESSAGES.badLogin });
      await app.rateLimitSucceeded(request);
      return app.tokens.issuePair(user.id, user.token_generation);
    },
  );

  app.post(
    '/token/refresh/',
    {
      schema: {
        tags,
        summary: 'Exchange a refresh token for a new access token',
        body: RefreshBodySchema,
        response: { 200: AccessTokenSchema, 401: DetailErrorSchema },
      },
    },
    async (request) => {
      const claims = refreshClaims(request.body.refresh);
      if (await app.users.isRevoked(claims.jti)) throw refreshInvalid();
      // A password change since it was issued, or a deleted account (routes/account.ts).
      const generation = await app.users.tokenGeneration(claims.user_id);
      if (generation !== (claims.gen ?? 0)) throw refreshInvalid();
      return { access: app.tokens.issueAccess(claims.user_id, generation) };
    },
  );

  app.post(
    '/token/blacklist/',
    {
      schema: {
        tags,
        summary: 'Log out: revoke a refresh token',
        body: RefreshBodySchema,
        response: { 200: Type.Object({}), 401: DetailErrorSchema },
      },
    },
    async (request) => {
      const claims = refreshClaims(request.body.refresh);
      await app.users.revokeToken(claims.jti, claims.user_id, claims.exp);
      purgeNowAndThen();
      return {};
    },
  );
}
