// Account settings routes: change password, check the password and delete account, for any signed-in user (paid or not).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  ChangePasswordSchema,
  CheckPasswordSchema,
  DeleteAccountSchema,
} from '../../contract/account.js';
import { DetailErrorSchema, TokenPairSchema } from '../../contract/entities.js';
import { createAccountRepository } from '../repositories/account.js';
import { createAccountService, createPasswordCheck } from '../services/account.js';

const tags = ['account'];
const security = [{ bearer: [] }];
const FieldErrorsSchema = Type.Record(Type.String(), Type.Array(Type.String()));
const failures = {
  // Field errors, or `detail` for a body that is no JSON at all (which the record would drop).
  400: Type.Union([FieldErrorsSchema, DetailErrorSchema]),
  401: DetailErrorSchema,
  429: DetailErrorSchema,
};

export default async function accountRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const repository = createAccountRepository(app.database.db);
  const passwordCheck = createPasswordCheck({ repository, passwords: app.passwords });
  const service = createAccountService({
    repository,
    passwords: app.passwords,
    tokens: app.tokens,
    billing: app.billing.service,
    log: app.log.child({ module: 'account' }),
  });
  // No paywall: a user whose subscription lapsed must still be able to leave. Password checks
  // are throttled per address and per user like logins (plugins/rate-limit.ts).
  const guarded = { onRequest: app.authenticate, preHandler: app.rateLimit('password') };

  app.post(
    '/account/password/',
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: 'Change the password',
        description:
          'Needs the current password; the new one follows the registration rules. Access and ' +
          'refresh tokens issued before the change stop working at once (every other session ' +
          'is signed out); the answer is a new token pair for this session. Optional ' +
          '`by_password`: the account key wrapped under the new password (as for ' +
          '`PUT /api/account/keys/password/`), stored in the same transaction as the password; ' +
          'an account without wraps refuses it (400 `by_password`) and keeps its password.',
        body: ChangePasswordSchema,
        response: { 200: TokenPairSchema, ...failures },
      },
    },
    async (request) => service.changePassword(request.user.id, request.body),
  );

  app.post(
    '/account/password/check/',
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: 'Check the password',
        description:
          "Changes nothing: 204 when `password` is the account's, else 400 " +
          '`{"password": ["Your current password is incorrect."]}`. Asked by the browser before ' +
          'it shows a recovery key for private months, so a mistyped password is said before ' +
          'the words are; the request that stores the wraps checks the password again.',
        body: CheckPasswordSchema,
        response: { 204: Type.Null(), ...failures },
      },
    },
    async (request, reply) => {
      await passwordCheck.require(request.user.id, request.body.password);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/account/delete/',
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: 'Delete the account and all its data',
        description:
          'Needs the password. Cancels a Stripe subscription first (503 when Stripe cannot be ' +
          'reached: nothing is deleted), then deletes the user with every month, entry, goal and ' +
          'payment record. POST rather than DELETE, because some proxies drop a DELETE body.',
        body: DeleteAccountSchema,
        response: { 204: Type.Null(), ...failures, 503: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      await service.deleteAccount(request.user.id, request.body.password);
      return reply.code(204).send(null);
    },
  );
}
