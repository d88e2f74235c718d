// Billing endpoints: payment status, checkout and portal sessions, the launch offer.
import type {
  CheckoutSession,
  LaunchOffer,
  PaymentStatus,
  PortalSession,
} from '../../contract/entities';
import type { CheckoutBody } from '../../contract/requests';
import { client } from './client';
import { publicHttp } from './http';

export function getPaymentStatus(): Promise<PaymentStatus> {
  return client.get('api/check-payment-status').json<PaymentStatus>();
}

export function createCheckoutSession(body: CheckoutBody): Promise<CheckoutSession> {
  return client.post('api/stripe/create-checkout-session', { json: body }).json<CheckoutSession>();
}

export function createPortalSession(): Promise<PortalSession> {
  return client.post('api/create-customer-portal-session/').json<PortalSession>();
}

/** Anonymous: the landing page shows it before anyone logs in. */
export function getLaunchOffer(): Promise<LaunchOffer> {
  return publicHttp.get('api/billing/launch-offer').json<LaunchOffer>();
}
