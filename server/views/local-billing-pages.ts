// HTML of the local (test-mode) checkout and portal: plain forms, no scripts, readable on a phone.
import { LAUNCH_OFFER, launchPrice, PLANS, type ProductType } from '../../contract/rules.js';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/** Prices are decimal strings; cents keep the discount exact. The app's /subscribe shows the same. */
export const discounted = launchPrice;

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1a1b1e;line-height:1.5}
  main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
  .test-mode{background:#fff3bf;border:2px dashed #e67700;border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1.25rem}
  .card{background:#fff;border-radius:.75rem;padding:1.25rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
  h1{font-size:1.5rem;margin:0 0 .25rem}
  h2{font-size:1.25rem;margin:0 0 .75rem}
  dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0 0 1.25rem}
  dt{color:#495057}
  dd{margin:0;text-align:right;font-weight:600}
  s{color:#636b73;font-weight:400;margin-right:.35rem}
  .offer{color:#1e6b30}
  form{margin:0}
  .actions{display:grid;gap:.75rem}
  button,.button{display:block;width:100%;min-height:2.75rem;padding:.65rem 1rem;border-radius:.5rem;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer;border:1px solid transparent}
  .primary{background:#1864ab;color:#fff}
  .secondary{background:#fff;color:#1a1b1e;border-color:#ced4da}
  .danger{background:#fff;color:#c92a2a;border-color:#c92a2a}
  button:focus-visible,.button:focus-visible{outline:3px solid #1971c2;outline-offset:2px}
  .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
  .notice{background:#e7f5ff;border-radius:.5rem;padding:.75rem 1rem}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${escapeHtml(title)} · Monthbook</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="test-mode" role="note"><strong>TEST MODE</strong> — this is Monthbook's built-in checkout. No card is asked for and no money moves.</p>
${body}
</main>
</body>
</html>
`;
}

const hiddenToken = (token: string) =>
  `<input type="hidden" name="token" value="${escapeHtml(token)}">`;

export interface CheckoutPageInput {
  username: string;
  plan: ProductType;
  /** Launch-offer places left; the discount applies while it is above zero. */
  placesLeft: number;
  token: string;
  payAction: string;
  cancelAction: string;
}

/**
 * What follows today's payment, in the words the app's plan cards use (src/i18n/en/site.ts): the
 * launch discount is on the first payment only.
 */
export function afterToday(product: ProductType, hasOffer: boolean): string {
  const percentOff = hasOffer ? LAUNCH_OFFER.percentOff : 0;
  if (product === 'subscription') {
    const { price, currency } = PLANS.monthly;
    return percentOff > 0
      ? `First month ${percentOff}% off, then ${price} ${currency} per month.`
      : `Then ${price} ${currency} per month.`;
  }
  return percentOff > 0
    ? `One payment, ${percentOff}% off; nothing more to pay.`
    : 'One payment; nothing more to pay.';
}

export function checkoutPage(input: CheckoutPageInput): string {
  const plan = input.plan === 'subscription' ? PLANS.monthly : PLANS.once;
  const per = input.plan === 'subscription' ? ' / month' : ' once';
  const original =
    'originalPrice' in plan
      ? `<span class="visually-hidden">Was </span><s>${plan.originalPrice} USD</s><span class="visually-hidden">, now </span>`
      : '';
  const hasOffer = input.placesLeft > 0;
  const due = hasOffer ? discounted(plan.price, LAUNCH_OFFER.percentOff) : plan.price;
  const offerRows = hasOffer
    ? `<dt>Launch offer</dt><dd class="offer">${LAUNCH_OFFER.percentOff}% off for the first ${LAUNCH_OFFER.customers} customers (${input.placesLeft} left)</dd>`
    : '';
  return layout(
    'Test checkout',
    `<h1>Checkout</h1>
<p>Signed in as <strong>${escapeHtml(input.username)}</strong></p>
<section class="card" aria-labelledby="plan">
<h2 id="plan">${escapeHtml(plan.name)}</h2>
<dl>
<dt>Price</dt><dd>${original}${plan.price} ${plan.currency}${per}</dd>
${offerRows}
<dt>Due today</dt><dd>${due} ${plan.currency}</dd>
<dt>After that</dt><dd>${afterToday(input.plan, hasOffer)}</dd>
</dl>
<div class="actions">
<form method="post" action="${escapeHtml(input.payAction)}">${hiddenToken(input.token)}<button type="submit" class="primary">Pay ${due} ${plan.currency}</button></form>
<form method="post" action="${escapeHtml(input.cancelAction)}">${hiddenToken(input.token)}<button type="submit" class="secondary">Cancel</button></form>
</div>
</section>`,
  );
}

export interface PortalPageInput {
  username: string;
  paidOnce: boolean;
  subscriptionStatus: string | null;
  token: string;
  cancelAction: string;
  backUrl: string;
  justCanceled: boolean;
}

export function portalPage(input: PortalPageInput): string {
  const active = input.subscriptionStatus === 'active' || input.subscriptionStatus === 'trialing';
  const rows: string[] = [];
  if (input.paidOnce) {
    rows.push(`<dt>${PLANS.once.name}</dt><dd>Paid — yours for good</dd>`);
  }
  if (input.subscriptionStatus !== null) {
    rows.push(
      `<dt>${PLANS.monthly.name}</dt><dd>${active ? `Active, ${PLANS.monthly.price} ${PLANS.monthly.currency} / month` : 'Canceled'}</dd>`,
    );
  }
  const notice = input.justCanceled
    ? '<p class="notice" role="status">Your subscription is canceled.</p>'
    : '';
  const cancel = active
    ? `<form method="post" action="${escapeHtml(input.cancelAction)}">${hiddenToken(input.token)}<button type="submit" class="danger">Cancel subscription</button></form>`
    : '';
  return layout(
    'Billing',
    `<h1>Billing</h1>
<p>Signed in as <strong>${escapeHtml(input.username)}</strong></p>
${notice}
<section class="card" aria-labelledby="your-plan">
<h2 id="your-plan">Your plan</h2>
<dl>${rows.join('\n') || '<dt>Plan</dt><dd>None</dd>'}</dl>
<div class="actions">
${cancel}
<a class="button secondary" href="${escapeHtml(input.backUrl)}">Back</a>
</div>
</section>`,
  );
}

/** The checkout again after paying (Back): what happened, and the way into the app. */
export function alreadyPaidPage(monthsUrl: string): string {
  return layout(
    'Already paid',
    `<h1>Already paid</h1>
<section class="card" aria-labelledby="paid">
<h2 id="paid">Nothing more to pay</h2>
<p>This checkout is complete: your payment went through and Monthbook is ready for you.</p>
<a class="button primary" href="${escapeHtml(monthsUrl)}">Go to your months</a>
</section>`,
  );
}

export function linkExpiredPage(againUrl: string): string {
  return layout(
    'Link expired',
    `<h1>This link has expired</h1>
<section class="card" aria-labelledby="what-now">
<h2 id="what-now">What now?</h2>
<p>Links to this page last 30 minutes. Go back to Monthbook and open it again.</p>
<a class="button primary" href="${escapeHtml(againUrl)}">Back to Monthbook</a>
</section>`,
  );
}
