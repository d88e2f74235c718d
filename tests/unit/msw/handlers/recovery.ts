// MSW handlers for account recovery: the account's email address, its confirmation link, and password reset links.
import { HttpResponse, http } from 'msw';
import { ACCOUNT_MESSAGES } from '../../../../contract/account';
import type { FieldErrors } from '../../../../contract/entities';
import type {
  AccountEmail,
  ChangeEmail,
  ConfirmEmail,
  ResetPassword,
} from '../../../../contract/recovery';
import { emailError, normalizeEmail, RECOVERY_MESSAGES } from '../../../../contract/recovery-rules';
import { confirmationError, passwordError } from '../../../../contract/rules';
import { apiUrl } from '../url';
import { ACCOUNT_PASSWORD } from './account';

/** Links these handlers accept once each (43 characters, like the server's). */
export const CONFIRM_TOKEN = 'confirm-token-0123456789-abcdefghijklmnopqr';
export const RESET_TOKEN = 'reset-token-0123456789-abcdefghijklmnopqrst';

/** What the handlers hold; `resetRecoveryMock()` restores it between tests. */
export const recoveryMock = {
  email: { email: null, pending_email: null } as AccountEmail,
  usedTokens: new Set<string>(),
  /** The `username` of each reset request, in order. */
  resetRequests: [] as string[],
};

export function resetRecoveryMock(): void {
  recoveryMock.email = { email: null, pending_email: null };
  recoveryMock.usedTokens.clear();
  recoveryMock.resetRequests.length = 0;
}

const deadLink = () =>
  HttpResponse.json({ detail: RECOVERY_MESSAGES.invalidLink }, { status: 400 });

export const recoveryHandlers = [
  http.get(apiUrl('api/account/email/'), () => HttpResponse.json(recoveryMock.email)),

  http.post(apiUrl('api/account/email/'), async ({ request }) => {
    const body = (await request.json()) as ChangeEmail;
    const errors: FieldErrors = {};
    if (body.password !== ACCOUNT_PASSWORD) errors.password = [ACCOUNT_MESSAGES.wrongPassword];
    const email = normalizeEmail(body.email);
    const bad = emailError(email);
    if (bad) errors.email = [bad];
    if (Object.keys(errors).length > 0) return HttpResponse.json(errors, { status: 400 });
    recoveryMock.email = { ...recoveryMock.email, pending_email: email };
    return HttpResponse.json(recoveryMock.email, { status: 202 });
  }),

  http.post(apiUrl('api/account/email/confirm/'), async ({ request }) => {
    const { token } = (await request.json()) as ConfirmEmail;
    if (token !== CONFIRM_TOKEN || recoveryMock.usedTokens.has(token)) return deadLink();
    recoveryMock.usedTokens.add(token);
    const email = recoveryMock.email.pending_email ?? 'reader@example.org';
    recoveryMock.email = { email, pending_email: null };
    return HttpResponse.json({ email });
  }),

  http.post(apiUrl('api/password-reset/'), async ({ request }) => {
    const { username } = (await request.json()) as { username: string };
    recoveryMock.resetRequests.push(username);
    return HttpResponse.json({ detail: RECOVERY_MESSAGES.resetRequested }, { status: 202 });
  }),

  http.post(apiUrl('api/password-reset/check/'), async ({ request }) => {
    const { token } = (await request.json()) as ConfirmEmail;
    return HttpResponse.json({
      valid: token === RESET_TOKEN && !recoveryMock.usedTokens.has(token),
    });
  }),

  http.post(apiUrl('api/password-reset/confirm/'), async ({ request }) => {
    const body = (await request.json()) as ResetPassword;
    if (body.token !== RESET_TOKEN || recoveryMock.usedTokens.has(body.token)) return deadLink();
    const errors: FieldErrors = {};
    const bad = passwordError(body.new_password);
    if (bad) errors.new_password = [bad];
    const mismatch = confirmationError(body.new_password, body.confirm_password);
    if (mismatch) errors.confirm_password = [mismatch];
    if (Object.keys(errors).length > 0) return HttpResponse.json(errors, { status: 400 });
    recoveryMock.usedTokens.add(body.token);
    return HttpResponse.json({ detail: RECOVERY_MESSAGES.passwordReset });
  }),
];
