// Stripe's webhook: signatures, repeated and concurrent deliveries, events out of order, access ending.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUBSCRIPTION_ENDED,
  SUBSCRIPTION_ENDED_MESSAGES,
} from '../../contract/billing-messages.js';
import {
  type StripeStub,
  type StubSession,
  startStripeStub,
  stripeEnv,
  webhookDelivery,
} from '../support/stripe-stub.js';
import {
  buildTestApp,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
} from '../support/test-app.js';

let stub: StripeStub;
let testApp: TestApp;

beforeAll(async () => {
  stub = await startStripeStub();
  stub.setCoupon({ id: 'LAUNCH50' });
  testApp = await buildTestApp(stripeEnv(stub));
});

afterAll(async () => {
  await testApp?.close();
  await stub?.close();
});

const deliver = (delivery: ReturnType<typeof webhookDelivery>) =>
  testApp.app.inject(delivery.request);

const hasPaid = (user: TestUser) => testApp.app.billing.repository.hasPaid(user.id);

const eventRows = (id: string) =>
  testApp.database.db.selectFrom('billing_events').selectAll().where('id', '=', id).execute();

/** A user sent to Checkout for `productType`: their customer and open session exist at the stub. */
async function checkedOut(productType: 'subscription' | 'one_time') {
  const user = await createUser(testApp);
  const response = await injectAs(testApp, user, {
    method: 'POST',
    url: '/api/stripe/create-checkout-session',
    payload: { product_type: productType },
  });
  expect(response.statusCode).toBe(200);
  const session = [...stub.sessions.values()].at(-1)!;
  return { user, session };
}

const completed = (session: StubSession) =>
  webhookDelivery('checkout.session.completed', { ...stub.completeSession(session.id) });

describe('signature', () => {
  it('refuses a bad signature and changes nothing', async () => {
    const { user, session } = await checkedOut('one_time');
    const delivery = webhookDelivery(
      'checkout.session.completed',
      { ...stub.completeSession(session.id) },
      { secret: 'whsec_someone_else' },
    );

    const response = await deliver(delivery);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Invalid Stripe signature.' });
    expect(await hasPaid(user)).toBe(false);
    expect(await eventRows(delivery.id)).toHaveLength(0);
  });

  it('refuses a delivery whose signature is older than five minutes', async () => {
    const { user, session } = await checkedOut('one_time');
    const delivery = webhookDelivery(
      'checkout.session.completed',
      { ...stub.completeSession(session.id) },
      { timestamp: Math.floor(Date.now() / 1000) - 301 },
    );

    const response = await deliver(delivery);

    expect(response.statusCode).toBe(400);
    expect(await hasPaid(user)).toBe(false);
  });

  it('refuses a body changed after signing', async () => {
    const { session } = await checkedOut('one_time');
    const delivery = completed(session);

    const response = await testApp.app.inject({
      ...delivery.request,
      payload: delivery.request.payload.replace('"paid"', '"PAID"'),
    });

    expect(response.statusCode).toBe(400);
  });
});

describe('checkout events', () => {
  it('grants access for a completed one-time payment and ignores the same event again', async () => {
    const { user, session } = await checkedOut('one_time');
    const delivery = completed(session);

    const first = await deliver(delivery);
    const again = await deliver(delivery);

    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, result: 'applied' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, result: 'duplicate' });
    expect(await hasPaid(user)).toBe(true);
    expect(await eventRows(delivery.id)).toHaveLength(1);
  });

  it('applies ten concurrent deliveries of one event exactly once', async () => {
    const { user, session } = await checkedOut('subscription');
    const delivery = completed(session);

    const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(delivery)));

    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const results = responses.map((response) => response.json<{ result: string }>().result);
    expect(results.filter((result) => result === 'applied')).toHaveLength(1);
    expect(results.filter((result) => result === 'duplicate')).toHaveLength(9);
    expect(await eventRows(delivery.id)).toHaveLength(1);
    expect(await hasPaid(user)).toBe(true);
  });

  it('waits for an asynchronous payment, then grants access when it succeeds', async () => {
    const { user, session } = await checkedOut('one_time');
    const paidLater = { ...stub.completeSession(session.id), payment_status: 'unpaid' };

    await deliver(webhookDelivery('checkout.session.completed', paidLater));
    expect(await hasPaid(user)).toBe(false);
    const response = await deliver(
      webhookDelivery('checkout.session.async_payment_succeeded', {
        ...paidLater,
        payment_status: 'paid',
      }),
    );

    expect(response.statusCode).toBe(200);
    expect(await hasPaid(user)).toBe(true);
  });
});

