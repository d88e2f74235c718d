// The account key's wraps (private months, docs/encryption.md): read them, store them once, replace either one.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  type AccountKeys,
  AccountKeysSchema,
  CreateAccountKeysSchema,
  ReplacePasswordWrapSchema,
  ReplaceRecoveryWrapSchema,
} from '../../contract/account-keys.js';
import { DetailErrorSchema } from '../../contract/entities.js';
import { etagOf } from '../../contract/row-versions.js';
import { HttpError } from '../http-error.js';
import { createAccountRepository } from '../repositories/account.js';
import { createPasswordCheck } from '../services/account.js';
import { conditionalSchemas, expectedVersions, versionConflict } from './row-versions.js';

const tags = ['account'];
const security = [{ bearer: [] }];
const FieldErrorsSchema = Type.Record(Type.String(), Type.Array(Type.String()));
// Field errors, or `detail` for a body that is no JSON at all (which the record would drop).
const BadInputSchema = Type.Union([FieldErrorsSchema, DetailErrorSchema]);

const SIZES =
  'Every field is checked exactly: `v` is 1, `nonce` 24 bytes and `ct` 48 bytes (a 32-byte key ' +
  'and its tag), `salt` 16 bytes, all unpadded base64url; `name` is `argon2id`, `memoryKiB` ' +
  '65536–1048576, `passes` 3–16, `parallelism` 1–16; a field not named here is refused. Any ' +
  'mistake is a 400 naming the field, and nothing is stored.';

const PASSWORD =
  "`password` is the account's current password, checked against its hash before anything is " +
  'stored: a wrong one is a 400 `{"password": ["Your current password is incorrect."]}` that ' +
  "changes nothing, and each attempt counts against the password checks' rate limit (429 past " +
  'it). A session alone cannot replace the wraps, and a mistyped password cannot make a ' +
  'password wrap it does not open.';

/** The answer and its ETag, the version an If-Match on a later replace names. */
function tagged(reply: FastifyReply, keys: AccountKeys): AccountKeys {
  reply.header('etag', etagOf(keys.version));
  return keys;
}

/**
 * For any signed-in user, paid or not, as the password itself: someone whose subscription ended
 * must still be able to read their private months, and to re-wrap the account key after a
 * password reset. The wraps are ciphertext the server cannot open; it checks their shape, and
 * that whoever sends them knows the account's password.
 */
export default async function accountKeyRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const keysOf = (userId: number) => app.repos.forUser(userId).accountKeys;
  const passwordCheck = createPasswordCheck({
    repository: createAccountRepository(app.database.db),
    passwords: app.passwords,
  });
  // Every write checks the password: throttled with the other password checks (plugins/rate-limit.ts).
  const guarded = { onRequest: app.authenticate, preHandler: app.rateLimit('password') };

  app.get(
    '/account/keys/',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security,
        summary: "The account key's two wraps",
        description:
          'The account key wrapped under the password (with its Argon2id salt and costs) and ' +
          'under the recovery key, with their version (also the `ETag`). 404 until the first ' +
          'private month stored them.',
        response: { 200: AccountKeysSchema, 401: DetailErrorSchema, 404: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      const keys = await keysOf(request.user.id).get();
      if (!keys) throw HttpError.notFound();
      return tagged(reply, keys);
    },
  );

  app.put(
    '/account/keys/',
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: "Store the account key's wraps, once",
        description:
          'Sent when the first private month is made: `password`, `by_password` `{kdf, key}` ' +
          `and \`by_recovery_key\` \`{v, nonce, ct}\`. ${PASSWORD} ${SIZES} 409 (code ` +
          '`account_key_exists`) when the account already has them: they are replaced one by ' +
          'one, never overwritten by another account key.',
        body: CreateAccountKeysSchema,
        response: {
          201: AccountKeysSchema,
          400: BadInputSchema,
          401: DetailErrorSchema,
          409: DetailErrorSchema,
          429: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { password, ...wraps } = request.body;
      await passwordCheck.require(request.user.id, password);
      const keys = await keysOf(request.user.id).create(wraps);
      return reply.code(201).send(tagged(reply, keys));
    },
  );

  // If-Match, optional, and its 412 carrying the wraps as they are now.
  const replaced = conditionalSchemas(AccountKeysSchema, {
    200: AccountKeysSchema,
    400: BadInputSchema,
    401: DetailErrorSchema,
    404: DetailErrorSchema,
    429: DetailErrorSchema,
  });

  app.put(
    '/account/keys/password/',
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: 'Replace the password wrap',
        description:
          'The same account key wrapped under the current password (after recovery by the ' +
          'recovery key, or a password change made without it), body `{password, kdf, key}`. ' +
          `${PASSWORD} ${SIZES} 404 when there are no wraps yet. Answers both wraps.`,
        body: ReplacePasswordWrapSchema,
        ...replaced,
      },
    },
    async (request, reply) => {
      const { password, ...wrap } = request.body;
      await passwordCheck.require(request.user.id, password);
      const repository = keysOf(request.user.id);
      const keys = await repository
        .replacePassword(wrap, expectedVersions(request))
        .catch(versionConflict(() => repository.get()));
      return tagged(reply, keys);
    },
  );

  app.put(
    '/account/keys/recovery-key/',
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: 'Replace the recovery wrap',
        description:
          'The same account key wrapped under a new recovery key, body `{password, v, nonce, ' +
          `ct}\`: the old recovery words stop working. ${PASSWORD} ${SIZES} 404 when there are ` +
          'no wraps yet. Answers both wraps.',
        body: ReplaceRecoveryWrapSchema,
        ...replaced,
      },
    },
    async (request, reply) => {
      const { password, ...envelope } = request.body;
      await passwordCheck.require(request.user.id, password);
      const repository = keysOf(request.user.id);
      const keys = await repository
        .replaceRecovery(envelope, expectedVersions(request))
        .catch(versionConflict(() => repository.get()));
      return tagged(reply, keys);
    },
  );
}
