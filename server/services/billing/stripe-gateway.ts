// Billing through Stripe: Checkout and portal sessions, the launch coupon, and turning Stripe's state into fulfilment.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { LaunchOffer } from '../../../contract/entities.js';
import { LAUNCH_OFFER, type ProductType } from '../../../contract/rules.js';
import type { StripeConfig } from '../../config.js';
import { HttpError } from '../../http-error.js';
import type { PaymentsRepository } from '../../repositories/payments.js';
import { BILLING_MESSAGES, type BillingService } from './billing-service.js';
import type { AccountChange, Fulfilment, FulfilmentResult, HandledEvent } from './fulfilment.js';

export type SyncResult = FulfilmentResult | 'ignored';

export interface StripeGateway extends BillingService {
  readonly stripe: Stripe;
  /** Applies a Checkout Session's outcome (webhook or return-from-checkout check). */
  fulfilSession(session: Stripe.Checkout.Session, event?: HandledEvent): Promise<SyncResult>;
  /** Re-reads a subscription from Stripe and stores its current status. */
  syncSubscription(subscriptionId: string, event?: HandledEvent): Promise<SyncResult>;
}

interface Deps {
  config: StripeConfig;
  publicUrl: string;
  repository: PaymentsRepository;
  fulfilment: Fulfilment;
  log: FastifyBaseLogger;
}

/** The landing page asks on every visit; Stripe need not hear about each one. */
const OFFER_CACHE_MS = 60_000;

export function createStripeClient(config: StripeConfig): Stripe {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 10_000 };
  if (config.apiUrl) {
    // STRIPE_API_URL sends every call to a stand-in such as stripe-mock or the tests' stub.
    const url = new URL(config.apiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    options.protocol = protocol;
    options.host = url.hostname;
    options.port = url.port || (protocol === 'http' ? 80 : 443);
  }
  return new Stripe(config.secretKey, options);
}

export function idOf(value: string | { id: string }): string {
  return typeof value === 'string' ? value : value.id;
}

/** Subscription statuses that can never charge again. */
const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired']);

/**
 * A failed call to Stripe (unreachable, timed out, or refused) is no fault of the client's: it
 * becomes a 503 that says so, logged for the operator. Our own errors pass through unchanged.
 */
export function providerFailure(error: unknown, log: FastifyBaseLogger, action: string): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  log.error({ err: error }, `Stripe call failed: ${action}`);
  return new HttpError(503, { detail: BILLING_MESSAGES.unavailable });
}

