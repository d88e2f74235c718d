// BILLING=local pages: the test-mode checkout and portal, reached by signed links and answered with HTML.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOCAL_PATHS, type LocalGateway } from '../services/billing/local-gateway.js';
import {
  alreadyPaidPage,
  checkoutPage,
  linkExpiredPage,
  pageLocale,
  portalPage,
} from '../views/local-billing-pages.js';

const TokenQuerySchema = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 2048 })),
  canceled: Type.Optional(Type.String({ maxLength: 8 })),
  lang: Type.Optional(Type.String({ maxLength: 8 })),
});
const TokenFormSchema = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 2048 })),
  lang: Type.Optional(Type.String({ maxLength: 8 })),
});

/** The page's language: the link's `lang` (a form carries it on), else the browser's. */
const localeOf = (request: FastifyRequest) => {
  const lang =
    (request.body as { lang?: unknown } | undefined)?.lang ??
    (request.query as { lang?: unknown } | undefined)?.lang;
  return pageLocale(typeof lang === 'string' ? lang : undefined, request.languages());
};

/** Logged once at start-up when a production server has payments on the test checkout by default. */
export const TEST_CHECKOUT_WARNING =
  'BILLING is not set, so payments use the built-in TEST checkout: anyone can "pay" without money ' +
  'and get full access. Set BILLING=stripe to take real payments, or BILLING=off to let everyone in.';

function html(reply: FastifyReply, status: number, body: string) {
  // The token in the URL must not leak through caches or the Referer header.
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(body);
}

export default async function localBillingRoutes(
  root: FastifyInstance,
  options: { local: LocalGateway },
): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { local } = options;
  const { repository } = app.billing;
  const { publicUrl } = app.config;
  const expired = (request: FastifyRequest, reply: FastifyReply) =>
    html(reply, 400, linkExpiredPage(`${publicUrl}/`, localeOf(request)));
  if (app.config.billingDefaulted && app.config.production) {
    app.log.warn({ billing: 'local' }, TEST_CHECKOUT_WARNING);
  }

  // Plain HTML forms post urlencoded bodies; only these routes accept them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/billing/local/checkout',
    { schema: { hide: true, querystring: TokenQuerySchema } },
    async (request, reply) => {
      const link = local.readLink(request.query.token, 'checkout');
      const username = link && (await repository.username(link.uid));
      if (!link?.plan || !username || !request.query.token) return expired(request, reply);
      // Back after paying comes here again: no second Pay button.
      if (await repository.hasPaid(link.uid)) {
        return html(reply, 200, alreadyPaidPage(`${publicUrl}/months`, localeOf(request)));
      }
      const offer = await local.launchOffer();
      return html(
        reply,
        200,
        checkoutPage({
          username,
          plan: link.plan,
          placesLeft: offer.remaining,
          token: request.query.token,
          payAction: LOCAL_PATHS.pay,
          cancelAction: LOCAL_PATHS.cancel,
          locale: localeOf(request),
        }),
      );
    },
  );

  app.post(
    '/billing/local/checkout/pay',
    { schema: { hide: true, body: TokenFormSchema } },
    async (request, reply) => {
      const link = local.readLink(request.body.token, 'checkout');
      if (!link?.plan || !(await repository.userExists(link.uid))) return expired(request, reply);
      await local.pay(link);
      return reply.redirect(`${publicUrl}/?success=true`, 303);
    },
  );

  // Leaving needs no valid link: an expired page must still let the user out. Back to the plans,
  // which say no payment was made; without a session there, the app asks to log in.
  app.post('/billing/local/checkout/cancel', { schema: { hide: true } }, async (_request, reply) =>
    reply.redirect(`${publicUrl}/subscribe?canceled=true`, 303),
  );

  app.get(
    '/billing/local/portal',
    { schema: { hide: true, querystring: TokenQuerySchema } },
    async (request, reply) => {
      const { token, canceled } = request.query;
      const link = local.readLink(token, 'portal');
      const username = link && (await repository.username(link.uid));
      if (!link || !username || !token) return expired(request, reply);
      const account = await repository.find(link.uid);
      return html(
        reply,
        200,
        portalPage({
          username,
          paidOnce: account?.paid_once === 1,
          subscriptionStatus: account?.subscription_status ?? null,
          token,
          cancelAction: LOCAL_PATHS.cancelSubscription,
          backUrl: `${publicUrl}/months`,
          justCanceled: canceled === '1',
          locale: localeOf(request),
        }),
      );
    },
  );

  app.post(
    '/billing/local/portal/cancel',
    { schema: { hide: true, body: TokenFormSchema } },
    async (request, reply) => {
      const { token } = request.body;
      const link = local.readLink(token, 'portal');
      if (!link || !token) return expired(request, reply);
      await local.cancelSubscription(link);
      const back = `${publicUrl}${LOCAL_PATHS.portal}?token=${encodeURIComponent(token)}&canceled=1&lang=${localeOf(request)}`;
      return reply.redirect(back, 303);
    },
  );
}
