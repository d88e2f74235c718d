// Account recovery: an optional email address confirmed by a link, and password reset links sent only to it.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../contract/account.js';
import type { FieldErrors } from '../../contract/entities.js';
import type {
  AccountEmail,
  ChangeEmail,
  ConfirmedEmail,
  ResetLinkStatus,
  ResetPassword,
} from '../../contract/recovery.js';
import {
  EMAIL_CONFIRM_TTL_SECONDS,
  emailError,
  emailKey,
  normalizeEmail,
  PASSWORD_RESET_TTL_SECONDS,
  RECOVERY_MESSAGES,
  RECOVERY_TOKEN_BYTES,
} from '../../contract/recovery-rules.js';
import { confirmationError, MESSAGES, passwordError } from '../../contract/rules.js';
import { HttpError } from '../http-error.js';
import type { RecoveryRepository } from '../repositories/recovery.js';
import type { Mailer } from './mailer.js';
import type { PasswordService } from './passwords.js';
import type { Limit, RateLimiter } from './rate-limiter.js';
import {
  confirmEmailMail,
  emailWasChangedMail,
  passwordWasResetMail,
  resetPasswordMail,
} from './recovery-mails.js';

/**
 * How many mails one account, and one mailbox, get in an hour. The per-address and per-typed-name
 * limits of the requests themselves are in plugins/rate-limit.ts; these bound what a flood spread
 * over many addresses and spellings can still put into one inbox.
 */
export const MAIL_LIMITS = {
  resetPerAccount: { name: 'reset:account', max: 3, windowSeconds: 60 * 60 },
  resetPerMailbox: { name: 'reset:mailbox', max: 5, windowSeconds: 60 * 60 },
  confirmPerAccount: { name: 'confirm:account', max: 5, windowSeconds: 60 * 60 },
  confirmPerMailbox: { name: 'confirm:mailbox', max: 3, windowSeconds: 60 * 60 },
} as const satisfies Record<string, Limit>;

/** A limit on mail the user asked for themselves: answered 429 with Retry-After. */
export class MailLimitError extends HttpError {
  constructor(readonly retryAfter: number) {
    super(429, { detail: MESSAGES.tooManyRequests });
  }
}

