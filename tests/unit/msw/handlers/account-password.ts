// The signed-in user's password in the MSW fakes, and the answer to a wrong one: shared by the account and account-key handlers.
import { HttpResponse } from 'msw';
import { ACCOUNT_MESSAGES } from '../../../../contract/account';

/** The signed-in user's password in these handlers. */
export const ACCOUNT_PASSWORD = 'Str0ng!Pass';

/** The server's 400 for a wrong password, under the request's own field. */
export const wrongPassword = (field = 'password') =>
  HttpResponse.json({ [field]: [ACCOUNT_MESSAGES.wrongCurrentPassword] }, { status: 400 });