describe('subscription events', () => {
  it('stores Stripe’s current status when an update arrives before the completed checkout', async () => {
    const { user, session } = await checkedOut('subscription');
    const { subscription } = stub.completeSession(session.id);
    // The event's own copy is stale; Stripe's current state says active.
    const early = webhookDelivery('customer.subscription.updated', {
      id: subscription,
      object: 'subscription',
      customer: session.customer,
      status: 'incomplete',
    });

    expect((await deliver(early)).statusCode).toBe(200);
    expect(await hasPaid(user)).toBe(true);
    const late = await deliver(webhookDelivery('checkout.session.completed', { ...session }));

    expect(late.json()).toEqual({ received: true, result: 'applied' });
    expect(await hasPaid(user)).toBe(true);
  });

  it('ends access when the subscription is canceled, and a late "created" does not revive it', async () => {
    const { user, session } = await checkedOut('subscription');
    await deliver(completed(session));
    const subscriptionId = stub.sessions.get(session.id)!.subscription!;
    expect(await hasPaid(user)).toBe(true);
    const object = { id: subscriptionId, object: 'subscription', customer: session.customer };

    stub.setSubscriptionStatus(subscriptionId, 'canceled');
    await deliver(
      webhookDelivery('customer.subscription.deleted', { ...object, status: 'canceled' }),
    );
    await deliver(
      webhookDelivery('customer.subscription.created', { ...object, status: 'active' }),
    );

    expect(await hasPaid(user)).toBe(false);
    const status = await injectAs(testApp, user, {
      method: 'GET',
      url: '/api/check-payment-status',
    });
    // Paid before: the app keeps their journal readable and offers Renew.
    expect(status.json()).toEqual({ has_paid: false, lapsed: true });
  });

  it('follows invoices: a failed payment suspends access and a paid one restores it', async () => {
    const { user, session } = await checkedOut('subscription');
    await deliver(completed(session));
    const subscriptionId = stub.sessions.get(session.id)!.subscription!;
    const invoice = {
      id: 'in_test',
      object: 'invoice',
      customer: session.customer,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscriptionId },
      },
    };

    stub.setSubscriptionStatus(subscriptionId, 'past_due');
    await deliver(webhookDelivery('invoice.payment_failed', invoice));
    expect(await hasPaid(user)).toBe(false);

    stub.setSubscriptionStatus(subscriptionId, 'active');
    await deliver(webhookDelivery('invoice.paid', invoice));
    expect(await hasPaid(user)).toBe(true);
  });
});

describe('events we do not act on', () => {
  it('acknowledges an unknown event type', async () => {
    const response = await deliver(webhookDelivery('charge.refunded', { id: 'ch_1' }));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, result: 'ignored' });
  });

  it('acknowledges a subscription of a customer we do not know', async () => {
    stub.subscriptions.set('sub_stranger', {
      id: 'sub_stranger',
      object: 'subscription',
      customer: 'cus_stranger',
      status: 'active',
    });

    const response = await deliver(
      webhookDelivery('customer.subscription.updated', { id: 'sub_stranger' }),
    );

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true, result: 'ignored' });
  });
});

describe('paywall in stripe mode', () => {
  it('answers 402 to the writes of a user whose subscription was canceled, and lets them read', async () => {
    const { user, session } = await checkedOut('subscription');
    await deliver(completed(session));
    const subscriptionId = stub.sessions.get(session.id)!.subscription!;
    const months = () => injectAs(testApp, user, { method: 'GET', url: '/api/months/' });
    const paidAnswer = await months();

    stub.setSubscriptionStatus(subscriptionId, 'canceled');
    await deliver(webhookDelivery('customer.subscription.deleted', { id: subscriptionId }));
    const canceledAnswer = await months();
    const canceledWrite = await injectAs(testApp, user, {
      method: 'POST',
      url: '/api/months/',
      payload: { name: 'January' },
    });

    expect(paidAnswer.statusCode).toBe(200);
    expect(canceledAnswer.statusCode).toBe(200);
    expect(canceledWrite.statusCode).toBe(402);
    expect(canceledWrite.json()).toEqual({
      detail: SUBSCRIPTION_ENDED_MESSAGES.subscriptionEnded,
      code: SUBSCRIPTION_ENDED,
    });
  });
});
