// Billing endpoints: payment status, checkout and portal sessions (the launch offer: launch-offer.ts).
import type { CheckoutSession, PaymentStatus, PortalSession } from '../../contract/entities';
import type { CheckoutBody } from '../../contract/requests';
import { client } from './client';

export function getPaymentStatus(): Promise<PaymentStatus> {
  return client.get('api/check-payment-status').json<PaymentStatus>();
}

export function createCheckoutSession(body: CheckoutBody): Promise<CheckoutSession> {
  return client.post('api/stripe/create-checkout-session', { json: body }).json<CheckoutSession>();
}

export function createPortalSession(): Promise<PortalSession> {
  return client.post('api/create-customer-portal-session/').json<PortalSession>();
}
