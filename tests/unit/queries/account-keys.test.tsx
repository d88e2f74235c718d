// Hook tests for the account key's wraps: the read (null before any), the create once, each replace with If-Match, all with the account's password, and the password change that carries a wrap.
import { act } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { ACCOUNT_MESSAGES } from '../../../contract/account';
import { ACCOUNT_KEY_EXISTS } from '../../../contract/account-key-rules';
import type { AccountKeys } from '../../../contract/account-keys';
import { VERSION_CONFLICT } from '../../../contract/row-versions';
import { storeTokens } from '../../../src/api/tokens';
import { useChangePassword } from '../../../src/queries/account';
import {
  accountKeyKeys,
  accountKeysQueryOptions,
  useCreateAccountKeys,
  useReplacePasswordWrap,
  useReplaceRecoveryWrap,
} from '../../../src/queries/account-keys';
import { errorBody, errorStatus } from '../../../src/queries/errors';
import {
  makeAccountKeyWraps,
  makeJwt,
  makePasswordWrap,
  makeWrappedKey,
} from '../../fixtures/factories';
import { ACCOUNT_PASSWORD } from '../msw/handlers/account';
import { accountKeysMock, resetAccountKeysMock } from '../msw/handlers/account-keys';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { createTestQueryClient, renderQueryHook } from './wrapper';

setupMswServer();
afterEach(resetAccountKeysMock);

/** Wraps another device stored, at `version`. */
function storedElsewhere(version = 1): AccountKeys {
  const at = new Date().toISOString();
  accountKeysMock.stored = { ...makeAccountKeyWraps(), version, created_at: at, updated_at: at };
  return accountKeysMock.stored;
}

