// BILLING=local and off: the built-in checkout and portal pages, the paywall, and the launch-offer count.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SUBSCRIPTION_ENDED,
  SUBSCRIPTION_ENDED_MESSAGES,
} from '../../contract/billing-messages.js';
import {
  buildTestApp,
  createUser,
  injectAs,
  type TestApp,
  type TestUser,
  tamperSignature,
} from '../support/test-app.js';

const PUBLIC_URL = 'http://monthbook.local:3000';
let testApp: TestApp;

const DATA_ROUTES = [
  '/api/months/',
  '/api/journals/',
  '/api/goals/',
  '/api/habits/',
  '/api/measures/',
  '/api/dailyhabits/',
  '/api/dailymeasures/',
];

beforeAll(async () => {
  testApp = await buildTestApp({ BILLING: 'local', PUBLIC_URL });
});

afterAll(async () => {
  await testApp?.close();
});

const inject = (options: InjectOptions) => testApp.app.inject(options);
const months = (user: TestUser) =>
  inject({ method: 'GET', url: '/api/months/', headers: user.headers });

async function checkoutUrl(user: TestUser, productType: string): Promise<URL> {
  const response = await inject({
    method: 'POST',
    url: '/api/stripe/create-checkout-session/',
    headers: user.headers,
    payload: { product_type: productType },
  });
  expect(response.statusCode).toBe(200);
  return new URL(response.json<{ checkout_url: string }>().checkout_url);
}

const form = (url: string, fields: Record<string, string>) =>
  inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

const tokenOf = (url: URL) => url.searchParams.get('token') ?? '';

async function hasPaid(user: TestUser): Promise<boolean> {
  const response = await inject({
    method: 'GET',
    url: '/api/check-payment-status',
    headers: user.headers,
  });
  return response.json<{ has_paid: boolean }>().has_paid;
}

async function remainingPlaces(): Promise<number> {
  const response = await inject({ method: 'GET', url: '/api/billing/launch-offer/' });
  expect(response.statusCode).toBe(200);
  return response.json<{ remaining: number }>().remaining;
}

async function paidUser(productType: 'subscription' | 'one_time'): Promise<TestUser> {
  const user = await createUser(testApp);
  const url = await checkoutUrl(user, productType);
  const paid = await form('/api/billing/local/checkout/pay', { token: tokenOf(url) });
  expect(paid.statusCode).toBe(303);
  return user;
}

describe('local checkout page', () => {
  it('is served by our server and shows the monthly plan with the launch discount', async () => {
    const user = await createUser(testApp);
    const url = await checkoutUrl(user, 'subscription');

    const page = await inject({ method: 'GET', url: `${url.pathname}${url.search}` });

    expect(url.origin).toBe(PUBLIC_URL);
    expect(url.pathname).toBe('/api/billing/local/checkout');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('<h2 id="plan">Monthly</h2>');
    expect(page.body).toContain('0.90 USD / month');
    expect(page.body).toContain('50% off for the first 100 customers');
    expect(page.body).toContain('Pay 0.45 USD');
    expect(page.body).toContain('method="post" action="/api/billing/local/checkout/pay"');
    expect(page.body).toContain('>Cancel</button>');
    expect(page.body).not.toContain('<script');
  });

  it('shows Pay Once with the original price struck through', async () => {
    const user = await createUser(testApp);
    const url = await checkoutUrl(user, 'one_time');

    const page = await inject({ method: 'GET', url: `${url.pathname}${url.search}` });

    expect(page.body).toContain('<h2 id="plan">Pay Once</h2>');
    expect(page.body).toMatch(
      /<s>12 USD<\/s><span class="visually-hidden">, now <\/span>5\.90 USD once/,
    );
    expect(page.body).toContain('Pay 2.95 USD');
  });

  it('escapes what it prints', async () => {
    const user = await createUser(testApp, `<img src=x onerror="alert(1)">${process.pid}`);
    const url = await checkoutUrl(user, 'one_time');

    const page = await inject({ method: 'GET', url: `${url.pathname}${url.search}` });

    expect(page.body).not.toContain('<img');
    expect(page.body).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
  });

  it('refuses a tampered link, and an access token in place of a link', async () => {
    const user = await createUser(testApp);
    const token = tokenOf(await checkoutUrl(user, 'one_time'));
    const tampered = tamperSignature(token);

    const pages = await Promise.all(
      [tampered, user.access, ''].map((candidate) =>
        inject({ method: 'GET', url: `/api/billing/local/checkout?token=${candidate}` }),
      ),
    );
    const pay = await form('/api/billing/local/checkout/pay', { token: user.access });

    expect(pages.map((page) => page.statusCode)).toEqual([400, 400, 400]);
    expect(pages[0]!.body).toContain('This link has expired');
    expect(pay.statusCode).toBe(400);
    expect(await hasPaid(user)).toBe(false);
  });
});

