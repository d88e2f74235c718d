// Account email and password reset endpoints: the address (signed in), and the links (anonymous: the token is the proof).
import type {
  AccountEmail,
  ChangeEmail,
  ConfirmedEmail,
  ResetLinkStatus,
  ResetPassword,
  ResetRequest,
} from '../../contract/recovery';
import { client } from './client';
import { publicHttp } from './http';

export function getAccountEmail(): Promise<AccountEmail> {
  return client.get('api/account/email/').json<AccountEmail>();
}

/** Sends a confirmation link to the new address; answers the address now waiting. */
export function changeEmail(body: ChangeEmail): Promise<AccountEmail> {
  return client.post('api/account/email/', { json: body }).json<AccountEmail>();
}

/** Anonymous, so a link opened in another browser (or signed out) works too. */
export function confirmEmail(token: string): Promise<ConfirmedEmail> {
  return publicHttp.post('api/account/email/confirm/', { json: { token } }).json<ConfirmedEmail>();
}

/** Always the same answer, whether or not the account exists. */
export function requestPasswordReset(body: ResetRequest): Promise<{ detail: string }> {
  return publicHttp.post('api/password-reset/', { json: body }).json<{ detail: string }>();
}

export function resetPassword(body: ResetPassword): Promise<{ detail: string }> {
  return publicHttp.post('api/password-reset/confirm/', { json: body }).json<{ detail: string }>();
}

/** Whether a reset link still works; the link is not used up. */
export function checkResetLink(token: string): Promise<ResetLinkStatus> {
  return publicHttp.post('api/password-reset/check/', { json: { token } }).json<ResetLinkStatus>();
}
