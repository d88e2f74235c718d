// Payment state and the paywall: picks the billing mode's gateway and decorates `app.billing` and `app.requirePaid`.
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import {
  SUBSCRIPTION_ENDED,
  SUBSCRIPTION_ENDED_MESSAGES,
} from '../../contract/billing-messages.js';
import { MESSAGES } from '../../contract/rules.js';
import type { BillingMode } from '../config.js';
import { createPaymentsRepository, type PaymentsRepository } from '../repositories/payments.js';
import { type BillingService, createOffBilling } from '../services/billing/billing-service.js';
import { createFulfilment, type Fulfilment } from '../services/billing/fulfilment.js';
import { createLocalGateway, type LocalGateway } from '../services/billing/local-gateway.js';
import { createStripeGateway } from '../services/billing/stripe-gateway.js';
import { createWebhookHandler, type WebhookHandler } from '../services/billing/stripe-webhook.js';

/** Methods that only read: a lapsed subscriber may still send them. */
const READS = new Set(['GET', 'HEAD']);

export interface Billing {
  mode: BillingMode;
  service: BillingService;
  repository: PaymentsRepository;
  fulfilment: Fulfilment;
  /** Set when BILLING=stripe. */
  webhook: WebhookHandler | null;
  /** Set when BILLING=local. */
  local: LocalGateway | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    billing: Billing;
    /**
     * Hook for the data routes: 402 for a user who has not paid, except the reads (GET, HEAD) of
     * one who paid before. Runs after `authenticate`.
     */
    requirePaid: onRequestHookHandler;
  }
}

function createBilling(app: FastifyInstance): Billing {
  const { config } = app;
  const repository = createPaymentsRepository(app.database);
  const fulfilment = createFulfilment(repository);
  const base = { mode: config.billing, repository, fulfilment, webhook: null, local: null };
  if (config.billing === 'stripe' && config.stripe) {
    const log = app.log.child({ module: 'billing' });
    const gateway = createStripeGateway({
      config: config.stripe,
      publicUrl: config.publicUrl,
      repository,
      fulfilment,
      log,
    });
    const webhook = createWebhookHandler({
      gateway,
      webhookSecret: config.stripe.webhookSecret,
      repository,
      log,
    });
    return { ...base, service: gateway, webhook };
  }
  if (config.billing === 'local') {
    const local = createLocalGateway({
      jwtSecret: config.jwtSecret,
      publicUrl: config.publicUrl,
      repository,
      fulfilment,
    });
    return { ...base, service: local, local };
  }
  return { ...base, service: createOffBilling() };
}

export default fp(
  async function billing(app: FastifyInstance) {
    const billing = createBilling(app);
    app.decorate('billing', billing);
    // Written with `done` rather than async, like `authenticate`: with payments off it costs
    // nothing, and otherwise no more than its one query for a paying user. An answer ends the
    // request without `done`.
    const requirePaid: onRequestHookHandler =
      billing.mode === 'off'
        ? (_request, _reply, done) => done()
        : (request, reply, done) => {
            const userId = request.user.id;
            // Our own table only: it runs on every data request, so no call to Stripe here.
            billing.repository
              .hasPaid(userId)
              .then(async (paid) => {
                if (paid) return 'pass';
                // Someone whose subscription ended keeps reading, searching and exporting what
                // they wrote (their journal is theirs); only writing needs a plan again. Someone
                // who never paid is refused everything, and the app sends them to the plans.
                const lapsed = await billing.repository.hasPaidBefore(userId);
                if (lapsed && READS.has(request.method)) return 'pass';
                return lapsed ? 'lapsed' : 'unpaid';
              })
              .then((verdict) => {
                if (verdict === 'pass') done();
                else
                  reply.code(402).send({
                    detail:
                      verdict === 'lapsed'
                        ? SUBSCRIPTION_ENDED_MESSAGES.subscriptionEnded
                        : MESSAGES.paymentRequired,
                    ...(verdict === 'lapsed' ? { code: SUBSCRIPTION_ENDED } : {}),
                  });
              }, done);
          };
    app.decorate('requirePaid', requirePaid);
  },
  { name: 'billing', dependencies: ['auth', 'database'] },
);
