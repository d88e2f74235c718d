// Verifies a Stripe webhook delivery and routes each event type to the matching fulfilment.
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import { HttpError } from '../../http-error.js';
import type { PaymentsRepository } from '../../repositories/payments.js';
import { BILLING_MESSAGES } from './billing-service.js';
import type { HandledEvent } from './fulfilment.js';
import { idOf, providerFailure, type StripeGateway, type SyncResult } from './stripe-gateway.js';

/** Stripe's default: a signature older than five minutes is refused as a possible replay. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type WebhookHandler = (
  rawBody: Buffer,
  signature: string | undefined,
) => Promise<SyncResult>;

/** Invoices name their subscription under `parent` since API 2025-03-31, at the top level before. */
function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  const current = invoice.parent?.subscription_details?.subscription;
  if (current) return idOf(current);
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null })
    .subscription;
  return legacy ? idOf(legacy) : null;
}

export function createWebhookHandler(deps: {
  gateway: StripeGateway;
  webhookSecret: string;
  repository: PaymentsRepository;
  log: FastifyBaseLogger;
}): WebhookHandler {
  const { gateway, webhookSecret, repository, log } = deps;

  async function apply(event: Stripe.Event, handled: HandledEvent): Promise<SyncResult> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed':
        return gateway.fulfilSession(event.data.object, handled);
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return gateway.syncSubscription(event.data.object.id, handled);
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const subscriptionId = subscriptionOfInvoice(event.data.object);
        if (subscriptionId) return gateway.syncSubscription(subscriptionId, handled);
        log.info({ event: event.id }, 'invoice without a subscription ignored');
        return 'ignored';
      }
      default:
        log.info({ event: event.id, type: event.type }, 'Stripe event type not handled');
        return 'ignored';
    }
  }

  return async function handle(rawBody, signature) {
    let event: Stripe.Event;
    try {
      event = gateway.stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        webhookSecret,
        SIGNATURE_TOLERANCE_SECONDS,
      );
    } catch (error) {
      log.warn({ err: error }, 'Stripe webhook refused: bad signature');
      throw new HttpError(400, { detail: BILLING_MESSAGES.badSignature });
    }
    // Cheap early exit; the unique event id inside the fulfilment transaction is what guarantees it.
    if (await repository.eventSeen(event.id)) return 'duplicate';
    const handled = { id: event.id, type: event.type };
    // Stripe unreachable while we read the event's object: a 503, and Stripe delivers it again.
    return apply(event, handled).catch((error: unknown) => {
      throw providerFailure(error, log, `webhook ${event.type}`);
    });
  };
}
