// BILLING=stripe through the real SDK and our stub: checkout sessions, coupon, portal, the return-before-webhook race.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '../../server/services/billing/billing-service.js';
import {
  PUBLIC_URL,
  type StripeStub,
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
  stub.setCoupon({ id: 'LAUNCH50', times_redeemed: 37 });
  testApp = await buildTestApp(stripeEnv(stub));
});

afterAll(async () => {
  await testApp?.close();
  await stub?.close();
});

beforeEach(() => {
  stub.refuseDiscounts = false;
  stub.setCoupon({ id: 'LAUNCH50', times_redeemed: 37 });
});

const checkout = (user: TestUser, productType: unknown) =>
  injectAs(testApp, user, {
    method: 'POST',
    url: '/api/stripe/create-checkout-session',
    payload: { product_type: productType },
  });

const paymentStatus = async (user: TestUser) => {
  const response = await injectAs(testApp, user, {
    method: 'GET',
    url: '/api/check-payment-status/',
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ has_paid: boolean }>().has_paid;
};

const sessionRequests = () => stub.requestsTo('POST', '/v1/checkout/sessions');

describe('create-checkout-session', () => {
  it('creates a discounted monthly subscription checkout for a new customer', async () => {
    const user = await createUser(testApp);
    const before = sessionRequests().length;

    const response = await checkout(user, 'subscription');

    expect(response.statusCode).toBe(200);
    const created = sessionRequests().slice(before);
    expect(created).toHaveLength(1);
    const { body, headers } = created[0]!;
    expect(response.json()).toEqual({
      checkout_url: stub.sessions.get([...stub.sessions.keys()].at(-1)!)!.url,
    });
    expect(body.mode).toBe('subscription');
    expect(body['line_items[0][price]']).toBe('price_monthly');
    expect(body['line_items[0][quantity]']).toBe('1');
    expect(body['discounts[0][coupon]']).toBe('LAUNCH50');
    expect(body.client_reference_id).toBe(String(user.id));
    expect(body.success_url).toBe(`${PUBLIC_URL}/?success=true&session_id={CHECKOUT_SESSION_ID}`);
    expect(body.cancel_url).toBe(`${PUBLIC_URL}/?canceled=true`);
    expect(body.customer).toMatch(/^cus_/);
    expect(headers['idempotency-key']).toBeTruthy();
    const customerCreate = stub.requestsTo('POST', '/v1/customers').at(-1)!;
    expect(customerCreate.body['metadata[user_id]']).toBe(String(user.id));
    expect(customerCreate.headers['idempotency-key']).toBeTruthy();
  });

  it('creates a one-time payment checkout and reuses the stored customer', async () => {
    const user = await createUser(testApp);
    await checkout(user, 'subscription');
    const customersBefore = stub.requestsTo('POST', '/v1/customers').length;

    const response = await checkout(user, 'one_time');

    expect(response.statusCode).toBe(200);
    const [first, second] = sessionRequests().slice(-2);
    expect(second!.body.mode).toBe('payment');
    expect(second!.body['line_items[0][price]']).toBe('price_once');
    expect(second!.body['discounts[0][coupon]']).toBe('LAUNCH50');
    expect(second!.body.customer).toBe(first!.body.customer);
    expect(stub.requestsTo('POST', '/v1/customers')).toHaveLength(customersBefore);
    expect(second!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
  });

  it('refuses an unknown product type without calling Stripe', async () => {
    const user = await createUser(testApp);
    const before = stub.requests.length;

    const response = await checkout(user, 'lifetime');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ product_type: ['"lifetime" is not a valid choice.'] });
    expect(stub.requests).toHaveLength(before);
  });

  it('answers 401 without a token, before validating the body', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      payload: { product_type: 'nope' },
    });

    expect(response.statusCode).toBe(401);
  });

  it('sells at full price once the coupon is used up', async () => {
    stub.setCoupon({ id: 'LAUNCH50', times_redeemed: 100 });
    const user = await createUser(testApp);
    const before = sessionRequests().length;

    const response = await checkout(user, 'one_time');

    expect(response.statusCode).toBe(200);
    const created = sessionRequests().slice(before);
    expect(created).toHaveLength(1);
    expect(created[0]!.body['discounts[0][coupon]']).toBeUndefined();
  });

  it('retries at full price when Stripe refuses the coupon', async () => {
    stub.refuseDiscounts = true;
    const user = await createUser(testApp);
    const before = sessionRequests().length;

    const response = await checkout(user, 'subscription');

    expect(response.statusCode).toBe(200);
    const [refused, accepted] = sessionRequests().slice(before);
    expect(refused!.body['discounts[0][coupon]']).toBe('LAUNCH50');
    expect(accepted!.body['discounts[0][coupon]']).toBeUndefined();
    expect(accepted!.body.mode).toBe('subscription');
    expect(response.json<{ checkout_url: string }>().checkout_url).toMatch(/^https:\/\/checkout/);
  });
});

