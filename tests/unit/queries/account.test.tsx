// Hook tests for account settings: change password (new tokens stored) and delete account (device forgets it all).
import { act, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { ACCOUNT_MESSAGES } from '../../../contract/account';
import { MESSAGES } from '../../../contract/rules';
import { getAccessToken, getRefreshToken, storeTokens } from '../../../src/api/tokens';
import { fieldErrorsOf, useChangePassword, useDeleteAccount } from '../../../src/queries/account';
import { errorDetail } from '../../../src/queries/errors';
import { monthKeys } from '../../../src/queries/keys';
import { makeJwt, makeMonth } from '../../fixtures/factories';
import { db } from '../msw/db';
import { ACCOUNT_PASSWORD } from '../msw/handlers/account';
import { unreachable } from '../msw/responses';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { renderQueryHook } from './wrapper';

setupMswServer();

const NEW_PASSWORD = 'N3w!Password';
const oldTokens = { access: makeJwt(30 * 60), refresh: makeJwt(3600, { token_type: 'refresh' }) };

beforeEach(() => storeTokens(oldTokens));

describe('useChangePassword', () => {
  it('sends the three fields and stores the new token pair of this session', async () => {
    let sent: unknown;
    server.use(
      // Returns nothing: the request goes on to the regular handler.
      http.post(apiUrl('api/account/password/'), async ({ request }) => {
        sent = await request.clone().json();
      }),
    );
    const { result } = renderQueryHook(() => useChangePassword());

    await act(() =>
      result.current.mutateAsync({
        current_password: ACCOUNT_PASSWORD,
        new_password: NEW_PASSWORD,
        confirm_password: NEW_PASSWORD,
      }),
    );

    expect(sent).toEqual({
      current_password: ACCOUNT_PASSWORD,
      new_password: NEW_PASSWORD,
      confirm_password: NEW_PASSWORD,
    });
    expect(requestLog).toEqual(['POST /api/account/password/']);
    expect(getAccessToken()).not.toBe(oldTokens.access);
    expect(getRefreshToken()).not.toBe(oldTokens.refresh);
  });

  it('keeps the old tokens and exposes the field errors when refused', async () => {
    const { result } = renderQueryHook(() => useChangePassword());

    await act(() =>
      result.current
        .mutateAsync({
          current_password: 'Wrong1!pass',
          new_password: 'short',
          confirm_password: 'other',
        })
        .catch(() => undefined),
    );

    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(await fieldErrorsOf(result.current.error)).toEqual({
      current_password: [ACCOUNT_MESSAGES.wrongCurrentPassword],
      new_password: [MESSAGES.passwordRules],
      confirm_password: [MESSAGES.passwordsDoNotMatch],
    });
    expect(await errorDetail(result.current.error)).toBeNull();
    expect(getAccessToken()).toBe(oldTokens.access);
    expect(getRefreshToken()).toBe(oldTokens.refresh);
  });

  it('reads a throttled answer as a detail, not as field errors', async () => {
    server.use(
      http.post(apiUrl('api/account/password/'), () =>
        HttpResponse.json({ detail: MESSAGES.tooManyRequests }, { status: 429 }),
      ),
    );
    const { result } = renderQueryHook(() => useChangePassword());
    await act(() =>
      result.current
        .mutateAsync({ current_password: 'a', new_password: 'b', confirm_password: 'b' })
        .catch(() => undefined),
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(await fieldErrorsOf(result.current.error)).toBeNull();
    expect(await errorDetail(result.current.error)).toBe(MESSAGES.tooManyRequests);
  });
});

describe('useDeleteAccount', () => {
  it('deletes on the server, then clears the storage and the whole cache', async () => {
    db.months.push(makeMonth());
    localStorage.setItem('something-else', 'kept until now');
    const { result, queryClient } = renderQueryHook(() => useDeleteAccount());
    queryClient.setQueryData(monthKeys.list(), db.months);

    await act(() => result.current.mutateAsync(ACCOUNT_PASSWORD));

    expect(requestLog).toEqual(['POST /api/account/delete/']);
    expect(localStorage.length).toBe(0);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(db.months).toEqual([]);
  });

  it('keeps the session and the cache on a wrong password or a network failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result, queryClient } = renderQueryHook(() => useDeleteAccount());
    queryClient.setQueryData(monthKeys.list(), []);

    await act(() => result.current.mutateAsync('Wrong1!pass').catch(() => undefined));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(await fieldErrorsOf(result.current.error)).toEqual({
      password: [ACCOUNT_MESSAGES.wrongPassword],
    });

    server.use(unreachable('post', 'api/account/delete/'));
    await act(() => result.current.mutateAsync(ACCOUNT_PASSWORD).catch(() => undefined));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(await fieldErrorsOf(result.current.error)).toBeNull();

    expect(getAccessToken()).toBe(oldTokens.access);
    expect(queryClient.getQueryData(monthKeys.list())).toEqual([]);
    vi.restoreAllMocks();
  });
});
