// Account settings: change the password (revoking the other sessions' refresh tokens) and delete the account.
import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNT_MESSAGES, type ChangePassword } from '../../contract/account.js';
import type { FieldErrors, TokenPair } from '../../contract/entities.js';
import { confirmationError, passwordError } from '../../contract/rules.js';
import { HttpError } from '../http-error.js';
import type { AccountRepository } from '../repositories/account.js';
import type { BillingService } from './billing/billing-service.js';
import type { PasswordService } from './passwords.js';
import type { TokenService } from './tokens.js';

interface Deps {
  repository: AccountRepository;
  passwords: PasswordService;
  tokens: TokenService;
  billing: BillingService;
  log: FastifyBaseLogger;
}

/** A valid access token of a deleted account, answered as SimpleJWT does. */
export const userGone = () =>
  new HttpError(401, { detail: ACCOUNT_MESSAGES.userNotFound, code: 'user_not_found' });

/**
 * The account's password against its stored hash, for the account actions that ask for it (the
 * password change, deleting the account, the account key's wraps). A wrong one is the 400 the
 * password change answers, naming the request's own field, so the browser shows one message.
 */
export function createPasswordCheck({
  repository,
  passwords,
}: Pick<Deps, 'repository' | 'passwords'>) {
  const matches = async (userId: number, password: string): Promise<boolean> => {
    const hash = await repository.passwordHash(userId);
    if (hash === undefined) throw userGone();
    return passwords.verify(hash, password);
  };
  return {
    matches,
    async require(userId: number, password: string, field = 'password'): Promise<void> {
      if (!(await matches(userId, password))) {
        throw HttpError.field(field, ACCOUNT_MESSAGES.wrongCurrentPassword);
      }
    },
  };
}

export type PasswordCheck = ReturnType<typeof createPasswordCheck>;

export function createAccountService({ repository, passwords, tokens, billing, log }: Deps) {
  const checkPassword = createPasswordCheck({ repository, passwords }).matches;

  return {
    /**
     * Every mistake at once, as registration reports them. On success the token generation moves
     * on, so every refresh token issued before (other sessions, this one's old one) is refused;
     * this session gets a new pair and stays signed in. Access tokens already issued stay valid
     * until they expire (ACCESS_TOKEN_TTL): checking them would cost a lookup on every request.
     */
    async changePassword(userId: number, body: ChangePassword): Promise<TokenPair> {
      const errors: FieldErrors = {};
      if (!(await checkPassword(userId, body.current_password))) {
        errors.current_password = [ACCOUNT_MESSAGES.wrongCurrentPassword];
      }
      const badPassword = passwordError(body.new_password);
      if (badPassword) errors.new_password = [badPassword];
      const mismatch = confirmationError(body.new_password, body.confirm_password);
      if (mismatch) errors.confirm_password = [mismatch];
      if (Object.keys(errors).length > 0) throw new HttpError(400, errors);

      const generation = await repository.changePassword(
        userId,
        await passwords.hash(body.new_password),
        body.by_password,
      );
      if (generation === undefined) throw userGone();
      return tokens.issuePair(userId, generation);
    },

    /**
     * The subscription is cancelled first: if the provider cannot be reached the account stays
     * (503, try again) rather than going while the card is still charged. Then one DELETE whose
     * cascade takes every row of the user.
     */
    async deleteAccount(userId: number, password: string): Promise<void> {
      if (!(await checkPassword(userId, password))) {
        throw HttpError.field('password', ACCOUNT_MESSAGES.wrongPassword);
      }
      try {
        await billing.closeAccount(userId);
      } catch (error) {
        log.warn({ err: error, userId }, 'account kept: billing could not be closed');
        throw new HttpError(503, { detail: ACCOUNT_MESSAGES.billingUnavailable });
      }
      if (!(await repository.deleteUser(userId))) throw userGone();
      log.info({ userId }, 'account deleted');
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
