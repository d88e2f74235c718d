import { useQuery } from '@tanstack/react-query';
import { act, waitFor } from '@testing-library/react';
import { storeTokens } from '../../../src/api/tokens';
import {
  paymentStatusQueryOptions,
  useCreateCheckoutSession,
  useCreatePortalSession,
} from '../../../src/queries/billing';
import { launchOfferQueryOptions } from '../../../src/queries/launch-offer';
import { makeJwt } from '../../fixtures/factories';
import { db } from '../msw/db';
import { CHECKOUT_URL, PORTAL_URL } from '../msw/handlers/billing';
import { failing, unreachable } from '../msw/responses';
import { requestLog, server, setupMswServer } from '../msw/server';
import { renderQueryHook } from './wrapper';

setupMswServer();

describe('paymentStatusQueryOptions', () => {
  it.each([true, false])('reads has_paid = %s', async (hasPaid) => {
    db.hasPaid = hasPaid;
    const { result } = renderQueryHook(() => useQuery(paymentStatusQueryOptions()));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual({ has_paid: hasPaid });
    expect(requestLog).toEqual(['GET /api/check-payment-status']);
  });

  it('surfaces a failure', async () => {
    server.use(failing('get', 'api/check-payment-status', 500));
    const { result } = renderQueryHook(() => useQuery(paymentStatusQueryOptions()));
    await waitFor(() => expect(result.current.isError).toBe(true));
  });
});

describe('launchOfferQueryOptions', () => {
  it('reads the offer without a session', async () => {
    db.launchOfferRemaining = 37;
    const { result } = renderQueryHook(() => useQuery(launchOfferQueryOptions()));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual({ percent_off: 50, remaining: 37 });
    expect(requestLog).toEqual(['GET /api/billing/launch-offer']);
  });

  it('never refreshes a token, even with an expired one stored', async () => {
    storeTokens({ access: makeJwt(-10), refresh: makeJwt(3600) });
    const { result } = renderQueryHook(() => useQuery(launchOfferQueryOptions()));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(requestLog).toEqual(['GET /api/billing/launch-offer']);
  });

  it('surfaces a failure', async () => {
    server.use(unreachable('get', 'api/billing/launch-offer'));
    const { result } = renderQueryHook(() => useQuery(launchOfferQueryOptions()));
    await waitFor(() => expect(result.current.isError).toBe(true));
  });
});

describe('useCreateCheckoutSession', () => {
  it.each(['subscription', 'one_time'] as const)(
    'returns the checkout URL for %s',
    async (type) => {
      const { result } = renderQueryHook(() => useCreateCheckoutSession());
      const session = await act(() => result.current.mutateAsync(type));
      expect(session).toEqual({ checkout_url: `${CHECKOUT_URL}?product=${type}` });
      expect(requestLog).toEqual(['POST /api/stripe/create-checkout-session']);
    },
  );

  it('fails on an error status', async () => {
    server.use(failing('post', 'api/stripe/create-checkout-session', 400));
    const { result } = renderQueryHook(() => useCreateCheckoutSession());
    await act(() => result.current.mutateAsync('subscription').catch(() => undefined));
    await waitFor(() => expect(result.current.isError).toBe(true));
  });
});

describe('useCreatePortalSession', () => {
  it('returns the portal URL', async () => {
    const { result } = renderQueryHook(() => useCreatePortalSession());
    const session = await act(() => result.current.mutateAsync());
    expect(session).toEqual({ portal_url: PORTAL_URL });
    expect(requestLog).toEqual(['POST /api/create-customer-portal-session/']);
  });

  it('fails on an error status', async () => {
    server.use(failing('post', 'api/create-customer-portal-session/', 400));
    const { result } = renderQueryHook(() => useCreatePortalSession());
    await act(() => result.current.mutateAsync().catch(() => undefined));
    await waitFor(() => expect(result.current.isError).toBe(true));
  });
});
