// Account settings requests (change password, check the password, delete account) and their messages, shared by server and browser.
import { type Static, Type } from '@sinclair/typebox';
import { PasswordWrapSchema } from './account-keys.js';
import { PASSWORD_MAX_LENGTH } from './rules.js';

const Password = Type.String({ maxLength: PASSWORD_MAX_LENGTH });

export const ChangePasswordSchema = Type.Object({
  current_password: Password,
  new_password: Password,
  confirm_password: Password,
  /**
   * The account key wrapped under `new_password`, for an account with private months: stored in
   * the same transaction as the password, so the two never disagree. Without it an existing wrap
   * stays under the old password (the old password or the recovery key still opens it).
   */
  by_password: Type.Optional(PasswordWrapSchema),
});
export type ChangePassword = Static<typeof ChangePasswordSchema>;

/** Asked before a step that needs the password later, so a wrong one is said at once. */
export const CheckPasswordSchema = Type.Object({ password: Password });
export type CheckPassword = Static<typeof CheckPasswordSchema>;

export const DeleteAccountSchema = Type.Object({ password: Password });
export type DeleteAccount = Static<typeof DeleteAccountSchema>;

export const ACCOUNT_MESSAGES = {
  wrongCurrentPassword: 'Your current password is incorrect.',
  wrongPassword: 'Incorrect password.',
  /** SimpleJWT's answer to a valid token whose user no longer exists. */
  userNotFound: 'User not found',
  billingUnavailable:
    'Your subscription could not be cancelled right now, so your account was not deleted. Please try again in a few minutes.',
} as const;
