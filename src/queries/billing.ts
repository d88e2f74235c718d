// Billing: payment status and the Stripe checkout and portal sessions (the launch offer: launch-offer.ts).
import { type QueryClient, queryOptions, useMutation } from '@tanstack/react-query';
import type { PaymentStatus } from '../../contract/entities';
import type { ProductType } from '../../contract/rules';
import { createCheckoutSession, createPortalSession, getPaymentStatus } from '../api/billing';
import { errorStatus } from '../api/http-error';
import { currentLocale } from '../i18n/store';
import { billingKeys } from './keys';

export function paymentStatusQueryOptions() {
  return queryOptions({ queryKey: billingKeys.status(), queryFn: getPaymentStatus });
}

/**
 * Someone whose subscription ended: the server still answers their reads (months, entries,
 * search, export) and refuses their writes with 402. Someone who never paid is not lapsed.
 */
export function isLapsed(status: PaymentStatus | undefined): boolean {
  return status?.has_paid === false && status.lapsed === true;
}

/** May open the months: has paid, or paid before and reads what they wrote. */
export function readsMonths(status: PaymentStatus): boolean {
  return status.has_paid || isLapsed(status);
}

/** A 402 from the client (HTTPError), or a refused write of the sync queue (which keeps the status). */
function refusedForPayment(error: unknown): boolean {
  if (errorStatus(error) === 402) return true;
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 402;
}

/**
 * Any read or write refused for payment asks the payment status again: a subscription that ended
 * while the app was open shows as such (the renew notice) instead of as a bare error. Returns how
 * to stop.
 */
export function watchPaymentRefusals(
  queryClient: QueryClient,
  onRefused: () => void = () => {},
): () => void {
  const recheck = (error: unknown) => {
    if (!refusedForPayment(error)) return;
    onRefused();
    void queryClient.invalidateQueries({ queryKey: billingKeys.status() });
  };
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
  });
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
  });
  return () => {
    stopQueries();
    stopMutations();
  };
}

/** Resolves `{checkout_url}`; the screen navigates there. */
export function useCreateCheckoutSession() {
  return useMutation({
    mutationFn: (productType: ProductType) =>
      createCheckoutSession({ product_type: productType }, currentLocale()),
  });
}

/** Resolves `{portal_url}`; the screen navigates there. */
export function useCreatePortalSession() {
  return useMutation({ mutationFn: () => createPortalSession(currentLocale()) });
}
