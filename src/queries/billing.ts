// Billing: payment status, the launch offer, and the Stripe checkout and portal sessions.
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ProductType } from '../../contract/rules';
import {
  createCheckoutSession,
  createPortalSession,
  getLaunchOffer,
  getPaymentStatus,
} from '../api/billing';
import { billingKeys } from './keys';

export function paymentStatusQueryOptions() {
  return queryOptions({ queryKey: billingKeys.status(), queryFn: getPaymentStatus });
}

export function launchOfferQueryOptions() {
  return queryOptions({ queryKey: billingKeys.launchOffer(), queryFn: getLaunchOffer });
}

/** Resolves `{checkout_url}`; the screen navigates there. */
export function useCreateCheckoutSession() {
  return useMutation({
    mutationFn: (productType: ProductType) => createCheckoutSession({ product_type: productType }),
  });
}

/** Resolves `{portal_url}`; the screen navigates there. */
export function useCreatePortalSession() {
  return useMutation({ mutationFn: createPortalSession });
}
