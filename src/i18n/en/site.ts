// English words of every page's frame (loading state, tab title, footer, plans, language switch); in the entry chunk.

/** Not translated: a date, not a word (docs/product-rules.md section 9). */
export const COPYRIGHT_YEAR = '2024';

export const site = {
  /** While the session check or a screen's data is on its way (docs/product-rules.md section 2). */
  loading: 'Loading...',
  siteTitle: 'Monthbook — a journal organised by month',
  pageTitle: (title: string) => `${title} — Monthbook`,
  skipLink: 'Skip to content',
  contact: 'Contact:',
  legalLinks: 'Legal',
  termsOfUse: 'Terms of use',
  privacyPolicy: 'Privacy policy',
  language: 'Language',
  /** Every dialog's ✕ button (src/theme.ts). */
  closeDialog: 'Close dialog',
  plans: {
    monthly: {
      name: 'Monthly',
      period: 'per month',
      points: ['Every feature', 'Cancel any time from Billing'],
    },
    once: {
      name: 'Pay Once',
      period: 'one payment',
      points: ['Every feature', 'No subscription to manage'],
    },
  },
  originalPrice: 'original price ',
  /** Under each plan's price, the same amount the checkout asks for. */
  dueToday: (amount: string, currency: string) => `Due today: ${amount} ${currency}`,
  /**
   * Under "Due today", what follows it, the same on the landing page, /subscribe and the checkout:
   * the launch discount is on the first payment only.
   */
  afterMonthly: (percentOff: number, amount: string, currency: string) =>
    percentOff > 0
      ? `First month ${percentOff}% off, then ${amount} ${currency} per month.`
      : `Then ${amount} ${currency} per month.`,
  afterOnce: (percentOff: number) =>
    percentOff > 0
      ? `One payment, ${percentOff}% off; nothing more to pay.`
      : 'One payment; nothing more to pay.',
  /** A price as the contract writes it (`0.90`), in the language's number format. */
  amount: (value: string) => value,
} as const;
