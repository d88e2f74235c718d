// Billing endpoints: payment status, checkout and portal sessions (the launch offer: launch-offer.ts).
import type { CheckoutSession, PaymentStatus, PortalSession } from '../../contract/entities';
import type { CheckoutBody } from '../../contract/requests';
import type { AppLocale } from '../../contract/rules';
import { client } from './client';

/**
 * `locale`: the language the app shows, not only the browser's: the built-in checkout and
 * billing pages the answer links to are written in it.
 */
const inLanguage = (locale: AppLocale) => ({ 'accept-language': locale });

export function getPaymentStatus(): Promise<PaymentStatus> {
  return client.get('api/check-payment-status').json<PaymentStatus>();
}

export function createCheckoutSession(
  body: CheckoutBody,
  locale: AppLocale,
): Promise<CheckoutSession> {
  return client
    .post('api/stripe/create-checkout-session', { json: body, headers: inLanguage(locale) })
    .json<CheckoutSession>();
}

export function createPortalSession(locale: AppLocale): Promise<PortalSession> {
  return client
    .post('api/create-customer-portal-session/', { headers: inLanguage(locale) })
    .json<PortalSession>();
}
