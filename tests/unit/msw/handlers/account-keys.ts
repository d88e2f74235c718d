// MSW handlers for /api/account/keys/: the account key's wraps, stored once and replaced one by one, with If-Match, each write with the account's password.
import { Value } from '@sinclair/typebox/value';
import { HttpResponse, http } from 'msw';
import { ACCOUNT_KEY_EXISTS, ACCOUNT_KEY_MESSAGES } from '../../../../contract/account-key-rules';
import {
  type AccountKeys,
  type AccountKeyWraps,
  CreateAccountKeysSchema,
  ReplacePasswordWrapSchema,
  ReplaceRecoveryWrapSchema,
} from '../../../../contract/account-keys';
import { etagOf, VERSION_CONFLICT, VERSION_MESSAGES } from '../../../../contract/row-versions';
import { notFound } from '../responses';
import { apiUrl } from '../url';
import { ACCOUNT_PASSWORD, wrongPassword } from './account-password';

/** What the handlers hold; `resetAccountKeysMock()` empties it between tests. */
export const accountKeysMock = { stored: null as AccountKeys | null };

export function resetAccountKeysMock(): void {
  accountKeysMock.stored = null;
}

/** The account's two wraps, as Settings stores them at setup (`made` by createAccountKey). */
export function storeAccountKeys(
  made: { byPassword: AccountKeys['by_password']; byRecoveryKey: AccountKeys['by_recovery_key'] },
  version = 1,
): void {
  const at = new Date().toISOString();
  accountKeysMock.stored = {
    by_password: made.byPassword,
    by_recovery_key: made.byRecoveryKey,
    version,
    created_at: at,
    updated_at: at,
  };
}

/** Stores a new wrap the way the server does: the version moves, the other wrap stays. */
export function replaceWrap(change: Partial<AccountKeyWraps>): AccountKeys | null {
  const { stored } = accountKeysMock;
  if (!stored) return null;
  accountKeysMock.stored = {
    ...stored,
    ...change,
    version: stored.version + 1,
    updated_at: new Date().toISOString(),
  };
  return accountKeysMock.stored;
}

const answer = (keys: AccountKeys, status = 200) =>
  HttpResponse.json(keys, { status, headers: { etag: etagOf(keys.version) } });

/** The server checks every field; the fake only tells a valid body from an invalid one. */
const invalid = () => HttpResponse.json({ non_field_errors: ['Invalid value.'] }, { status: 400 });

function replaceRoute(
  path: string,
  schema: typeof ReplacePasswordWrapSchema | typeof ReplaceRecoveryWrapSchema,
  field: keyof AccountKeyWraps,
) {
  return http.put(apiUrl(path), async ({ request }) => {
    const body: unknown = await request.json();
    if (!Value.Check(schema, body)) return invalid();
    const { password, ...wrap } = body;
    if (password !== ACCOUNT_PASSWORD) return wrongPassword();
    const { stored } = accountKeysMock;
    if (!stored) return notFound();
    const ifMatch = request.headers.get('if-match');
    if (ifMatch !== null && ifMatch !== etagOf(stored.version)) {
      return HttpResponse.json(
        { detail: VERSION_MESSAGES.conflict, code: VERSION_CONFLICT, current: stored },
        { status: 412 },
      );
    }
    return answer(replaceWrap({ [field]: wrap })!);
  });
}

export const accountKeyHandlers = [
  http.get(apiUrl('api/account/keys/'), () =>
    accountKeysMock.stored ? answer(accountKeysMock.stored) : notFound(),
  ),

  http.put(apiUrl('api/account/keys/'), async ({ request }) => {
    const body: unknown = await request.json();
    if (!Value.Check(CreateAccountKeysSchema, body)) return invalid();
    const { password, ...wraps } = body;
    if (password !== ACCOUNT_PASSWORD) return wrongPassword();
    if (accountKeysMock.stored) {
      return HttpResponse.json(
        { detail: ACCOUNT_KEY_MESSAGES.exists, code: ACCOUNT_KEY_EXISTS },
        { status: 409 },
      );
    }
    const at = new Date().toISOString();
    accountKeysMock.stored = { ...wraps, version: 1, created_at: at, updated_at: at };
    return answer(accountKeysMock.stored, 201);
  }),

  replaceRoute('api/account/keys/password/', ReplacePasswordWrapSchema, 'by_password'),
  replaceRoute('api/account/keys/recovery-key/', ReplaceRecoveryWrapSchema, 'by_recovery_key'),
];
