// Reminders' plain rules (languages, limits, paths, messages, time and zone checks), with no schema library, for the browser and the server.

/** Languages the reminder and digest texts are written in (saved from the browser's language). */
export const REMINDER_LANGUAGES = ['en', 'pt-BR'] as const;
export type ReminderLanguage = (typeof REMINDER_LANGUAGES)[number];

/** The mail kinds a one-click unsubscribe can turn off. */
export const MAIL_KINDS = ['reminder', 'digest'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** A reminder time: "HH:MM", 24 h, local to the saved zone. */
export const REMINDER_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** The zone until the browser saves one. */
export const DEFAULT_TIME_ZONE = 'UTC';
/** Push subscriptions kept per account (devices); the oldest is dropped past it. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;
/**
 * A push subscription that failed this many times in a row is dropped. Between failures it rests,
 * a minute after the first and twice as long after each next, at most a day.
 */
export const PUSH_FAILURES_MAX = 20;
/** The longest push endpoint accepted. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/** Where links in reminder mails and notifications land. */
export const REMINDER_PATHS = {
  settings: '/settings',
  /** The browser page that asks, then POSTs /api/mail/unsubscribe/?token=… */
  unsubscribe: '/unsubscribe',
  /** Opens the journals page of the latest month with the new-entry modal for today. */
  writeToday: (monthId: number | null): string =>
    monthId === null ? '/months' : `/months/${monthId}/journals?write=today`,
} as const;

export const REMINDER_MESSAGES = {
  invalidTime: 'Enter a time as HH:MM (24 hours), or leave it empty for no daily reminder.',
  invalidTimeZone: 'Choose a time zone from the list.',
  invalidLanguage: 'Choose English or Português (Brasil).',
  emailNeedsAddress: 'Add and confirm an email address first to get reminders by email.',
  invalidEndpoint: 'This push subscription is not valid (its endpoint must be an https address).',
  invalidKeys: 'This push subscription is not valid (its keys are missing or malformed).',
  invalidUnsubscribeLink: 'This unsubscribe link is invalid. Turn emails off in Settings instead.',
  unsubscribedReminder:
    'You will no longer get daily reminder emails. Turn them back on in Settings.',
  unsubscribedDigest:
    'You will no longer get the weekly digest email. Turn it back on in Settings.',
} as const;

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
