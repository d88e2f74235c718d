// Account email and password reset: the wire types (TypeBox schemas) of the recovery routes, shared by server and browser.
// The browser imports values only from ./recovery-rules.ts: this module's schemas would bring TypeBox into its bundle.
import { type Static, Type } from '@sinclair/typebox';
import { PASSWORD_MAX_LENGTH } from './rules.js';

const Password = Type.String({ maxLength: PASSWORD_MAX_LENGTH });
/** Longer than any valid address so that a too-long one gets the address message, not a length error. */
const EmailInput = Type.String({ maxLength: 1000 });
const Token = Type.String({ maxLength: 200 });

export const AccountEmailSchema = Type.Object({
  /** The confirmed address, the only one mail is ever sent to for a password reset. */
  email: Type.Union([Type.String(), Type.Null()]),
  /** An address waiting for its confirmation link to be opened, if any. */
  pending_email: Type.Union([Type.String(), Type.Null()]),
});
export type AccountEmail = Static<typeof AccountEmailSchema>;

export const ChangeEmailSchema = Type.Object({ email: EmailInput, password: Password });
export type ChangeEmail = Static<typeof ChangeEmailSchema>;

export const ConfirmEmailSchema = Type.Object({ token: Token });
export type ConfirmEmail = Static<typeof ConfirmEmailSchema>;

export const ConfirmedEmailSchema = Type.Object({ email: Type.String() });
export type ConfirmedEmail = Static<typeof ConfirmedEmailSchema>;

/** `username` holds a username or an email address (named so the login rate limits count it). */
export const ResetRequestSchema = Type.Object({
  username: Type.String({ maxLength: 1000 }),
});
export type ResetRequest = Static<typeof ResetRequestSchema>;

export const ResetPasswordSchema = Type.Object({
  token: Token,
  new_password: Password,
  confirm_password: Password,
});
export type ResetPassword = Static<typeof ResetPasswordSchema>;

/** Whether a reset link can still be used, asked when its page opens (the link is not used up). */
export const ResetLinkStatusSchema = Type.Object({ valid: Type.Boolean() });
export type ResetLinkStatus = Static<typeof ResetLinkStatusSchema>;
