// The paywall's refusal to someone whose subscription ended, kept out of rules.ts so the landing page's bundle does not carry it.

/** A 402 to a write by someone who paid before: their data stays readable, writing needs a plan. */
export const SUBSCRIPTION_ENDED_MESSAGES = {
  subscriptionEnded: 'Your subscription has ended. Renew it to write again.',
} as const;

/** The `code` of that 402 (reads still pass). */
export const SUBSCRIPTION_ENDED = 'subscription_ended';
