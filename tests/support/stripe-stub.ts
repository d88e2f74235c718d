// A small stand-in for Stripe's API on 127.0.0.1: answers what Monthbook calls, records every request.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const WEBHOOK_SECRET = 'whsec_monthbook_test_secret';
export const PUBLIC_URL = 'https://monthbook.test';

/** The settings of a test app in BILLING=stripe, with the SDK pointed at `stub`. */
export function stripeEnv(stub: { url: string }): Record<string, string> {
  return {
    BILLING: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_monthbook',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_MONTHLY: 'price_monthly',
    STRIPE_PRICE_ONCE: 'price_once',
    STRIPE_LAUNCH_COUPON: 'LAUNCH50',
    STRIPE_API_URL: stub.url,
    PUBLIC_URL,
  };
}

const signer = new Stripe('sk_test_signer_only');
let eventCounter = 0;

/** A webhook delivery signed as Stripe signs it; `timestamp` (seconds) defaults to now. */
export function webhookDelivery(
  type: string,
  object: object,
  options: { id?: string; timestamp?: number; secret?: string } = {},
) {
  eventCounter += 1;
  const event = {
    id: options.id ?? `evt_test_${process.pid}_${eventCounter}`,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
  };
  // Pretty-printed on purpose: a server that re-serialized the JSON would break the signature.
  const payload = JSON.stringify(event, null, 2);
  const signature = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  return {
    id: event.id,
    request: {
      method: 'POST' as const,
      url: '/api/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    },
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** Form fields as Stripe's SDK encodes them, e.g. `discounts[0][coupon]`. */
  body: Record<string, string>;
}

export interface StubSession {
  id: string;
  object: 'checkout.session';
  mode: 'subscription' | 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  customer: string;
  client_reference_id: string | null;
  subscription: string | null;
  url: string;
  success_url: string;
  cancel_url: string;
}

export interface StubSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
}

export interface StubCoupon {
  id: string;
  object: 'coupon';
  percent_off: number;
  max_redemptions: number | null;
  times_redeemed: number;
  valid: boolean;
}

export interface StripeStub {
  url: string;
  requests: RecordedRequest[];
  sessions: Map<string, StubSession>;
  subscriptions: Map<string, StubSubscription>;
  coupons: Map<string, StubCoupon>;
  /** When set, session creation refuses any discount, as Stripe does with a coupon used up meanwhile. */
  refuseDiscounts: boolean;
  /** When set, cancelling a subscription fails with a 500 that the SDK does not retry. */
  failCancellations: boolean;
  /** Creates or replaces the launch coupon. */
  setCoupon(coupon: Partial<StubCoupon> & { id: string }): StubCoupon;
  /** Finishes a checkout as a paying customer would; subscriptions start `active`. */
  completeSession(id: string): StubSession;
  setSubscriptionStatus(id: string, status: string): StubSubscription;
  requestsTo(method: string, path: string): RecordedRequest[];
  close(): Promise<void>;
}

function stripeError(res: ServerResponse, status: number, message: string, param?: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message, param } }));
}

function send(res: ServerResponse, body: unknown) {
  res.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_stub' });
  res.end(JSON.stringify(body));
}

