// Billing API: payment status, checkout and portal sessions, the launch offer, and Stripe's webhook.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  CheckoutSessionSchema,
  DetailErrorSchema,
  LaunchOfferSchema,
  PaymentStatusSchema,
  PortalSessionSchema,
} from '../../contract/entities.js';
import { CheckoutBodySchema } from '../../contract/requests.js';
import { localeOfLanguages } from '../../contract/rules.js';
import { HttpError } from '../http-error.js';
import { BILLING_MESSAGES } from '../services/billing/billing-service.js';
import localBillingRoutes from './billing-local.js';

/** Stripe signs the exact bytes it sent, so this route's scope keeps the body as a Buffer. */
async function webhookRoutes(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: 512 * 1024 },
    (_request, body, done) => done(null, body),
  );
  // 503 while Stripe cannot be reached to read the event's object: Stripe delivers it again.
  const schema = { tags: ['billing'], response: { 503: DetailErrorSchema } };
  app.post('/stripe/webhook', { schema }, async (request) => {
    const webhook = app.billing.webhook;
    if (!webhook) throw new HttpError(400, { detail: BILLING_MESSAGES.notStripe });
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['stripe-signature'];
    const result = await webhook(body, typeof signature === 'string' ? signature : undefined);
    return { received: true, result };
  });
}

export default async function routes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { billing } = app;
  // onRequest, so a missing token answers 401 before the body is validated.
  const authenticated = { onRequest: app.authenticate };
  const tags = ['billing'];
  const security = [{ bearer: [] }];
  // The payment provider could not be reached: try again later.
  const unavailable = { 503: DetailErrorSchema };

  app.get(
    '/check-payment-status',
    { ...authenticated, schema: { tags, security, response: { 200: PaymentStatusSchema } } },
    async (request) => {
      const userId = request.user.id;
      if (await billing.service.hasPaid(userId)) return { has_paid: true };
      // Said only when true, so the spec's answer to a user who never paid stays exactly as it was.
      return (await billing.repository.hasPaidBefore(userId))
        ? { has_paid: false, lapsed: true }
        : { has_paid: false };
    },
  );

  app.post(
    '/stripe/create-checkout-session',
    {
      ...authenticated,
      schema: {
        tags,
        security,
        body: CheckoutBodySchema,
        response: { 200: CheckoutSessionSchema, ...unavailable },
      },
    },
    async (request) => {
      const checkoutUrl = await billing.service.createCheckout(
        request.user.id,
        request.body.product_type,
        localeOfLanguages(request.languages()) ?? undefined,
      );
      return { checkout_url: checkoutUrl };
    },
  );

  app.post(
    '/create-customer-portal-session',
    {
      ...authenticated,
      schema: { tags, security, response: { 200: PortalSessionSchema, ...unavailable } },
    },
    async (request) => ({
      portal_url: await billing.service.createPortal(
        request.user.id,
        localeOfLanguages(request.languages()) ?? undefined,
      ),
    }),
  );

  app.get(
    '/billing/launch-offer',
    { schema: { tags, response: { 200: LaunchOfferSchema } } },
    async () => billing.service.launchOffer(),
  );

  await app.register(webhookRoutes);
  if (billing.local) await app.register(localBillingRoutes, { local: billing.local });
}