/** The If-Match of every PUT to `path` (null: none), in order; the regular handler answers. */
function ifMatchSent(path: string): (string | null)[] {
  const seen: (string | null)[] = [];
  server.use(
    // Returns nothing: the request goes on to the regular handler.
    http.put(apiUrl(path.replace(/^\//, '')), ({ request }) => {
      seen.push(request.headers.get('if-match'));
    }),
  );
  return seen;
}

const cached = (queryClient: ReturnType<typeof createTestQueryClient>) =>
  queryClient.getQueryData<AccountKeys | null>(accountKeyKeys.detail());

describe('accountKeysQueryOptions', () => {
  it('answers null while the account has no wraps (the server’s 404)', async () => {
    const queryClient = createTestQueryClient();

    expect(await queryClient.fetchQuery(accountKeysQueryOptions())).toBeNull();
    expect(requestLog).toEqual(['GET /api/account/keys/']);
  });

  it('answers the wraps once stored', async () => {
    const stored = storedElsewhere();
    const queryClient = createTestQueryClient();

    expect(await queryClient.fetchQuery(accountKeysQueryOptions())).toEqual(stored);
  });

  it('fails on any other refusal rather than reading it as “none”', async () => {
    server.use(
      http.get(apiUrl('api/account/keys/'), () =>
        HttpResponse.json({ detail: 'A server error occurred.' }, { status: 500 }),
      ),
    );
    const queryClient = createTestQueryClient();

    const failure = await queryClient.fetchQuery(accountKeysQueryOptions()).catch((e) => e);

    expect(errorStatus(failure)).toBe(500);
  });
});

describe('useCreateAccountKeys', () => {
  it('sends both wraps and caches what the server stored', async () => {
    const wraps = makeAccountKeyWraps();
    const { result, queryClient } = renderQueryHook(() => useCreateAccountKeys());
    queryClient.setQueryData(accountKeyKeys.detail(), null);

    await act(() => result.current.mutateAsync({ password: ACCOUNT_PASSWORD, ...wraps }));

    expect(requestLog).toEqual(['PUT /api/account/keys/']);
    expect(accountKeysMock.stored).toMatchObject({ ...wraps, version: 1 });
    expect(cached(queryClient)).toEqual(accountKeysMock.stored);
  });

  it('on a 409 (another device stored them first) keeps the error and reads them again', async () => {
    storedElsewhere();
    const { result, queryClient } = renderQueryHook(() => useCreateAccountKeys());
    queryClient.setQueryData(accountKeyKeys.detail(), null);

    const failure = await act(() =>
      result.current
        .mutateAsync({ password: ACCOUNT_PASSWORD, ...makeAccountKeyWraps() })
        .catch((e: unknown) => e),
    );

    expect(errorStatus(failure)).toBe(409);
    expect(await errorBody(failure)).toMatchObject({ code: ACCOUNT_KEY_EXISTS });
    expect(queryClient.getQueryState(accountKeyKeys.detail())?.isInvalidated).toBe(true);
  });
});

describe.each([
  [
    'password',
    useReplacePasswordWrap,
    makePasswordWrap,
    'by_password',
    '/api/account/keys/password/',
  ],
  [
    'recovery',
    useReplaceRecoveryWrap,
    makeWrappedKey,
    'by_recovery_key',
    '/api/account/keys/recovery-key/',
  ],
] as const)('replacing the %s wrap', (_name, useReplace, make, field, path) => {
  it('sends it with the version it is based on, and caches the answer', async () => {
    const stored = storedElsewhere();
    const ifMatch = ifMatchSent(path);
    const { result, queryClient } = renderQueryHook(() => useReplace());
    const wrap = make();

    // Each hook takes its own wrap type; the table pairs them.
    await act(() =>
      result.current.mutateAsync({ wrap, password: ACCOUNT_PASSWORD, basedOn: 1 } as never),
    );

    expect(requestLog).toEqual([`PUT ${path}`]);
    expect(ifMatch).toEqual(['"1"']);
    const now = cached(queryClient);
    expect(now?.[field]).toEqual(wrap);
    expect(now?.version).toBe(2);
    expect(now).toEqual(accountKeysMock.stored);
    expect(stored.version).toBe(1);
  });

  it('sends no If-Match when no version is given', async () => {
    storedElsewhere(4);
    const ifMatch = ifMatchSent(path);
    const { result } = renderQueryHook(() => useReplace());

    await act(() =>
      result.current.mutateAsync({ wrap: make(), password: ACCOUNT_PASSWORD } as never),
    );

    expect(ifMatch).toEqual([null]);
    expect(accountKeysMock.stored?.version).toBe(5);
  });

  it('with a wrong password stores nothing: the 400 names `password`', async () => {
    const stored = storedElsewhere();
    const { result } = renderQueryHook(() => useReplace());

    const failure = await act(() =>
      result.current
        .mutateAsync({ wrap: make(), password: 'Wrong1!pass', basedOn: 1 } as never)
        .catch((e: unknown) => e),
    );

    expect(errorStatus(failure)).toBe(400);
    expect(await errorBody(failure)).toEqual({
      password: [ACCOUNT_MESSAGES.wrongCurrentPassword],
    });
    expect(accountKeysMock.stored).toEqual(stored);
  });

  it('on a 412 stores nothing and reads the wraps again', async () => {
    const stored = storedElsewhere(2);
    const { result, queryClient } = renderQueryHook(() => useReplace());
    queryClient.setQueryData(accountKeyKeys.detail(), { ...stored, version: 1 });

    const failure = await act(() =>
      result.current
        .mutateAsync({ wrap: make(), password: ACCOUNT_PASSWORD, basedOn: 1 } as never)
        .catch((e: unknown) => e),
    );

    expect(errorStatus(failure)).toBe(412);
    expect(await errorBody(failure)).toMatchObject({ code: VERSION_CONFLICT, current: stored });
    expect(accountKeysMock.stored).toEqual(stored);
    expect(queryClient.getQueryState(accountKeyKeys.detail())?.isInvalidated).toBe(true);
  });
});

describe('useChangePassword with the new password wrap', () => {
  const NEW_PASSWORD = 'N3w!Password';
  beforeEach(() =>
    storeTokens({ access: makeJwt(30 * 60), refresh: makeJwt(3600, { token_type: 'refresh' }) }),
  );

  it('sends it with the password and reads the wraps again', async () => {
    const stored = storedElsewhere();
    const wrap = makePasswordWrap();
    const { result, queryClient } = renderQueryHook(() => useChangePassword());
    queryClient.setQueryData(accountKeyKeys.detail(), stored);

    await act(() =>
      result.current.mutateAsync({
        current_password: ACCOUNT_PASSWORD,
        new_password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
        by_password: wrap,
      }),
    );

    expect(accountKeysMock.stored?.by_password).toEqual(wrap);
    expect(queryClient.getQueryState(accountKeyKeys.detail())?.isInvalidated).toBe(true);
  });

  it('leaves the cached wraps alone when it carries none', async () => {
    const stored = storedElsewhere();
    const { result, queryClient } = renderQueryHook(() => useChangePassword());
    queryClient.setQueryData(accountKeyKeys.detail(), stored);

    await act(() =>
      result.current.mutateAsync({
        current_password: ACCOUNT_PASSWORD,
        new_password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      }),
    );

    expect(accountKeysMock.stored).toEqual(stored);
    expect(queryClient.getQueryState(accountKeyKeys.detail())?.isInvalidated).toBe(false);
  });

  describe('re-wrapped by the screen', () => {
    const change = {
      current_password: ACCOUNT_PASSWORD,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    };

    it('reads the wraps afresh, re-wraps the stored password wrap and sends it', async () => {
      const stored = storedElsewhere();
      const wrap = makePasswordWrap();
      const rewrap = vi.fn(async () => wrap);
      const { result, queryClient } = renderQueryHook(() => useChangePassword(rewrap));
      // What this page read earlier: another device has replaced the wrap since.
      queryClient.setQueryData(accountKeyKeys.detail(), { ...stored, version: 0 });

      await act(() => result.current.mutateAsync(change));

      expect(requestLog).toEqual(['GET /api/account/keys/', 'POST /api/account/password/']);
      expect(rewrap).toHaveBeenCalledWith(stored.by_password, ACCOUNT_PASSWORD, NEW_PASSWORD);
      expect(accountKeysMock.stored?.by_password).toEqual(wrap);
      expect(queryClient.getQueryState(accountKeyKeys.detail())?.isInvalidated).toBe(true);
    });

    it('sends no wrap for an account without private months', async () => {
      const rewrap = vi.fn(async () => makePasswordWrap());
      const sent: unknown[] = [];
      server.use(
        http.post(apiUrl('api/account/password/'), async ({ request }) => {
          sent.push(await request.clone().json());
        }),
      );
      const { result } = renderQueryHook(() => useChangePassword(rewrap));

      await act(() => result.current.mutateAsync(change));

      expect(rewrap).not.toHaveBeenCalled();
      expect(sent).toEqual([change]);
      expect(accountKeysMock.stored).toBeNull();
    });

    it('sends none when the typed password does not open the wrap: the server answers', async () => {
      const stored = storedElsewhere();
      const rewrap = vi.fn(async () => null);
      const { result } = renderQueryHook(() => useChangePassword(rewrap));

      const failure = await act(() =>
        result.current
          .mutateAsync({ ...change, current_password: 'Wrong1!pass' })
          .catch((e: unknown) => e),
      );

      expect(errorStatus(failure)).toBe(400);
      expect(await errorBody(failure)).toMatchObject({
        current_password: [ACCOUNT_MESSAGES.wrongCurrentPassword],
      });
      expect(accountKeysMock.stored).toEqual(stored);
    });
  });
});