describe('check-payment-status', () => {
  it('is false for a new user and asks Stripe nothing', async () => {
    const user = await createUser(testApp);
    const before = stub.requests.length;

    expect(await paymentStatus(user)).toBe(false);
    expect(stub.requests).toHaveLength(before);
  });

  it('settles a paid subscription checkout when the user returns before the webhook', async () => {
    const user = await createUser(testApp);
    await checkout(user, 'subscription');
    const session = [...stub.sessions.values()].at(-1)!;
    expect(await paymentStatus(user)).toBe(false);

    stub.completeSession(session.id);

    expect(await paymentStatus(user)).toBe(true);
    const account = await testApp.app.billing.repository.find(user.id);
    expect(account?.subscription_status).toBe('active');
    expect(account?.checkout_session_id).toBeNull();
  });

  it('settles a paid one-time checkout the same way, then answers from the database', async () => {
    const user = await createUser(testApp);
    await checkout(user, 'one_time');
    stub.completeSession([...stub.sessions.values()].at(-1)!.id);
    expect(await paymentStatus(user)).toBe(true);
    const before = stub.requests.length;

    expect(await paymentStatus(user)).toBe(true);
    expect(stub.requests).toHaveLength(before);
  });
});

describe('create-customer-portal-session', () => {
  it('refuses a user who has no Stripe customer yet', async () => {
    const user = await createUser(testApp);

    const response = await injectAs(testApp, user, {
      method: 'POST',
      url: '/api/create-customer-portal-session/',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'No billing account yet: choose a plan first.' });
  });

  it('opens the Stripe portal for the stored customer, returning to /months', async () => {
    const user = await createUser(testApp);
    await checkout(user, 'subscription');
    const customer = sessionRequests().at(-1)!.body.customer;

    const response = await injectAs(testApp, user, {
      method: 'POST',
      url: '/api/create-customer-portal-session/',
    });

    expect(response.statusCode).toBe(200);
    const portal = stub.requestsTo('POST', '/v1/billing_portal/sessions').at(-1)!;
    expect(portal.body.customer).toBe(customer);
    expect(portal.body.return_url).toBe(`${PUBLIC_URL}/months`);
    expect(portal.headers['idempotency-key']).toBeTruthy();
    expect(response.json<{ portal_url: string }>().portal_url).toMatch(
      /^https:\/\/billing\.stripe\.test\/p\/session\/bps_/,
    );
  });
});

describe('launch offer', () => {
  it('counts the places left from the coupon, without authentication', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/billing/launch-offer' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ percent_off: 50, remaining: 63 });
  });
});

describe('with Stripe unreachable', () => {
  let offline: TestApp;
  beforeAll(async () => {
    // Port 9 (discard) refuses the connection: the SDK retries twice, then gives up.
    offline = await buildTestApp(stripeEnv({ url: 'http://127.0.0.1:9' }));
  });
  afterAll(async () => {
    await offline?.close();
  });
  const unavailable = { detail: BILLING_MESSAGES.unavailable };

  it('answers checkout with 503 and a detail, not a 500', { timeout: 30_000 }, async () => {
    const user = await createUser(offline);

    const response = await injectAs(offline, user, {
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      payload: { product_type: 'subscription' },
    });

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(unavailable);
  });

  it('answers the portal with 503 and a detail', { timeout: 30_000 }, async () => {
    const user = await createUser(offline);
    await offline.app.billing.repository.claimCustomer(user.id, `cus_offline_${user.id}`);

    const response = await injectAs(offline, user, {
      method: 'POST',
      url: '/api/create-customer-portal-session/',
    });

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(unavailable);
  });

  it('answers a webhook it cannot act on with 503, so Stripe delivers it again', {
    timeout: 30_000,
  }, async () => {
    const delivery = webhookDelivery('customer.subscription.updated', {
      id: 'sub_offline',
      object: 'subscription',
      customer: 'cus_offline',
      status: 'active',
    });

    const response = await offline.app.inject(delivery.request);

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(unavailable);
  });

  it('still answers the payment status from our own records', { timeout: 30_000 }, async () => {
    const user = await createUser(offline);
    const response = await injectAs(offline, user, {
      method: 'GET',
      url: '/api/check-payment-status/',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ has_paid: false });
  });
});
