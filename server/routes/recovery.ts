// Account recovery routes: the account's email address (add or change, confirm by link) and password reset by link.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { DetailErrorSchema } from '../../contract/entities.js';
import {
  AccountEmailSchema,
  ChangeEmailSchema,
  ConfirmEmailSchema,
  ConfirmedEmailSchema,
  ResetLinkStatusSchema,
  ResetPasswordSchema,
  ResetRequestSchema,
} from '../../contract/recovery.js';
import {
  EMAIL_CONFIRM_TTL_SECONDS,
  PASSWORD_RESET_TTL_SECONDS,
  RECOVERY_MESSAGES,
} from '../../contract/recovery-rules.js';
import { createRecoveryRepository } from '../repositories/recovery.js';
import { createAccountEmailService, MailLimitError } from '../services/account-email.js';

const security = [{ bearer: [] }];
const FieldErrorsSchema = Type.Record(Type.String(), Type.Array(Type.String()));
const DetailSchema = Type.Object({ detail: Type.String() });
/** A field's messages, or a `detail` (a dead link). */
const RefusalSchema = Type.Union([DetailErrorSchema, FieldErrorsSchema]);

export default async function recoveryRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const service = createAccountEmailService({
    repository: createRecoveryRepository(app.database.db),
    passwords: app.passwords,
    mailer: app.mailer,
    limiter: app.usernameLimiter,
    log: app.log.child({ module: 'recovery' }),
  });
  const linkLimit = app.rateLimit('recovery-link');

  app.get(
    '/account/email/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        security,
        summary: "The account's email address",
        description: 'The confirmed address (null: none), and one waiting for its link, if any.',
        response: { 200: AccountEmailSchema, 401: DetailErrorSchema },
      },
    },
    async (request) => service.getEmail(request.user.id),
  );

  app.post(
    '/account/email/',
    {
      onRequest: app.authenticate,
      // Checks the password: counted with the other password checks (plugins/rate-limit.ts).
      preHandler: app.rateLimit('password'),
      schema: {
        tags: ['account'],
        security,
        summary: 'Add or change the email address',
        description:
          `Needs the current password. Sends a confirmation link (single use, ${EMAIL_CONFIRM_TTL_SECONDS / 3600} h) to the ` +
          'new address; the address is used only once the link is opened. Answers 202 with the ' +
          'address now pending. 429 past 5 links an hour per account or 3 per address; 503 when ' +
          'the mail server cannot be reached.',
        body: ChangeEmailSchema,
        response: {
          202: AccountEmailSchema,
          400: RefusalSchema,
          401: DetailErrorSchema,
          429: DetailErrorSchema,
          503: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        return reply.code(202).send(await service.changeEmail(request.user.id, request.body));
      } catch (error) {
        if (error instanceof MailLimitError) {
          reply.header('retry-after', String(error.retryAfter));
        }
        throw error;
      }
    },
  );

  app.post(
    '/account/email/confirm/',
    {
      preHandler: linkLimit,
      schema: {
        tags: ['account'],
        summary: 'Confirm an email address with the link it received',
        description:
          'No session needed: the token (from the link) names the account. Single use; an ' +
          'unknown, used or expired token answers 400.',
        body: ConfirmEmailSchema,
        response: { 200: ConfirmedEmailSchema, 400: RefusalSchema, 429: DetailErrorSchema },
      },
    },
    async (request) => service.confirmEmail(request.body.token),
  );

  app.post(
    '/password-reset/',
    {
      preHandler: app.rateLimit('reset'),
      schema: {
        tags: ['auth'],
        summary: 'Ask for a password reset link',
        description:
          '`username` is a username or an email address. When it names an account with a ' +
          `confirmed address, a link (single use, ${PASSWORD_RESET_TTL_SECONDS / 3600} h) is mailed there. The answer is ` +
          'always the same 202, sent before anything is looked up, so it never tells whether ' +
          'the account or the address exists.',
        body: ResetRequestSchema,
        response: { 202: DetailSchema, 429: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      service.requestReset(request.body.username);
      return reply.code(202).send({ detail: RECOVERY_MESSAGES.resetRequested });
    },
  );

  // A POST although it changes nothing: the token would be written to access logs in a URL.
  app.post(
    '/password-reset/check/',
    {
      preHandler: linkLimit,
      schema: {
        tags: ['auth'],
        summary: 'Whether a reset link can still be used',
        description:
          'Answers `{"valid": false}` for an unknown, used or expired token, without using the ' +
          'link up: the reset page asks when it opens, before a new password is typed.',
        body: ConfirmEmailSchema,
        response: { 200: ResetLinkStatusSchema, 429: DetailErrorSchema },
      },
    },
    async (request) => service.checkResetLink(request.body.token),
  );

  app.post(
    '/password-reset/confirm/',
    {
      preHandler: linkLimit,
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with a reset link',
        description:
          'The new password follows the registration rules. The link is used up, with every ' +
          'other reset link of the account, and every refresh token issued before is refused ' +
          '(every device is signed out, as after a password change). An unknown, used or expired ' +
          'token answers 400 with a detail.',
        body: ResetPasswordSchema,
        response: { 200: DetailSchema, 400: RefusalSchema, 429: DetailErrorSchema },
      },
    },
    async (request) => service.resetPassword(request.body),
  );
}