describe('local pages in Portuguese', () => {
  const portuguese = { 'accept-language': 'pt-BR' };

  it('are written in the language the app asked in, carried by the link', async () => {
    const user = await createUser(testApp);
    const response = await inject({
      method: 'POST',
      url: '/api/stripe/create-checkout-session/',
      headers: { ...user.headers, ...portuguese },
      payload: { product_type: 'one_time' },
    });
    const url = new URL(response.json<{ checkout_url: string }>().checkout_url);
    expect(url.searchParams.get('lang')).toBe('pt-BR');

    // An English browser opening it still reads the app's language.
    const page = await inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { 'accept-language': 'en-US' },
    });
    expect(page.body).toContain('<html lang="pt-BR">');
    expect(page.body).toContain('MODO DE TESTE');
    expect(page.body).toContain('<h2 id="plan">Pagamento único</h2>');
    expect(page.body).toContain('<dt>Total hoje</dt><dd>2,95 USD</dd>');
    expect(page.body).toContain('Um único pagamento, com 50% de desconto; nada mais a pagar.');
    expect(page.body).toContain('Pagar 2,95 USD');
    expect(page.body).toContain('>Cancelar</button>');
    expect(page.body).not.toMatch(/TEST MODE|Due today|Signed in as|>Pay /);
  });

  it('follow the browser when the link names no language', async () => {
    const user = await createUser(testApp);
    const url = await checkoutUrl(user, 'subscription');
    const page = await inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      headers: { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' },
    });
    expect(page.body).toContain('<h2 id="plan">Mensal</h2>');
    expect(page.body).toContain('0,90 USD / mês');
    expect(page.body).toContain('Primeiro mês com 50% de desconto, depois 0,90 USD por mês.');
  });

  it('say an expired link and the billing page in Portuguese, and keep the language after a cancel', async () => {
    const expired = await inject({
      method: 'GET',
      url: '/api/billing/local/checkout?token=nonsense',
      headers: portuguese,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('Este link expirou');

    const user = await paidUser('subscription');
    const portal = await inject({
      method: 'POST',
      url: '/api/create-customer-portal-session/',
      headers: { ...user.headers, ...portuguese },
    });
    const url = new URL(portal.json<{ portal_url: string }>().portal_url);
    const page = await inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.body).toContain('<h1>Cobrança</h1>');
    expect(page.body).toContain('Ativa, 0,90 USD / mês');
    expect(page.body).toContain('>Cancelar assinatura</button>');
    expect(page.body).toContain('<input type="hidden" name="lang" value="pt-BR">');

    const canceled = await form('/api/billing/local/portal/cancel', {
      token: tokenOf(url),
      lang: 'pt-BR',
    });
    expect(canceled.statusCode).toBe(303);
    const back = new URL(String(canceled.headers.location));
    const after = await inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(after.body).toContain('Sua assinatura foi cancelada.');
  });
});

