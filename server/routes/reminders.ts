// Reminder settings, the browser's push subscriptions, and the one-click unsubscribe of reminder and digest mails.
import { createPublicKey } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { DetailErrorSchema, type FieldErrors } from '../../contract/entities.js';
import {
  isTimeZone,
  PUSH_FAILURES_MAX,
  PUSH_SUBSCRIPTIONS_MAX,
  REMINDER_LANGUAGES,
  REMINDER_MESSAGES,
  REMINDER_TIME_PATTERN,
  type ReminderLanguage,
} from '../../contract/reminder-rules.js';
import {
  PushSubscriptionCreatedSchema,
  PushSubscriptionDeleteSchema,
  PushSubscriptionInputSchema,
  type ReminderSettings,
  ReminderSettingsInputSchema,
  ReminderSettingsSchema,
  UnsubscribedSchema,
  UnsubscribeQuerySchema,
} from '../../contract/reminders.js';
import { HttpError } from '../http-error.js';

const security = [{ bearer: [] }];
const FieldErrorsSchema = Type.Record(Type.String(), Type.Array(Type.String()));
const RefusalSchema = Type.Union([DetailErrorSchema, FieldErrorsSchema]);

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A push endpoint the server will POST to: an absolute https URL without credentials. Push
 * services are always https; plain http is accepted only for a loopback host and only outside
 * production, so tests (and a developer's local push service) work while a production server
 * never sends a push in clear text. In production the host must also be a public-looking name
 * (push services all are): no IP literal, no single-label or .local/.internal/.localhost name, so
 * a subscription cannot point the server's requests at the machines next to it. A name that
 * resolves to such an address is refused when sending (services/push.ts), where the address the
 * request connects to is checked.
 */
export function endpointError(endpoint: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return REMINDER_MESSAGES.invalidEndpoint;
  }
  if (url.username || url.password || url.hash) return REMINDER_MESSAGES.invalidEndpoint;
  if (url.protocol === 'https:') {
    if (!production) return null;
    // "localhost." is "localhost": a trailing dot only marks the name as absolute.
    const host = url.hostname.toLowerCase().replace(/\.$/, '');
    const ipLiteral = host.startsWith('[') || /^[\d.]+$/.test(host);
    const internal =
      !host.includes('.') || /\.(local|internal|localhost|lan|home|corp)$/.test(host);
    return ipLiteral || internal ? REMINDER_MESSAGES.invalidEndpoint : null;
  }
  if (url.protocol === 'http:' && !production && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return REMINDER_MESSAGES.invalidEndpoint;
}

/**
 * p256dh: an uncompressed point on P-256 (65 bytes from 0x04); auth: a 16-byte secret; base64url.
 * The point is checked to be on the curve (node:crypto refuses one that is not), since a push
 * can only be encrypted to a real one.
 */
export function keysValid(keys: { p256dh: string; auth: string }): boolean {
  const b64url = /^[\w-]+={0,2}$/;
  if (!b64url.test(keys.p256dh) || !b64url.test(keys.auth)) return false;
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return false;
  if (Buffer.from(keys.auth, 'base64url').length !== 16) return false;
  try {
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

export default async function reminderRoutes(parent: FastifyInstance): Promise<void> {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { repository, tokens } = app.reminders;
  const { production, vapid } = app.config;

  const answer = async (userId: number): Promise<ReminderSettings> => ({
    ...(await repository.settings(userId)),
    push_subscriptions: await repository.countSubscriptions(userId),
    vapid_public_key: vapid.publicKey,
  });

  app.get(
    '/account/reminders/',
    {
      onRequest: [app.authenticate, app.requirePaid],
      schema: {
        tags: ['account'],
        security,
        summary: 'Reminder settings',
        description:
          'The daily reminder (time, zone, by email and/or push), the weekly digest, the language ' +
          "of their texts, how many devices are subscribed to pushes, and the server's VAPID " +
          'public key for PushManager.subscribe. Defaults until saved: no reminder, UTC, English.',
        response: { 200: ReminderSettingsSchema, 401: DetailErrorSchema, 402: DetailErrorSchema },
      },
    },
    async (request) => answer(request.user.id),
  );

  app.put(
    '/account/reminders/',
    {
      onRequest: [app.authenticate, app.requirePaid],
      schema: {
        tags: ['account'],
        security,
        summary: 'Save the reminder settings',
        description:
          'Every field is required. `time` is "HH:MM" (24 h) in `time_zone` (an IANA zone), or ' +
          'null for no daily reminder; it is sent only on days without an entry. `by_email` and ' +
          '`weekly_digest` need a confirmed email address. 400 names each bad field; nothing is ' +
          'saved then.',
        body: ReminderSettingsInputSchema,
        response: {
          200: ReminderSettingsSchema,
          400: RefusalSchema,
          401: DetailErrorSchema,
          402: DetailErrorSchema,
        },
      },
    },
    async (request) => {
      const body = request.body;
      const errors: FieldErrors = {};
      // An empty time (a cleared input) is no daily reminder, like null.
      const typed = body.time === null ? '' : body.time.trim();
      const time = typed === '' ? null : typed;
      if (time !== null && !REMINDER_TIME_PATTERN.test(time)) {
        errors.time = [REMINDER_MESSAGES.invalidTime];
      }
      const zone = body.time_zone.trim();
      if (!isTimeZone(zone)) errors.time_zone = [REMINDER_MESSAGES.invalidTimeZone];
      if (!(REMINDER_LANGUAGES as readonly string[]).includes(body.language)) {
        errors.language = [REMINDER_MESSAGES.invalidLanguage];
      }
      if (body.by_email || body.weekly_digest) {
        if ((await repository.confirmedEmail(request.user.id)) === null) {
          if (body.by_email) errors.by_email = [REMINDER_MESSAGES.emailNeedsAddress];
          if (body.weekly_digest) errors.weekly_digest = [REMINDER_MESSAGES.emailNeedsAddress];
        }
      }
      if (Object.keys(errors).length > 0) throw new HttpError(400, errors);
      // Stored as the runtime spells the zone (e.g. "europe/lisbon" → "Europe/Lisbon").
      const canonicalZone = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions()
        .timeZone;
      await repository.saveSettings(request.user.id, {
        time,
        time_zone: canonicalZone,
        by_email: body.by_email,
        by_push: body.by_push,
        weekly_digest: body.weekly_digest,
        language: body.language as ReminderLanguage,
      });
      return answer(request.user.id);
    },
  );

  app.post(
    '/account/push-subscriptions/',
    {
      onRequest: [app.authenticate, app.requirePaid],
      schema: {
        tags: ['account'],
        security,
        summary: 'Subscribe this browser to reminder pushes',
        description:
          "Body: the browser's PushSubscription.toJSON(). The endpoint must be an https URL " +
          '(≤ 2048 characters); p256dh an uncompressed P-256 public key and auth 16 bytes, both ' +
          'base64url. Idempotent on the endpoint (an endpoint saved by another account moves to ' +
          `this one). At most ${PUSH_SUBSCRIPTIONS_MAX} per account: the oldest are dropped. ` +
          'A subscription whose pushes fail rests (a minute, doubling, at most a day) and is ' +
          `dropped after ${PUSH_FAILURES_MAX} failures in a row, or at once when the push ` +
          'service answers 404 or 410; one whose host resolves to a private address is never pushed to.',
        body: PushSubscriptionInputSchema,
        response: {
          201: PushSubscriptionCreatedSchema,
          400: RefusalSchema,
          401: DetailErrorSchema,
          402: DetailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { endpoint, keys } = request.body;
      const endpointProblem = endpointError(endpoint, production);
      if (endpointProblem) throw HttpError.field('endpoint', endpointProblem);
      if (!keysValid(keys)) throw HttpError.field('keys', REMINDER_MESSAGES.invalidKeys);
      await repository.saveSubscription(
        request.user.id,
        { endpoint, p256dh: keys.p256dh, auth: keys.auth },
        Date.now(),
      );
      return reply.code(201).send({ endpoint });
    },
  );

  app.delete(
    '/account/push-subscriptions/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        security,
        summary: 'Unsubscribe a browser from reminder pushes',
        description:
          "Deletes the account's subscription with this endpoint; 204 whether or not there was " +
          "one (another account's endpoint is never touched).",
        body: PushSubscriptionDeleteSchema,
        response: { 204: Type.Null(), 401: DetailErrorSchema },
      },
    },
    async (request, reply) => {
      await repository.deleteSubscription(request.user.id, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );

  await app.register(async (scope) => {
    // RFC 8058: mail clients POST "List-Unsubscribe=One-Click" as a form; the body says nothing
    // the URL does not, so it is read and ignored.
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']) {
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4 * 1024 }, (_r, _b, done) =>
        done(null, undefined),
      );
    }
    scope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/mail/unsubscribe/',
      {
        schema: {
          tags: ['account'],
          summary: 'One-click unsubscribe from reminder or digest mails',
          description:
            "RFC 8058: the URL of every reminder and digest mail's List-Unsubscribe header, " +
            'POSTed by mail clients (body "List-Unsubscribe=One-Click") or by the /unsubscribe ' +
            'page. No login: the signed token names the account and the kind of mail, which is ' +
            'turned off. A malformed or forged token answers 400 and changes nothing.',
          querystring: UnsubscribeQuerySchema,
          response: { 200: UnsubscribedSchema, 400: RefusalSchema },
        },
      },
      async (request) => {
        const named = tokens.verify(request.query.token);
        if (!named) throw new HttpError(400, { detail: REMINDER_MESSAGES.invalidUnsubscribeLink });
        // A deleted account has nothing left to send: the same answer.
        await repository.turnOff(named.userId, named.kind);
        request.log.info({ user: named.userId, kind: named.kind }, 'unsubscribed from mail');
        return {
          kind: named.kind,
          detail:
            named.kind === 'reminder'
              ? REMINDER_MESSAGES.unsubscribedReminder
              : REMINDER_MESSAGES.unsubscribedDigest,
        };
      },
    );
  });
}