export async function startStripeStub(): Promise<StripeStub> {
  let counter = 0;
  const nextId = (prefix: string) => {
    counter += 1;
    return `${prefix}_${counter.toString().padStart(6, '0')}`;
  };
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, StubSession>();
  const subscriptions = new Map<string, StubSubscription>();
  const coupons = new Map<string, StubCoupon>();

  const route = (req: RecordedRequest, res: ServerResponse) => {
    const { method, path, body } = req;
    // GET /v1/<collection>/<id>: split off the id.
    const slash = path.lastIndexOf('/');
    const collection = method === 'GET' ? path.slice(0, slash) : '';
    const id = decodeURIComponent(path.slice(slash + 1));
    if (method === 'POST' && path === '/v1/customers') {
      return send(res, { id: nextId('cus'), object: 'customer', metadata: {} });
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const couponId = body['discounts[0][coupon]'];
      if (couponId !== undefined) {
        const coupon = coupons.get(couponId);
        const exhausted =
          coupon?.max_redemptions != null && coupon.times_redeemed >= coupon.max_redemptions;
        if (stub.refuseDiscounts || !coupon || !coupon.valid || exhausted) {
          return stripeError(res, 400, `Coupon ${couponId} is no longer valid.`, 'discounts');
        }
      }
      const sessionId = nextId('cs_test');
      const session: StubSession = {
        id: sessionId,
        object: 'checkout.session',
        mode: body.mode === 'subscription' ? 'subscription' : 'payment',
        status: 'open',
        payment_status: 'unpaid',
        customer: body.customer ?? nextId('cus'),
        client_reference_id: body.client_reference_id ?? null,
        subscription: null,
        url: `https://checkout.stripe.test/c/pay/${sessionId}`,
        success_url: body.success_url ?? '',
        cancel_url: body.cancel_url ?? '',
      };
      sessions.set(sessionId, session);
      return send(res, session);
    }
    if (collection === '/v1/checkout/sessions') {
      const session = sessions.get(id);
      return session ? send(res, session) : stripeError(res, 404, 'No such checkout.session');
    }
    if (collection === '/v1/subscriptions') {
      const subscription = subscriptions.get(id);
      return subscription ? send(res, subscription) : stripeError(res, 404, 'No such subscription');
    }
    if (method === 'DELETE' && path.startsWith('/v1/subscriptions/')) {
      const subscription = subscriptions.get(id);
      if (stub.failCancellations) {
        res.writeHead(500, { 'content-type': 'application/json', 'stripe-should-retry': 'false' });
        return res.end(JSON.stringify({ error: { type: 'api_error', message: 'Stub outage' } }));
      }
      if (!subscription) return stripeError(res, 404, 'No such subscription');
      if (subscription.status === 'canceled') {
        return stripeError(res, 400, 'This subscription has already been canceled.');
      }
      subscription.status = 'canceled';
      return send(res, subscription);
    }
    if (collection === '/v1/coupons') {
      const coupon = coupons.get(id);
      return coupon ? send(res, coupon) : stripeError(res, 404, 'No such coupon');
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const portalId = nextId('bps');
      return send(res, {
        id: portalId,
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url,
        url: `https://billing.stripe.test/p/session/${portalId}`,
      });
    }
    return stripeError(res, 404, `Unrecognized request URL (${method}: ${path})`);
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        headers: req.headers,
        body: Object.fromEntries(new URLSearchParams(raw)),
      };
      requests.push(recorded);
      route(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const stub: StripeStub = {
    url: `http://127.0.0.1:${port}`,
    refuseDiscounts: false,
    failCancellations: false,
    requests,
    sessions,
    subscriptions,
    coupons,
    setCoupon(partial) {
      const coupon: StubCoupon = {
        object: 'coupon',
        percent_off: 50,
        max_redemptions: 100,
        times_redeemed: 0,
        valid: true,
        ...partial,
      };
      coupons.set(coupon.id, coupon);
      return coupon;
    },
    completeSession(id) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      session.status = 'complete';
      session.payment_status = 'paid';
      if (session.mode === 'subscription' && !session.subscription) {
        const subscription: StubSubscription = {
          id: nextId('sub'),
          object: 'subscription',
          customer: session.customer,
          status: 'active',
        };
        subscriptions.set(subscription.id, subscription);
        session.subscription = subscription.id;
      }
      return session;
    },
    setSubscriptionStatus(id, status) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`no subscription ${id}`);
      subscription.status = status;
      return subscription;
    },
    requestsTo: (method, path) =>
      requests.filter((request) => request.method === method && request.path === path),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return stub;
}
