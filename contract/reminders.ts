// Reminders and push subscriptions: the wire types (TypeBox schemas) of the reminder routes, shared by server and browser.
// The browser imports values only from ./reminder-rules.ts: this module's schemas would bring TypeBox into its bundle.
import { type Static, Type } from '@sinclair/typebox';
import { PUSH_ENDPOINT_MAX_LENGTH } from './reminder-rules.js';
import { NO_NUL_PATTERN } from './requests.js';

const Language = Type.Union([Type.Literal('en'), Type.Literal('pt-BR')]);

/** What the browser saves (every field required; GET answers these and more). */
export const ReminderSettingsInputSchema = Type.Object({
  /** "HH:MM" 24 h local time; null = no daily reminder. Checked by the route for a clear message. */
  time: Type.Union([Type.Null(), Type.String({ maxLength: 20 })]),
  /** IANA zone, e.g. "Europe/Lisbon". */
  time_zone: Type.String({ maxLength: 100 }),
  /** Needs a confirmed email address (400 otherwise). */
  by_email: Type.Boolean(),
  /** Send to this account's push subscriptions. */
  by_push: Type.Boolean(),
  /** Weekly digest email, Monday morning local time. Needs a confirmed address. */
  weekly_digest: Type.Boolean(),
  /** Language of the reminder texts. */
  language: Type.String({ maxLength: 20 }),
});
export type ReminderSettingsInput = Static<typeof ReminderSettingsInputSchema>;

export const ReminderSettingsSchema = Type.Object({
  time: Type.Union([Type.String(), Type.Null()]),
  time_zone: Type.String(),
  by_email: Type.Boolean(),
  by_push: Type.Boolean(),
  weekly_digest: Type.Boolean(),
  language: Language,
  /** How many devices are subscribed. */
  push_subscriptions: Type.Integer({ minimum: 0 }),
  /** For PushManager.subscribe({ applicationServerKey }) (base64url, uncompressed P-256 point). */
  vapid_public_key: Type.String(),
});
export type ReminderSettings = Static<typeof ReminderSettingsSchema>;

/** A browser PushSubscription's toJSON() (expirationTime is accepted and ignored). */
export const PushSubscriptionInputSchema = Type.Object({
  endpoint: Type.String({ maxLength: PUSH_ENDPOINT_MAX_LENGTH, pattern: NO_NUL_PATTERN }),
  expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  keys: Type.Object({
    p256dh: Type.String({ maxLength: 200 }),
    auth: Type.String({ maxLength: 100 }),
  }),
});
export type PushSubscriptionInput = Static<typeof PushSubscriptionInputSchema>;

export const PushSubscriptionCreatedSchema = Type.Object({ endpoint: Type.String() });
export type PushSubscriptionCreated = Static<typeof PushSubscriptionCreatedSchema>;

export const PushSubscriptionDeleteSchema = Type.Object({
  // No NUL: PostgreSQL refuses it in text, and the lookup would fail with a 500 instead of a 400.
  endpoint: Type.String({ maxLength: PUSH_ENDPOINT_MAX_LENGTH, pattern: NO_NUL_PATTERN }),
});
export type PushSubscriptionDelete = Static<typeof PushSubscriptionDeleteSchema>;

/** The token rides in the query (RFC 8058: the List-Unsubscribe URL is POSTed as is). */
export const UnsubscribeQuerySchema = Type.Object({ token: Type.String({ maxLength: 500 }) });
export type UnsubscribeQuery = Static<typeof UnsubscribeQuerySchema>;

export const UnsubscribedSchema = Type.Object({
  kind: Type.Union([Type.Literal('reminder'), Type.Literal('digest')]),
  detail: Type.String(),
});
export type Unsubscribed = Static<typeof UnsubscribedSchema>;

/** The JSON a push carries (never any entry text). */
export const PushPayloadSchema = Type.Object({
  type: Type.Literal('daily-reminder'),
  title: Type.String(),
  body: Type.String(),
  /** "/months/{id}/journals?write=today", or "/months" without any month. */
  url: Type.String(),
  /** The notification's one action ("write"): "Write today's entry". */
  action_title: Type.String(),
});
export type PushPayload = Static<typeof PushPayloadSchema>;