const isPaid = (session: Stripe.Checkout.Session) =>
  session.status === 'complete' &&
  (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');

export function createStripeGateway(deps: Deps): StripeGateway {
  const { config, publicUrl, repository, fulfilment, log } = deps;
  const stripe = createStripeClient(config);
  let offerCache: { offer: LaunchOffer; until: number } | null = null;

  async function launchCoupon(): Promise<Stripe.Coupon | null> {
    if (!config.launchCoupon) return null;
    try {
      return await stripe.coupons.retrieve(config.launchCoupon);
    } catch (error) {
      log.warn({ err: error }, 'launch coupon could not be read from Stripe');
      return null;
    }
  }

  const placesLeft = (coupon: Stripe.Coupon) =>
    coupon.valid
      ? Math.max(0, (coupon.max_redemptions ?? LAUNCH_OFFER.customers) - coupon.times_redeemed)
      : 0;

  async function customerOf(userId: number): Promise<string> {
    const account = await repository.find(userId);
    if (account?.customer_id) return account.customer_id;
    const customer = await stripe.customers.create(
      { metadata: { user_id: String(userId) } },
      { idempotencyKey: `customer-${userId}-${randomUUID()}` },
    );
    return repository.claimCustomer(userId, customer.id);
  }

  async function userOfSession(session: Stripe.Checkout.Session): Promise<number | undefined> {
    const reference = Number(session.client_reference_id);
    if (Number.isSafeInteger(reference) && (await repository.userExists(reference))) {
      return reference;
    }
    return session.customer ? repository.userIdByCustomer(idOf(session.customer)) : undefined;
  }

  async function currentSubscription(subscriptionId: string) {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    return { subscription, state: { id: subscription.id, status: subscription.status } };
  }

  async function checkout(userId: number, productType: ProductType): Promise<string> {
    const customer = await customerOf(userId);
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: productType === 'subscription' ? 'subscription' : 'payment',
      customer,
      client_reference_id: String(userId),
      line_items: [
        {
          price: productType === 'subscription' ? config.priceMonthly : config.priceOnce,
          quantity: 1,
        },
      ],
      success_url: `${publicUrl}/?success=true&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${publicUrl}/?canceled=true`,
      metadata: { user_id: String(userId), product_type: productType },
    };
    const create = (body: Stripe.Checkout.SessionCreateParams) =>
      stripe.checkout.sessions.create(body, {
        idempotencyKey: `checkout-${userId}-${randomUUID()}`,
      });
    const coupon = await launchCoupon();
    let session: Stripe.Checkout.Session | null = null;
    if (coupon && placesLeft(coupon) > 0) {
      try {
        session = await create({ ...params, discounts: [{ coupon: coupon.id }] });
      } catch (error) {
        // The coupon can run out between our read and Stripe's check: sell at full price.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        log.info({ err: error, userId }, 'launch coupon refused; checkout at full price');
      }
    }
    session ??= await create(params);
    if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
    await repository.setCheckoutSession(userId, session.id);
    return session.url;
  }

  const gateway: StripeGateway = {
    stripe,

    async createCheckout(userId: number, productType: ProductType) {
      try {
        return await checkout(userId, productType);
      } catch (error) {
        throw providerFailure(error, log, 'checkout session');
      }
    },

    async createPortal(userId) {
      const account = await repository.find(userId);
      if (!account?.customer_id) {
        throw new HttpError(400, { detail: BILLING_MESSAGES.noAccount });
      }
      try {
        const portal = await stripe.billingPortal.sessions.create(
          { customer: account.customer_id, return_url: `${publicUrl}/months` },
          { idempotencyKey: `portal-${userId}-${randomUUID()}` },
        );
        return portal.url;
      } catch (error) {
        throw providerFailure(error, log, 'portal session');
      }
    },

    async hasPaid(userId) {
      const account = await repository.find(userId);
      if (!account) return false;
      if (account.checkout_session_id) {
        // The browser can come back from Checkout before the webhook does: ask Stripe now.
        try {
          const session = await stripe.checkout.sessions.retrieve(account.checkout_session_id);
          await gateway.fulfilSession(session);
          return repository.hasPaid(userId);
        } catch (error) {
          log.warn({ err: error, userId }, 'open checkout session could not be checked');
        }
      }
      return account.has_paid === 1;
    },

    async launchOffer() {
      if (offerCache && offerCache.until > Date.now()) return offerCache.offer;
      const coupon = await launchCoupon();
      const offer = {
        percent_off: Math.round(coupon?.percent_off ?? LAUNCH_OFFER.percentOff),
        remaining: coupon ? placesLeft(coupon) : 0,
      };
      offerCache = { offer, until: Date.now() + OFFER_CACHE_MS };
      return offer;
    },

    async closeAccount(userId) {
      const account = await repository.find(userId);
      const subscriptionId = account?.subscription_id;
      if (!subscriptionId || ENDED_STATUSES.has(account.subscription_status ?? '')) return;
      try {
        await stripe.subscriptions.cancel(subscriptionId);
      } catch (error) {
        // Refused because it has already ended (a retried deletion, a cancellation whose webhook
        // has not arrived) or no longer exists: nothing left to stop.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        const current = await stripe.subscriptions.retrieve(subscriptionId).catch((lookup) => {
          if (lookup instanceof Stripe.errors.StripeInvalidRequestError) return null;
          throw lookup;
        });
        if (current !== null && !ENDED_STATUSES.has(current.status)) throw error;
      }
      log.info({ userId, subscription: subscriptionId }, 'subscription cancelled: account deleted');
    },

    async fulfilSession(session, event) {
      const userId = await userOfSession(session);
      if (userId === undefined) {
        log.info({ session: session.id, event: event?.id }, 'checkout session of an unknown user');
        return 'ignored';
      }
      const change: AccountChange = {};
      const paid = isPaid(session);
      if (paid || session.status === 'expired' || event?.type.endsWith('async_payment_failed')) {
        change.closedCheckoutSession = session.id;
      }
      if (paid && session.mode === 'payment') change.paidOnce = true;
      if (paid && session.mode === 'subscription' && session.subscription) {
        change.subscription = (await currentSubscription(idOf(session.subscription))).state;
      }
      // A still-open session seen by check-payment-status changes nothing: skip the write.
      if (!event && Object.keys(change).length === 0) return 'ignored';
      return fulfilment.apply(userId, change, event);
    },

    async syncSubscription(subscriptionId, event) {
      const { subscription, state } = await currentSubscription(subscriptionId);
      const userId = await repository.userIdByCustomer(idOf(subscription.customer));
      if (userId === undefined) {
        log.info(
          { subscription: subscriptionId, event: event?.id },
          'subscription of an unknown customer',
        );
        return 'ignored';
      }
      return fulfilment.apply(userId, { subscription: state }, event);
    },
  };
  return gateway;
}
