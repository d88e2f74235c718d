// What the billing routes need from a payment provider, and the `off` mode where everyone counts as paid.
import type { LaunchOffer } from '../../../contract/entities.js';
import { type AppLocale, LAUNCH_OFFER, type ProductType } from '../../../contract/rules.js';
import { HttpError } from '../../http-error.js';

export const BILLING_MESSAGES = {
  disabled: 'Payments are disabled on this server.',
  noAccount: 'No billing account yet: choose a plan first.',
  badSignature: 'Invalid Stripe signature.',
  notStripe: 'Stripe payments are not enabled on this server.',
  unavailable:
    'The payment provider could not be reached right now. Please try again in a few minutes.',
} as const;

export interface BillingService {
  /** The answer of check-payment-status, settling a just-finished checkout first. */
  hasPaid(userId: number): Promise<boolean>;
  /**
   * Returns the URL the browser goes to for paying. `locale`: the language the app shows, for a
   * page of ours (the built-in checkout) to answer in.
   */
  createCheckout(userId: number, productType: ProductType, locale?: AppLocale): Promise<string>;
  /** Returns the URL of the page where the user manages what they bought. */
  createPortal(userId: number, locale?: AppLocale): Promise<string>;
  launchOffer(): Promise<LaunchOffer>;
  /**
   * Stops every future charge before the account is deleted (routes/account.ts): Stripe cancels
   * the subscription now; the other modes have nothing outside our tables, whose rows go with
   * the user. Throws when the provider cannot be reached, so the account is kept and no charge
   * can follow a deletion.
   */
  closeAccount(userId: number): Promise<void>;
}

export function createOffBilling(): BillingService {
  const disabled = () => Promise.reject(new HttpError(400, { detail: BILLING_MESSAGES.disabled }));
  return {
    hasPaid: async () => true,
    createCheckout: disabled,
    createPortal: disabled,
    launchOffer: async () => ({ percent_off: LAUNCH_OFFER.percentOff, remaining: 0 }),
    closeAccount: async () => {},
  };
}
