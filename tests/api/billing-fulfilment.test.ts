// The fulfilment rules on their own: states not deltas, one-time access kept, stale subscriptions ignored.
import { describe, expect, it } from 'vitest';
import { type BillingAccount, emptyAccount } from '../../server/repositories/payments.js';
import { applyChange } from '../../server/services/billing/fulfilment.js';

const account = (overrides: Partial<BillingAccount> = {}): BillingAccount => ({
  ...emptyAccount(1),
  ...overrides,
});

describe('applyChange', () => {
  it('grants access for a one-time payment and stamps the first payment once', () => {
    const paid = applyChange(account(), { paidOnce: true });
    const again = applyChange(paid, { paidOnce: true });

    expect(paid.has_paid).toBe(1);
    expect(paid.first_paid_at).not.toBeNull();
    expect(again.first_paid_at).toBe(paid.first_paid_at);
  });

  it('keeps a one-time purchase when a subscription ends', () => {
    const both = account({ paid_once: 1, subscription_id: 'sub_1', subscription_status: 'active' });

    const next = applyChange(both, { subscription: { id: 'sub_1', status: 'canceled' } });

    expect(next.subscription_status).toBe('canceled');
    expect(next.has_paid).toBe(1);
  });

  it.each([
    ['active', 1],
    ['trialing', 1],
    ['past_due', 0],
    ['incomplete', 0],
    ['canceled', 0],
    ['unpaid', 0],
  ] as const)('a subscription %s gives has_paid %i', (status, hasPaid) => {
    expect(applyChange(account(), { subscription: { id: 'sub_1', status } }).has_paid).toBe(
      hasPaid,
    );
  });

  it('ignores a late event about an ended subscription once a new one is live', () => {
    const live = account({
      subscription_id: 'sub_new',
      subscription_status: 'active',
      has_paid: 1,
    });

    const next = applyChange(live, { subscription: { id: 'sub_old', status: 'canceled' } });

    expect(next.subscription_id).toBe('sub_new');
    expect(next.has_paid).toBe(1);
  });

  it('lets a new live subscription replace an ended one', () => {
    const ended = account({ subscription_id: 'sub_old', subscription_status: 'canceled' });

    const next = applyChange(ended, { subscription: { id: 'sub_new', status: 'active' } });

    expect(next.subscription_id).toBe('sub_new');
    expect(next.has_paid).toBe(1);
  });

  it('closes only the checkout session it names', () => {
    const open = account({ checkout_session_id: 'cs_2' });

    expect(applyChange(open, { closedCheckoutSession: 'cs_1' }).checkout_session_id).toBe('cs_2');
    expect(applyChange(open, { closedCheckoutSession: 'cs_2' }).checkout_session_id).toBeNull();
  });
});
