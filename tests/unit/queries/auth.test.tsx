import { act, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { getAccessToken, getRefreshToken, storeTokens } from '../../../src/api/tokens';
import { useLogin, useLogout, useRegister } from '../../../src/queries/auth';
import { monthKeys } from '../../../src/queries/keys';
import { makeJwt, makeMonth } from '../../fixtures/factories';
import { db } from '../msw/db';
import { failing, unreachable } from '../msw/responses';
import { requestLog, server, setupMswServer } from '../msw/server';
import { apiUrl } from '../msw/url';
import { createTestQueryClient, renderQueryHook } from './wrapper';

setupMswServer();

const credentials = { username: 'journaler', password: 'Secret1!' };

function silenceErrors() {
  return vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

describe('useLogin', () => {
  it.each([true, false])('stores both tokens and reports hasPaid = %s', async (hasPaid) => {
    db.users.push(credentials);
    db.hasPaid = hasPaid;
    const { result } = renderQueryHook(() => useLogin());

    const outcome = await act(() => result.current.mutateAsync(credentials));

    expect(outcome).toEqual({ hasPaid });
    expect(getAccessToken()).toEqual(expect.any(String));
    expect(getRefreshToken()).toEqual(expect.any(String));
    // The account key's wraps are asked for after the way on is known, in the background.
    await waitFor(() =>
      expect(requestLog).toEqual([
        'POST /api/token/',
        'GET /api/check-payment-status',
        'GET /api/account/keys/',
      ]),
    );
  });

  it('sends the new token with the payment check', async () => {
    db.users.push(credentials);
    let header: string | null = null;
    server.use(
      http.get(apiUrl('api/check-payment-status'), ({ request }) => {
        header = request.headers.get('authorization');
        return HttpResponse.json({ has_paid: true });
      }),
    );
    const { result } = renderQueryHook(() => useLogin());
    await act(() => result.current.mutateAsync(credentials));
    expect(header).toBe(`Bearer ${getAccessToken()}`);
  });

  it('drops what a previous user left in the cache', async () => {
    db.users.push(credentials);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(monthKeys.list(), [makeMonth({ name: 'Not yours' })]);
    const { result } = renderQueryHook(() => useLogin(), queryClient);
    await act(() => result.current.mutateAsync(credentials));
    expect(queryClient.getQueryData(monthKeys.list())).toBeUndefined();
  });

  it('fails on wrong credentials and stores nothing', async () => {
    const { result } = renderQueryHook(() => useLogin());
    await act(() => result.current.mutateAsync(credentials).catch(() => undefined));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(getAccessToken()).toBeNull();
    expect(requestLog).toEqual(['POST /api/token/']);
  });

  it('counts a failed payment check as unpaid, not as a failed login', async () => {
    silenceErrors();
    db.users.push(credentials);
    server.use(failing('get', 'api/check-payment-status', 500));
    const { result } = renderQueryHook(() => useLogin());
    const outcome = await act(() => result.current.mutateAsync(credentials));
    expect(outcome).toEqual({ hasPaid: false });
  });
});

describe('useRegister', () => {
  it('registers the user', async () => {
    const { result } = renderQueryHook(() => useRegister());
    const user = await act(() => result.current.mutateAsync(credentials));
    expect(user.username).toBe('journaler');
    expect(db.users).toEqual([credentials]);
    expect(requestLog).toEqual(['POST /api/user/register/']);
  });

  it('fails on a taken username', async () => {
    db.users.push(credentials);
    const { result } = renderQueryHook(() => useRegister());
    await act(() => result.current.mutateAsync(credentials).catch(() => undefined));
    await waitFor(() => expect(result.current.isError).toBe(true));
  });
});

describe('useLogout', () => {
  it('blacklists the refresh token, clears storage and the cache', async () => {
    const refresh = makeJwt(3600, { token_type: 'refresh' });
    storeTokens({ access: makeJwt(600), refresh });
    localStorage.setItem('something-else', 'x');
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(monthKeys.list(), [makeMonth()]);
    const { result } = renderQueryHook(() => useLogout(), queryClient);

    await act(() => result.current.mutateAsync());

    expect(requestLog).toEqual(['POST /api/token/blacklist/']);
    expect(db.revokedRefreshTokens.has(refresh)).toBe(true);
    expect(localStorage.length).toBe(0);
    expect(queryClient.getQueryData(monthKeys.list())).toBeUndefined();
  });

  it('still ends the session when the server cannot be reached', async () => {
    const errors = silenceErrors();
    storeTokens({ access: makeJwt(600), refresh: makeJwt(3600) });
    server.use(unreachable('post', 'api/token/blacklist/'));
    const { result } = renderQueryHook(() => useLogout());
    await act(() => result.current.mutateAsync());
    expect(localStorage.length).toBe(0);
    expect(errors).toHaveBeenCalled();
  });

  it('does not refresh an expired access token just to log out', async () => {
    storeTokens({ access: makeJwt(-10), refresh: makeJwt(3600) });
    const { result } = renderQueryHook(() => useLogout());
    await act(() => result.current.mutateAsync());
    expect(requestLog).toEqual(['POST /api/token/blacklist/']);
    expect(localStorage.length).toBe(0);
  });

  it('makes no request without a refresh token', async () => {
    const { result } = renderQueryHook(() => useLogout());
    await act(() => result.current.mutateAsync());
    expect(requestLog).toEqual([]);
  });
});