describe('paying and cancelling locally', () => {
  it('Pay records a subscription, redirects to success and counts a launch customer', async () => {
    const user = await createUser(testApp);
    const token = tokenOf(await checkoutUrl(user, 'subscription'));
    const placesBefore = await remainingPlaces();

    const response = await form('/api/billing/local/checkout/pay', { token });

    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${PUBLIC_URL}/?success=true`);
    expect(await hasPaid(user)).toBe(true);
    expect(await remainingPlaces()).toBe(placesBefore - 1);
    const account = await testApp.app.billing.repository.find(user.id);
    expect(account?.subscription_status).toBe('active');
  });

  it('Pay twice with one link records one purchase', async () => {
    const user = await createUser(testApp);
    const token = tokenOf(await checkoutUrl(user, 'one_time'));

    await form('/api/billing/local/checkout/pay', { token });
    const again = await form('/api/billing/local/checkout/pay', { token });

    expect(again.statusCode).toBe(303);
    const events = await testApp.database.db
      .selectFrom('billing_events')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(events).toHaveLength(1);
  });

  it('Cancel returns to the plans, saying so, and leaves the user unpaid', async () => {
    const user = await createUser(testApp);
    const token = tokenOf(await checkoutUrl(user, 'subscription'));

    const response = await form('/api/billing/local/checkout/cancel', { token });

    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${PUBLIC_URL}/subscribe?canceled=true`);
    expect(await hasPaid(user)).toBe(false);
  });

  it('shows Already paid, not a second Pay button, when the checkout is opened again after paying', async () => {
    const user = await createUser(testApp);
    const url = await checkoutUrl(user, 'subscription');
    await form('/api/billing/local/checkout/pay', { token: tokenOf(url) });

    const back = await inject({ method: 'GET', url: `${url.pathname}${url.search}` });

    expect(back.statusCode).toBe(200);
    expect(back.body).toContain('<h1>Already paid</h1>');
    expect(back.body).toContain(`href="${PUBLIC_URL}/months"`);
    expect(back.body).not.toContain('>Pay ');
  });
});

describe('local portal', () => {
  const openPortal = (user: TestUser) =>
    inject({ method: 'POST', url: '/api/create-customer-portal-session/', headers: user.headers });

  it('refuses a user who never chose a plan', async () => {
    const user = await createUser(testApp);

    const response = await openPortal(user);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'No billing account yet: choose a plan first.' });
  });

  it('lets a subscriber cancel, which ends access to the data', async () => {
    const user = await paidUser('subscription');
    const portal = new URL((await openPortal(user)).json<{ portal_url: string }>().portal_url);
    const page = await inject({ method: 'GET', url: `${portal.pathname}${portal.search}` });
    expect(page.body).toContain('Active, 0.90 USD / month');
    expect(page.body).toContain(`href="${PUBLIC_URL}/months">Back</a>`);
    expect((await months(user)).statusCode).toBe(200);

    const cancel = await form('/api/billing/local/portal/cancel', { token: tokenOf(portal) });

    expect(cancel.statusCode).toBe(303);
    const after = new URL(cancel.headers.location as string);
    expect(after.searchParams.get('canceled')).toBe('1');
    const canceledPage = await inject({ method: 'GET', url: `${after.pathname}${after.search}` });
    expect(canceledPage.body).toContain('Your subscription is canceled.');
    expect(canceledPage.body).not.toContain('Cancel subscription');
    expect(await hasPaid(user)).toBe(false);
    // Read-only from then on: the months still read, a new one is refused.
    expect((await months(user)).statusCode).toBe(200);
    const write = await inject({
      method: 'POST',
      url: '/api/months/',
      headers: user.headers,
      payload: { name: 'January' },
    });
    expect(write.statusCode).toBe(402);
    expect(write.json()).toEqual({
      detail: SUBSCRIPTION_ENDED_MESSAGES.subscriptionEnded,
      code: SUBSCRIPTION_ENDED,
    });
  });

  it('shows a one-time purchase as kept for good, with nothing to cancel', async () => {
    const user = await paidUser('one_time');
    const portal = new URL((await openPortal(user)).json<{ portal_url: string }>().portal_url);

    const page = await inject({ method: 'GET', url: `${portal.pathname}${portal.search}` });

    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Paid — yours for good');
    expect(page.body).not.toContain('Cancel subscription');
  });
});

