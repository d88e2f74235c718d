// BILLING=local: a test-mode checkout and portal served by this server, fulfilled by the same code as Stripe's webhook.
import { createHmac, randomUUID } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import type { LaunchOffer } from '../../../contract/entities.js';
import {
  type AppLocale,
  LAUNCH_OFFER,
  PRODUCT_TYPES,
  type ProductType,
} from '../../../contract/rules.js';
import { HttpError } from '../../http-error.js';
import { grantsAccess, type PaymentsRepository } from '../../repositories/payments.js';
import { BILLING_MESSAGES, type BillingService } from './billing-service.js';
import type { Fulfilment } from './fulfilment.js';

/** The browser reaches these pages without an Authorization header: a signed link stands in for it. */
export const LOCAL_PATHS = {
  checkout: '/api/billing/local/checkout',
  pay: '/api/billing/local/checkout/pay',
  cancel: '/api/billing/local/checkout/cancel',
  portal: '/api/billing/local/portal',
  cancelSubscription: '/api/billing/local/portal/cancel',
} as const;

const LINK_TTL_MS = 30 * 60 * 1000;

type Purpose = 'checkout' | 'portal';

export interface LinkClaims {
  uid: number;
  plan: ProductType | null;
  jti: string;
}

export interface LocalGateway extends BillingService {
  /** The claims of a valid, unexpired link for `purpose`, or null. */
  readLink(token: string | undefined, purpose: Purpose): LinkClaims | null;
  /** Records the purchase the link names; paying twice with one link changes nothing. */
  pay(link: LinkClaims): Promise<void>;
  cancelSubscription(link: LinkClaims): Promise<void>;
  localSubscriptionId(userId: number): string;
}

export function createLocalGateway(deps: {
  jwtSecret: string;
  publicUrl: string;
  repository: PaymentsRepository;
  fulfilment: Fulfilment;
}): LocalGateway {
  const { publicUrl, repository, fulfilment } = deps;
  // A key of its own, so these links can never pass for access tokens or the reverse.
  const key = createHmac('sha256', deps.jwtSecret).update('monthbook local billing').digest();
  const audience = (purpose: Purpose) => `monthbook:local-${purpose}`;
  const signers = {
    checkout: createSigner({ key, expiresIn: LINK_TTL_MS, aud: audience('checkout') }),
    portal: createSigner({ key, expiresIn: LINK_TTL_MS, aud: audience('portal') }),
  };
  const verifiers = {
    checkout: createVerifier({ key, algorithms: ['HS256'], allowedAud: audience('checkout') }),
    portal: createVerifier({ key, algorithms: ['HS256'], allowedAud: audience('portal') }),
  };
  const link = (
    purpose: Purpose,
    path: string,
    userId: number,
    plan: ProductType | null,
    locale: AppLocale | undefined,
  ) => {
    const token = signers[purpose]({ uid: userId, plan, jti: randomUUID() });
    // The page answers in the app's language (server/views/local-billing-pages.ts).
    const lang = locale ? `&lang=${locale}` : '';
    return `${publicUrl}${path}?token=${encodeURIComponent(token)}${lang}`;
  };
  const localSubscriptionId = (userId: number) => `local_sub_${userId}`;

  return {
    localSubscriptionId,

    async hasPaid(userId) {
      return repository.hasPaid(userId);
    },

    async createCheckout(userId, productType, locale) {
      return link('checkout', LOCAL_PATHS.checkout, userId, productType, locale);
    },

    async createPortal(userId, locale) {
      const account = await repository.find(userId);
      if (!account || (account.paid_once === 0 && account.subscription_id === null)) {
        throw new HttpError(400, { detail: BILLING_MESSAGES.noAccount });
      }
      return link('portal', LOCAL_PATHS.portal, userId, null, locale);
    },

    async launchOffer(): Promise<LaunchOffer> {
      const customers = await repository.countPayingCustomers();
      return {
        percent_off: LAUNCH_OFFER.percentOff,
        remaining: Math.max(0, LAUNCH_OFFER.customers - customers),
      };
    },

    readLink(token, purpose) {
      if (!token) return null;
      try {
        const claims = verifiers[purpose](token) as Partial<LinkClaims>;
        const plan = claims.plan ?? null;
        if (
          typeof claims.uid !== 'number' ||
          typeof claims.jti !== 'string' ||
          (plan !== null && !PRODUCT_TYPES.includes(plan))
        ) {
          return null;
        }
        return { uid: claims.uid, plan, jti: claims.jti };
      } catch {
        return null;
      }
    },

    async pay({ uid, plan, jti }) {
      const change =
        plan === 'subscription'
          ? { subscription: { id: localSubscriptionId(uid), status: 'active' } }
          : { paidOnce: true };
      await fulfilment.apply(uid, change, { id: `local-pay-${jti}`, type: 'local.checkout.paid' });
    },

    // Local payments live only in billing_accounts, which the user's deletion cascades to.
    async closeAccount() {},

    async cancelSubscription({ uid, jti }) {
      const account = await repository.find(uid);
      if (!account?.subscription_id || !grantsAccess(account.subscription_status)) return;
      await fulfilment.apply(
        uid,
        { subscription: { id: account.subscription_id, status: 'canceled' } },
        { id: `local-cancel-${jti}`, type: 'local.subscription.canceled' },
      );
    },
  };
}
