// Account recovery's plain rules (link lifetimes, paths, messages, email address rules), with no schema library, for the browser and the server.

/** A confirmation link works for 24 hours, once. */
export const EMAIL_CONFIRM_TTL_SECONDS = 24 * 60 * 60;
/** A password reset link works for 1 hour, once. */
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
/** Random bytes in a link's token: 256 bits, base64url (43 characters). */
export const RECOVERY_TOKEN_BYTES = 32;
/** RFC 5321's limit on a forward path, the longest address any mail server takes. */
export const EMAIL_MAX_LENGTH = 254;

/** Where the links in the emails land (the token rides in the fragment, never sent to a server). */
export const RECOVERY_PATHS = {
  confirmEmail: '/confirm-email',
  resetPassword: '/reset-password',
  forgotPassword: '/forgot-password',
  settings: '/settings',
} as const;

export const RECOVERY_MESSAGES = {
  invalidEmail: 'Enter a valid email address.',
  sameEmail: 'This is already your email address.',
  invalidLink: 'This link is invalid or has expired. Ask for a new one.',
  /** The one answer to every reset request, whether or not the account or address exists. */
  resetRequested:
    'If an account matches and has a confirmed email address, a link to reset its password is on its way. It works for 1 hour.',
  passwordReset:
    'Your password was changed and every device was signed out. Log in with your new password.',
  mailFailed: 'The email could not be sent right now. Please try again in a few minutes.',
} as const;

const LOCAL_PART = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~.-]+$/u;
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;

/**
 * The address as stored and sent to: trimmed, Unicode-normalized, the domain lower-cased (the
 * local part is the mailbox owner's to interpret, so its case is kept).
 */
export function normalizeEmail(raw: string): string {
  const trimmed = raw.normalize('NFC').trim();
  const at = trimmed.lastIndexOf('@');
  if (at < 0) return trimmed;
  return `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}`;
}

/** What an address is looked up by: providers treat the local part without case too. */
export const emailKey = (raw: string): string => normalizeEmail(raw).toLowerCase();

/** The message for an address (normalized first), or null when it is acceptable. */
export function emailError(normalized: string): string | null {
  if (normalized.length > EMAIL_MAX_LENGTH) return RECOVERY_MESSAGES.invalidEmail;
  const at = normalized.lastIndexOf('@');
  if (at < 1) return RECOVERY_MESSAGES.invalidEmail;
  const local = normalized.slice(0, at);
  const domain = normalized.slice(at + 1);
  const labels = domain.split('.');
  const valid =
    local.length <= 64 &&
    LOCAL_PART.test(local) &&
    !local.startsWith('.') &&
    !local.endsWith('.') &&
    !local.includes('..') &&
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label)) &&
    !/^\d+$/.test(labels[labels.length - 1] ?? '');
  return valid ? null : RECOVERY_MESSAGES.invalidEmail;
}
