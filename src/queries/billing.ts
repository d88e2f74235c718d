// Billing: payment status and the Stripe checkout and portal sessions (the launch offer: launch-offer.ts).
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ProductType } from '../../contract/rules';
import { createCheckoutSession, createPortalSession, getPaymentStatus } from '../api/billing';
import { billingKeys } from './keys';

export function paymentStatusQueryOptions() {
  return queryOptions({ queryKey: billingKeys.status(), queryFn: getPaymentStatus });
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