describe('paywall', () => {
  it('answers 402 from every data route to an unpaid user', async () => {
    const unpaid = await createUser(testApp);

    const answers = await Promise.all(
      DATA_ROUTES.map((url) => inject({ method: 'GET', url, headers: unpaid.headers })),
    );
    const create = await inject({
      method: 'POST',
      url: '/api/months/',
      headers: unpaid.headers,
      payload: { name: 'January' },
    });

    expect(answers.map((answer) => answer.statusCode)).toEqual(DATA_ROUTES.map(() => 402));
    expect(answers[0]!.json()).toEqual({ detail: 'Payment required.' });
    expect(create.statusCode).toBe(402);
  });

  it('lets a paid user through', async () => {
    const paid = await paidUser('one_time');

    const answers = await Promise.all(
      DATA_ROUTES.map((url) => inject({ method: 'GET', url, headers: paid.headers })),
    );

    expect(answers.map((answer) => answer.statusCode)).toEqual(DATA_ROUTES.map(() => 200));
  });

  it('still answers 401 first to a request without a token', async () => {
    const response = await inject({ method: 'GET', url: '/api/months/' });

    expect(response.statusCode).toBe(401);
  });
});

describe('launch offer in local mode', () => {
  it('counts down from 100 and the checkout stops discounting at zero', async () => {
    const fresh = await buildTestApp({ BILLING: 'local', PUBLIC_URL });
    try {
      const offer = await fresh.app.inject({ method: 'GET', url: '/api/billing/launch-offer' });
      expect(offer.json()).toEqual({ percent_off: 50, remaining: 100 });
      const users = await Promise.all(Array.from({ length: 100 }, () => createUser(fresh)));
      await fresh.database.db
        .insertInto('billing_accounts')
        .values(
          users.map((user) => ({
            user_id: user.id,
            paid_once: 1 as const,
            has_paid: 1 as const,
            first_paid_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
          })),
        )
        .execute();
      const late = await createUser(fresh);
      const url = await injectAs(fresh, late, {
        method: 'POST',
        url: '/api/stripe/create-checkout-session',
        payload: { product_type: 'one_time' },
      });
      const checkout = new URL(url.json<{ checkout_url: string }>().checkout_url);

      const exhausted = await fresh.app.inject({ method: 'GET', url: '/api/billing/launch-offer' });
      const page = await fresh.app.inject({
        method: 'GET',
        url: `${checkout.pathname}${checkout.search}`,
      });

      expect(exhausted.json()).toEqual({ percent_off: 50, remaining: 0 });
      expect(page.body).not.toContain('Launch offer');
      expect(page.body).toContain('Pay 5.90 USD');
    } finally {
      await fresh.close();
    }
  });
});

describe('BILLING=off', () => {
  it('counts everyone as paid and refuses checkout', async () => {
    const off = await buildTestApp({ BILLING: 'off' });
    try {
      const user = await createUser(off);
      const status = await injectAs(off, user, {
        method: 'GET',
        url: '/api/check-payment-status',
      });
      const checkout = await injectAs(off, user, {
        method: 'POST',
        url: '/api/stripe/create-checkout-session',
        payload: { product_type: 'subscription' },
      });
      const webhook = await off.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
        payload: '{}',
      });

      expect(status.json()).toEqual({ has_paid: true });
      expect(checkout.statusCode).toBe(400);
      expect(checkout.json()).toEqual({ detail: 'Payments are disabled on this server.' });
      expect(webhook.statusCode).toBe(400);
    } finally {
      await off.close();
    }
  });
});