/** 256 random bits for the link, and the sha256 that is all the database keeps. */
function newToken(): { token: string; hash: string } {
  const token = randomBytes(RECOVERY_TOKEN_BYTES).toString('base64url');
  return { token, hash: hashToken(token) };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Counter keys for a mailbox: hashed, so neither memory nor Redis holds addresses. */
const mailboxKey = (email: string) =>
  createHash('sha256').update(emailKey(email)).digest('base64url').slice(0, 22);

interface Deps {
  repository: RecoveryRepository;
  passwords: PasswordService;
  mailer: Mailer;
  /** The rate limiter's counters; null with RATE_LIMIT=off. */
  limiter: RateLimiter | null;
  log: FastifyBaseLogger;
  now?: () => number;
}

export function createAccountEmailService({
  repository,
  passwords,
  mailer,
  limiter,
  log,
  now = Date.now,
}: Deps) {
  /** Counts one mail against each limit; the first exceeded one's wait, or null when all allow. */
  const overLimit = async (checks: Array<[Limit, string]>): Promise<number | null> => {
    if (!limiter) return null;
    for (const [limit, key] of checks) {
      const hit = await limiter.hit(limit, key);
      if (!hit.allowed) return hit.retryAfter;
    }
    return null;
  };

  const userGone = () =>
    new HttpError(401, { detail: ACCOUNT_MESSAGES.userNotFound, code: 'user_not_found' });
  const invalidLink = () => new HttpError(400, { detail: RECOVERY_MESSAGES.invalidLink });

  return {
    async getEmail(userId: number): Promise<AccountEmail> {
      const account = await repository.account(userId);
      if (!account) throw userGone();
      return { email: account.email, pending_email: await repository.pendingEmail(userId, now()) };
    },

    /**
     * Needs the current password: a session left open must not be enough to redirect the
     * account's reset links. The address becomes the account's only once its link is opened;
     * until then the confirmed one (if any) stays in charge.
     */
    async changeEmail(userId: number, body: ChangeEmail): Promise<AccountEmail> {
      const account = await repository.account(userId);
      if (!account) throw userGone();
      const errors: FieldErrors = {};
      if (!(await passwords.verify(account.password_hash, body.password))) {
        errors.password = [ACCOUNT_MESSAGES.wrongPassword];
      }
      const email = normalizeEmail(body.email);
      const bad =
        emailError(email) ??
        (account.email !== null && emailKey(account.email) === emailKey(email)
          ? RECOVERY_MESSAGES.sameEmail
          : null);
      if (bad) errors.email = [bad];
      if (Object.keys(errors).length > 0) throw new HttpError(400, errors);

      const wait = await overLimit([
        [MAIL_LIMITS.confirmPerAccount, `#${userId}`],
        [MAIL_LIMITS.confirmPerMailbox, mailboxKey(email)],
      ]);
      if (wait !== null) throw new MailLimitError(wait);

      const { token, hash } = newToken();
      await repository.addToken({
        userId,
        purpose: 'confirm_email',
        hash,
        email,
        now: now(),
        ttlMs: EMAIL_CONFIRM_TTL_SECONDS * 1000,
      });
      try {
        await mailer.send(confirmEmailMail(mailer, email, token));
      } catch (error) {
        log.warn({ err: error, userId }, 'confirmation email could not be sent');
        throw new HttpError(503, { detail: RECOVERY_MESSAGES.mailFailed });
      }
      return { email: account.email, pending_email: email };
    },

    /**
     * Anyone holding the link may open it (another browser, signed out): it only ever confirms
     * the address for the account that asked. The old address is told, without the new one.
     */
    async confirmEmail(token: string): Promise<ConfirmedEmail> {
      const done = await repository.confirmEmail(hashToken(token), emailKey, now());
      if (!done) throw invalidLink();
      if (done.previous !== null && emailKey(done.previous) !== emailKey(done.email)) {
        const previous = done.previous;
        mailer.later('email changed notice', () =>
          mailer.send(emailWasChangedMail(previous, done.username)),
        );
      }
      log.info({ userId: done.userId }, 'email address confirmed');
      return { email: done.email };
    },

    /**
     * Answers before looking anything up: the look-up, the link and the mail run afterwards
     * (`mailer.later`), so neither the answer nor its timing depends on whether `typed` names an
     * account, has a confirmed address, or is over a mail limit.
     */
    requestReset(typed: string): void {
      mailer.later('password reset request', async () => {
        const accounts = await repository.findForReset(typed, emailKey(typed));
        for (const account of accounts) {
          if (account.email === null) continue;
          const wait = await overLimit([
            [MAIL_LIMITS.resetPerAccount, `#${account.id}`],
            [MAIL_LIMITS.resetPerMailbox, mailboxKey(account.email)],
          ]);
          if (wait !== null) {
            log.info({ userId: account.id }, 'password reset mail skipped: limit reached');
            continue;
          }
          const { token, hash } = newToken();
          await repository.addToken({
            userId: account.id,
            purpose: 'reset_password',
            hash,
            email: account.email,
            now: now(),
            ttlMs: PASSWORD_RESET_TTL_SECONDS * 1000,
          });
          await mailer.send(resetPasswordMail(mailer, account.email, account.username, token));
        }
      });
    },

    /**
     * Whether a reset link still works, read without using it up: the page asks when it opens,
     * so a used or expired link says so before anyone types a new password twice.
     */
    async checkResetLink(token: string): Promise<ResetLinkStatus> {
      return { valid: await repository.isUsable('reset_password', hashToken(token), now()) };
    },

    /**
     * The link is checked first (a dead link should not make anyone choose a password), then
     * the password rules; the link is used up in the same transaction that stores the password,
     * so of two tabs racing, one wins and the other is told the link is dead.
     */
    async resetPassword(body: ResetPassword): Promise<{ detail: string }> {
      const hash = hashToken(body.token);
      if (!(await repository.isUsable('reset_password', hash, now()))) throw invalidLink();
      const errors: FieldErrors = {};
      const badPassword = passwordError(body.new_password);
      if (badPassword) errors.new_password = [badPassword];
      const mismatch = confirmationError(body.new_password, body.confirm_password);
      if (mismatch) errors.confirm_password = [mismatch];
      if (Object.keys(errors).length > 0) throw new HttpError(400, errors);

      const done = await repository.resetPassword(
        hash,
        await passwords.hash(body.new_password),
        now(),
      );
      if (!done) throw invalidLink();
      log.info({ userId: done.userId }, 'password reset: every refresh token revoked');
      mailer.later('password reset notice', () =>
        mailer.send(passwordWasResetMail(mailer, done.email, done.username)),
      );
      return { detail: RECOVERY_MESSAGES.passwordReset };
    },
  };
}

export type AccountEmailService = ReturnType<typeof createAccountEmailService>;
