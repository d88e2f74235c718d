// MSW handlers for payment status, checkout, portal and the launch offer.
import { HttpResponse, http } from 'msw';
import type { CheckoutBody } from '../../../../contract/requests';
import { LAUNCH_OFFER } from '../../../../contract/rules';
import { db } from '../db';
import { apiUrl } from '../url';

export const CHECKOUT_URL = 'https://checkout.stripe.test/c/pay/cs_test';
export const PORTAL_URL = 'https://billing.stripe.test/p/session/test';

export const billingHandlers = [
  http.get(apiUrl('api/check-payment-status'), () => HttpResponse.json({ has_paid: db.hasPaid })),
  http.post(apiUrl('api/stripe/create-checkout-session'), async ({ request }) => {
    const body = (await request.json()) as CheckoutBody;
    return HttpResponse.json({ checkout_url: `${CHECKOUT_URL}?product=${body.product_type}` });
  }),
  http.post(apiUrl('api/create-customer-portal-session/'), () =>
    HttpResponse.json({ portal_url: PORTAL_URL }),
  ),
  http.get(apiUrl('api/billing/launch-offer'), () =>
    HttpResponse.json({
      percent_off: LAUNCH_OFFER.percentOff,
      remaining: db.launchOfferRemaining,
    }),
  ),
];
