// MSW handlers for /api/account/: change password, check it, and delete account, against one known password.
import { HttpResponse, http } from 'msw';
import {
  ACCOUNT_MESSAGES,
  type ChangePassword,
  type CheckPassword,
  type DeleteAccount,
} from '../../../../contract/account';
import { ACCOUNT_KEY_MESSAGES } from '../../../../contract/account-key-rules';
import type { FieldErrors } from '../../../../contract/entities';
import { confirmationError, passwordError } from '../../../../contract/rules';
import { makeJwt } from '../../../fixtures/factories';
import { resetDb } from '../db';
import { noContent } from '../responses';
import { apiUrl } from '../url';
import { replaceWrap } from './account-keys';
import { ACCOUNT_PASSWORD, wrongPassword } from './account-password';

export { ACCOUNT_PASSWORD };

export const accountHandlers = [
  http.post(apiUrl('api/account/password/'), async ({ request }) => {
    const body = (await request.json()) as ChangePassword;
    const errors: FieldErrors = {};
    if (body.current_password !== ACCOUNT_PASSWORD) {
      errors.current_password = [ACCOUNT_MESSAGES.wrongCurrentPassword];
    }
    const bad = passwordError(body.new_password);
    if (bad) errors.new_password = [bad];
    const mismatch = confirmationError(body.new_password, body.confirm_password);
    if (mismatch) errors.confirm_password = [mismatch];
    if (Object.keys(errors).length > 0) return HttpResponse.json(errors, { status: 400 });
    // The new password wrap is stored with the password, or neither is (as the server does).
    if (body.by_password && !replaceWrap({ by_password: body.by_password })) {
      return HttpResponse.json(
        { by_password: [ACCOUNT_KEY_MESSAGES.noAccountKey] },
        { status: 400 },
      );
    }
    return HttpResponse.json({
      refresh: makeJwt(24 * 60 * 60, { token_type: 'refresh', gen: 1 }),
      access: makeJwt(30 * 60),
    });
  }),
  http.post(apiUrl('api/account/password/check/'), async ({ request }) => {
    const { password } = (await request.json()) as CheckPassword;
    return password === ACCOUNT_PASSWORD ? noContent() : wrongPassword();
  }),
  http.post(apiUrl('api/account/delete/'), async ({ request }) => {
    const { password } = (await request.json()) as DeleteAccount;
    if (password !== ACCOUNT_PASSWORD) {
      return HttpResponse.json({ password: [ACCOUNT_MESSAGES.wrongPassword] }, { status: 400 });
    }
    resetDb();
    return noContent();
  }),
];
