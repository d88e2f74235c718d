// The words of the account emails: confirm an address, reset a password, and the notices after each change.
import {
  EMAIL_CONFIRM_TTL_SECONDS,
  PASSWORD_RESET_TTL_SECONDS,
  RECOVERY_PATHS,
} from '../../contract/recovery-rules.js';
import type { MailContent, Mailer } from './mailer.js';

const hours = (seconds: number) => {
  const n = Math.round(seconds / 3600);
  return `${n} ${n === 1 ? 'hour' : 'hours'}`;
};

const ignoreIfNotYou = 'If you did not ask for this, ignore this email: nothing changes.';

/**
 * Goes to an address nobody has shown to be theirs yet, so it carries nothing the asker chose:
 * a username can be written to look like a web address or a message ("paypal.com-verify"), and
 * anyone may send this mail to anyone (a few an hour). The account is named once the address is
 * confirmed, in the mails that follow.
 */
export function confirmEmailMail(mailer: Mailer, to: string, token: string): MailContent {
  return {
    kind: 'confirm_email',
    to,
    subject: 'Confirm your email address for Monthbook',
    paragraphs: [
      'Someone (hopefully you) asked to use this address for a Monthbook account. Once it is confirmed, a forgotten password can be reset through it.',
      `The link works once, for ${hours(EMAIL_CONFIRM_TTL_SECONDS)}.`,
      ignoreIfNotYou,
    ],
    action: {
      label: 'Confirm this address',
      url: mailer.link(RECOVERY_PATHS.confirmEmail, { token }),
    },
  };
}

export function resetPasswordMail(
  mailer: Mailer,
  to: string,
  username: string,
  token: string,
): MailContent {
  return {
    kind: 'reset_password',
    to,
    subject: 'Reset your Monthbook password',
    paragraphs: [
      `Someone (hopefully you) asked to reset the password of the Monthbook account “${username}”.`,
      `The link works once, for ${hours(PASSWORD_RESET_TTL_SECONDS)}. Choosing a new password signs out every device.`,
      `${ignoreIfNotYou} Your password stays as it is.`,
    ],
    action: {
      label: 'Choose a new password',
      url: mailer.link(RECOVERY_PATHS.resetPassword, { token }),
    },
  };
}

export function passwordWasResetMail(mailer: Mailer, to: string, username: string): MailContent {
  return {
    kind: 'password_reset_done',
    to,
    subject: 'Your Monthbook password was changed',
    paragraphs: [
      `The password of the Monthbook account “${username}” was just reset through a link sent to this address, and every device was signed out.`,
      'If this was not you, ask for a new reset link right away and check who can read this mailbox.',
    ],
    action: {
      label: 'Reset the password again',
      url: mailer.link(RECOVERY_PATHS.forgotPassword),
    },
  };
}

export function emailWasChangedMail(to: string, username: string): MailContent {
  return {
    kind: 'email_changed',
    to,
    subject: 'Your Monthbook email address was changed',
    paragraphs: [
      `The Monthbook account “${username}” now uses another email address: password reset links no longer come here.`,
      'If this was not you, log in and change your password and your email address in Settings.',
    ],
  };
}
