// Validation rules, limits and messages shared by the server and the browser (docs/product-rules.md
// sections 5 and 9).

export const USERNAME_MIN_LENGTH = 8;
/** Django's default for usernames; the spec sets no maximum. */
export const USERNAME_MAX_LENGTH = 150;
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for any passphrase, short enough that hashing cannot be abused. */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_SPECIALS = '@$!%*?&';
export const MONTH_NAME_MAX_LENGTH = 50;
export const NAME_MAX_LENGTH = 255;
export const HIGHLIGHT_MAX_LENGTH = 255;
/** An entry's Markdown note, beside its highlight; '' when it has none. */
export const NOTE_MAX_LENGTH = 20_000;
/** An entry's mood: 1 (awful) … 5 (great), or null when not given. */
export const MOOD_MIN = 1;
export const MOOD_MAX = 5;
/** Metrics are stored as doubles; the bound keeps them finite and comparable. */
export const METRIC_LIMIT = 1e12;
export const MAX_ID = 2_147_483_647;

export const USERNAME_PATTERN = /^[\w.@+-]+$/u;
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]+$/;

export const MESSAGES = {
  usernameTooShort: 'Username must be at least 8 characters long.',
  usernameInvalid:
    'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
  usernameTaken: 'A user with that username already exists.',
  passwordRules:
    'Password must be at least 8 characters long, contain at least one uppercase letter, one number, and one special character.',
  passwordsDoNotMatch: 'Passwords do not match.',
  required: 'This field is required.',
  blank: 'This field may not be blank.',
  invalidNumber: 'A valid number is required.',
  invalidBoolean: 'Must be a valid boolean.',
  invalidInteger: 'A valid integer is required.',
  invalidString: 'Not a valid string.',
  invalidDate: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  maxLength: (max: number) => `Ensure this field has no more than ${max} characters.`,
  maxValue: (max: number) => `Ensure this value is less than or equal to ${max}.`,
  minValue: (min: number) => `Ensure this value is greater than or equal to ${min}.`,
  invalidPk: (value: unknown) => `Invalid pk "${String(value)}" - object does not exist.`,
  notFound: 'Not found.',
  /** For a body whose schema names every field it takes (`additionalProperties: false`). */
  unknownField: (name: string) => `Unknown field "${name}".`,
  methodNotAllowed: (method: string) => `Method "${method}" not allowed.`,
  paymentRequired: 'Payment required.',
  noCredentials: 'Authentication credentials were not provided.',
  badToken: 'Given token not valid for any token type',
  badLogin: 'No active account found with the given credentials',
  refreshInvalid: 'Token is invalid or expired',
  wrongTokenType: 'Token has wrong type',
  tooManyRequests: 'Request was throttled. Try again later.',
} as const;

/** Returns the spec's message for a username, or null when it is acceptable. */
export function usernameError(username: string): string | null {
  if (username.length < USERNAME_MIN_LENGTH) return MESSAGES.usernameTooShort;
  if (username.length > USERNAME_MAX_LENGTH) return MESSAGES.maxLength(USERNAME_MAX_LENGTH);
  if (!USERNAME_PATTERN.test(username)) return MESSAGES.usernameInvalid;
  return null;
}

/** Returns the spec's message for a password, or null when it is acceptable. */
export function passwordError(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH || !PASSWORD_PATTERN.test(password)) {
    return MESSAGES.passwordRules;
  }
  if (password.length > PASSWORD_MAX_LENGTH) return MESSAGES.maxLength(PASSWORD_MAX_LENGTH);
  return null;
}

export function confirmationError(password: string, confirmation: string): string | null {
  return password === confirmation ? null : MESSAGES.passwordsDoNotMatch;
}

export const PRODUCT_TYPES = ['subscription', 'one_time'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const PLANS = {
  monthly: { name: 'Monthly', price: '0.90', currency: 'USD' },
  once: { name: 'Pay Once', price: '5.90', originalPrice: '12', currency: 'USD' },
} as const;
export const LAUNCH_OFFER = { percentOff: 50, customers: 100 } as const;

/**
 * What a plan costs today with the launch offer: `price` (a decimal string) less `percentOff`,
 * rounded to the cent — the same number the checkout page shows and charges.
 */
export function launchPrice(price: string, percentOff: number): string {
  const cents = Math.round(Number(price) * 100);
  return (Math.round((cents * (100 - percentOff)) / 100) / 100).toFixed(2);
}

/** `locale`: the language chosen with the switch; cleared with the rest at logout. */
export const STORAGE_KEYS = {
  access: 'access',
  refresh: 'refresh',
  locale: 'locale',
  /** Whether the journals page shows its month at a glance (closed unless the user opened it). */
  glanceOpen: 'glance-open',
} as const;
/** The app's languages: English, and Brazilian Portuguese. */
export type AppLocale = 'en' | 'pt-BR';
/**
 * The first of a browser's languages (most preferred first) that the app has: any `pt*` (`pt`,
 * `pt-PT`, `pt-BR`) is pt-BR, any `en*` English; null when none is. The app reads
 * `navigator.languages` with it, and the server the `Accept-Language` header for the pages it
 * writes itself (the local checkout, exports).
 */
export function localeOfLanguages(languages: Iterable<string>): AppLocale | null {
  for (const language of languages) {
    const code = language.toLowerCase();
    if (code.startsWith('pt')) return 'pt-BR';
    if (code.startsWith('en')) return 'en';
  }
  return null;
}
export const TOAST_DURATION_MS = 3000;
export const CONTACT_EMAIL = 'hello@monthbook.app';
