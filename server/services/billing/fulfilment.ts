// The one place a payment changes a user's access; Stripe webhooks, the return-from-checkout check and the local checkout all call it.
import {
  type BillingAccount,
  grantsAccess,
  type PaymentsRepository,
} from '../../repositories/payments.js';

/** A state to store, never a delta: applying it twice, or late, leaves the same result. */
export interface AccountChange {
  paidOnce?: boolean;
  subscription?: { id: string; status: string };
  /** The checkout this change comes from: it is no longer open. */
  closedCheckoutSession?: string;
}

export interface HandledEvent {
  id: string;
  type: string;
}

export type FulfilmentResult = 'applied' | 'duplicate';

export interface Fulfilment {
  /** Applies `change`; with an event, records its id in the same transaction (a repeat is 'duplicate'). */
  apply(userId: number, change: AccountChange, event?: HandledEvent): Promise<FulfilmentResult>;
}

function takesSubscription(account: BillingAccount, incoming: { id: string; status: string }) {
  if (account.subscription_id === null || account.subscription_id === incoming.id) return true;
  // A late event about an old, ended subscription must not replace a live one.
  return !grantsAccess(account.subscription_status) || grantsAccess(incoming.status);
}

export function applyChange(account: BillingAccount, change: AccountChange): BillingAccount {
  const next = { ...account };
  if (change.paidOnce) next.paid_once = 1;
  if (change.subscription && takesSubscription(account, change.subscription)) {
    next.subscription_id = change.subscription.id;
    next.subscription_status = change.subscription.status;
  }
  if (
    change.closedCheckoutSession !== undefined &&
    account.checkout_session_id === change.closedCheckoutSession
  ) {
    next.checkout_session_id = null;
  }
  next.has_paid = next.paid_once === 1 || grantsAccess(next.subscription_status) ? 1 : 0;
  if (next.has_paid === 1 && next.first_paid_at === null) {
    next.first_paid_at = new Date().toISOString();
  }
  return next;
}

export function createFulfilment(repository: PaymentsRepository): Fulfilment {
  return {
    apply: (userId, change, event) =>
      repository.transaction(async (trx) => {
        if (event && !(await repository.recordEvent(trx, event, userId))) return 'duplicate';
        const account = await repository.lock(trx, userId);
        await repository.save(trx, applyChange(account, change));
        return 'applied';
      }),
  };
}
