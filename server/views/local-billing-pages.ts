// HTML of the local (test-mode) checkout and portal: plain forms, no scripts, readable on a phone.
import {
  type AppLocale,
  LAUNCH_OFFER,
  launchPrice,
  localeOfLanguages,
  PLANS,
  type ProductType,
} from '../../contract/rules.js';

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

/** The language of these pages: the two the app speaks. */
export type PageLocale = AppLocale;

/** 0.45 → "0.45" in English, "0,45" in Portuguese; a whole price stays whole. */
const amountIn = (locale: PageLocale, value: string) =>
  locale === 'en'
    ? value
    : new Intl.NumberFormat('pt-BR', { minimumFractionDigits: value.includes('.') ? 2 : 0 }).format(
        Number(value),
      );

/**
 * The words of these pages. The plan names, prices and what follows today's payment are the ones
 * the app's plan cards use (src/i18n/en/site.ts, src/i18n/pt-br/site.ts).
 */
const WORDS = {
  en: {
    testMode:
      "<strong>TEST MODE</strong> — this is Monthbook's built-in checkout. No card is asked for and no money moves.",
    planNames: { subscription: PLANS.monthly.name, one_time: PLANS.once.name },
    perMonth: ' / month',
    once: ' once',
    was: 'Was ',
    now: ', now ',
    afterMonthly: (percentOff: number, amount: string, currency: string) =>
      percentOff > 0
        ? `First month ${percentOff}% off, then ${amount} ${currency} per month.`
        : `Then ${amount} ${currency} per month.`,
    afterOnce: (percentOff: number) =>
      percentOff > 0
        ? `One payment, ${percentOff}% off; nothing more to pay.`
        : 'One payment; nothing more to pay.',
    testCheckout: 'Test checkout',
    checkout: 'Checkout',
    signedInAs: 'Signed in as',
    price: 'Price',
    launchOffer: 'Launch offer',
    offer: (percentOff: number, customers: number, left: number) =>
      `${percentOff}% off for the first ${customers} customers (${left} left)`,
    dueToday: 'Due today',
    afterThat: 'After that',
    pay: (amount: string, currency: string) => `Pay ${amount} ${currency}`,
    cancel: 'Cancel',
    billing: 'Billing',
    yourPlan: 'Your plan',
    paidForGood: 'Paid — yours for good',
    active: (amount: string, currency: string) => `Active, ${amount} ${currency} / month`,
    canceled: 'Canceled',
    justCanceled: 'Your subscription is canceled.',
    cancelSubscription: 'Cancel subscription',
    plan: 'Plan',
    none: 'None',
    back: 'Back',
    alreadyPaid: 'Already paid',
    nothingMore: 'Nothing more to pay',
    checkoutComplete:
      'This checkout is complete: your payment went through and Monthbook is ready for you.',
    goToMonths: 'Go to your months',
    linkExpiredTitle: 'Link expired',
    linkExpired: 'This link has expired',
    whatNow: 'What now?',
    linkLasts: 'Links to this page last 30 minutes. Go back to Monthbook and open it again.',
    backToApp: 'Back to Monthbook',
  },
  'pt-BR': {
    testMode:
      '<strong>MODO DE TESTE</strong> — este é o pagamento embutido do Monthbook. Nenhum cartão é pedido e nenhum dinheiro é cobrado.',
    planNames: { subscription: 'Mensal', one_time: 'Pagamento único' },
    perMonth: ' / mês',
    once: ' uma vez',
    was: 'De ',
    now: ' por ',
    afterMonthly: (percentOff: number, amount: string, currency: string) =>
      percentOff > 0
        ? `Primeiro mês com ${percentOff}% de desconto, depois ${amount} ${currency} por mês.`
        : `Depois, ${amount} ${currency} por mês.`,
    afterOnce: (percentOff: number) =>
      percentOff > 0
        ? `Um único pagamento, com ${percentOff}% de desconto; nada mais a pagar.`
        : 'Um único pagamento; nada mais a pagar.',
    testCheckout: 'Pagamento de teste',
    checkout: 'Pagamento',
    signedInAs: 'Conectado como',
    price: 'Preço',
    launchOffer: 'Oferta de lançamento',
    offer: (percentOff: number, customers: number, left: number) =>
      `${percentOff}% de desconto para os primeiros ${customers} clientes (${left === 1 ? 'resta 1' : `restam ${left}`})`,
    dueToday: 'Total hoje',
    afterThat: 'Depois',
    pay: (amount: string, currency: string) => `Pagar ${amount} ${currency}`,
    cancel: 'Cancelar',
    billing: 'Cobrança',
    yourPlan: 'Seu plano',
    paidForGood: 'Pago — seu para sempre',
    active: (amount: string, currency: string) => `Ativa, ${amount} ${currency} / mês`,
    canceled: 'Cancelada',
    justCanceled: 'Sua assinatura foi cancelada.',
    cancelSubscription: 'Cancelar assinatura',
    plan: 'Plano',
    none: 'Nenhum',
    back: 'Voltar',
    alreadyPaid: 'Já pago',
    nothingMore: 'Nada mais a pagar',
    checkoutComplete:
      'Este pagamento foi concluído: ele foi aprovado e o Monthbook está pronto para você.',
    goToMonths: 'Ir para os seus meses',
    linkExpiredTitle: 'Link expirado',
    linkExpired: 'Este link expirou',
    whatNow: 'E agora?',
    linkLasts: 'Os links para esta página valem 30 minutos. Volte ao Monthbook e abra-a de novo.',
    backToApp: 'Voltar ao Monthbook',
  },
} satisfies Record<PageLocale, unknown>;

/**
 * The language to answer in: `lang` in the link (the app puts the language it shows there), else
 * the browser's languages, as the app picks from them, else English.
 */
export function pageLocale(lang: string | undefined, languages: readonly string[]): PageLocale {
  if (lang === 'pt-BR' || lang === 'en') return lang;
  return localeOfLanguages(languages) ?? 'en';
}

function layout(locale: PageLocale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
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
<p class="test-mode" role="note">${WORDS[locale].testMode}</p>
${body}
</main>
</body>
</html>
`;
}

/** The link's token, and the language, which the next page answers in too. */
const hiddenToken = (token: string, locale: PageLocale) =>
  `<input type="hidden" name="token" value="${escapeHtml(token)}"><input type="hidden" name="lang" value="${locale}">`;

export interface CheckoutPageInput {
  username: string;
  plan: ProductType;
  /** Launch-offer places left; the discount applies while it is above zero. */
  placesLeft: number;
  token: string;
  payAction: string;
  cancelAction: string;
  locale?: PageLocale;
}

/**
 * What follows today's payment, in the words the app's plan cards use (src/i18n/en/site.ts): the
 * launch discount is on the first payment only.
 */
export function afterToday(
  product: ProductType,
  hasOffer: boolean,
  locale: PageLocale = 'en',
): string {
  const percentOff = hasOffer ? LAUNCH_OFFER.percentOff : 0;
  const words = WORDS[locale];
  if (product === 'subscription') {
    const { price, currency } = PLANS.monthly;
    return words.afterMonthly(percentOff, amountIn(locale, price), currency);
  }
  return words.afterOnce(percentOff);
}

export function checkoutPage(input: CheckoutPageInput): string {
  const locale = input.locale ?? 'en';
  const words = WORDS[locale];
  const money = (value: string) => amountIn(locale, value);
  const plan = input.plan === 'subscription' ? PLANS.monthly : PLANS.once;
  const per = input.plan === 'subscription' ? words.perMonth : words.once;
  const original =
    'originalPrice' in plan
      ? `<span class="visually-hidden">${words.was}</span><s>${money(plan.originalPrice)} USD</s><span class="visually-hidden">${words.now}</span>`
      : '';
  const hasOffer = input.placesLeft > 0;
  const due = money(hasOffer ? discounted(plan.price, LAUNCH_OFFER.percentOff) : plan.price);
  const offerRows = hasOffer
    ? `<dt>${words.launchOffer}</dt><dd class="offer">${words.offer(LAUNCH_OFFER.percentOff, LAUNCH_OFFER.customers, input.placesLeft)}</dd>`
    : '';
  return layout(
    locale,
    words.testCheckout,
    `<h1>${words.checkout}</h1>
<p>${words.signedInAs} <strong>${escapeHtml(input.username)}</strong></p>
<section class="card" aria-labelledby="plan">
<h2 id="plan">${escapeHtml(words.planNames[input.plan])}</h2>
<dl>
<dt>${words.price}</dt><dd>${original}${money(plan.price)} ${plan.currency}${per}</dd>
${offerRows}
<dt>${words.dueToday}</dt><dd>${due} ${plan.currency}</dd>
<dt>${words.afterThat}</dt><dd>${afterToday(input.plan, hasOffer, locale)}</dd>
</dl>
<div class="actions">
<form method="post" action="${escapeHtml(input.payAction)}">${hiddenToken(input.token, locale)}<button type="submit" class="primary">${words.pay(due, plan.currency)}</button></form>
<form method="post" action="${escapeHtml(input.cancelAction)}">${hiddenToken(input.token, locale)}<button type="submit" class="secondary">${words.cancel}</button></form>
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
  locale?: PageLocale;
}

export function portalPage(input: PortalPageInput): string {
  const locale = input.locale ?? 'en';
  const words = WORDS[locale];
  const active = input.subscriptionStatus === 'active' || input.subscriptionStatus === 'trialing';
  const rows: string[] = [];
  if (input.paidOnce) {
    rows.push(`<dt>${words.planNames.one_time}</dt><dd>${words.paidForGood}</dd>`);
  }
  if (input.subscriptionStatus !== null) {
    rows.push(
      `<dt>${words.planNames.subscription}</dt><dd>${active ? words.active(amountIn(locale, PLANS.monthly.price), PLANS.monthly.currency) : words.canceled}</dd>`,
    );
  }
  const notice = input.justCanceled
    ? `<p class="notice" role="status">${words.justCanceled}</p>`
    : '';
  const cancel = active
    ? `<form method="post" action="${escapeHtml(input.cancelAction)}">${hiddenToken(input.token, locale)}<button type="submit" class="danger">${words.cancelSubscription}</button></form>`
    : '';
  return layout(
    locale,
    words.billing,
    `<h1>${words.billing}</h1>
<p>${words.signedInAs} <strong>${escapeHtml(input.username)}</strong></p>
${notice}
<section class="card" aria-labelledby="your-plan">
<h2 id="your-plan">${words.yourPlan}</h2>
<dl>${rows.join('\n') || `<dt>${words.plan}</dt><dd>${words.none}</dd>`}</dl>
<div class="actions">
${cancel}
<a class="button secondary" href="${escapeHtml(input.backUrl)}">${words.back}</a>
</div>
</section>`,
  );
}

/** The checkout again after paying (Back): what happened, and the way into the app. */
export function alreadyPaidPage(monthsUrl: string, locale: PageLocale = 'en'): string {
  const words = WORDS[locale];
  return layout(
    locale,
    words.alreadyPaid,
    `<h1>${words.alreadyPaid}</h1>
<section class="card" aria-labelledby="paid">
<h2 id="paid">${words.nothingMore}</h2>
<p>${words.checkoutComplete}</p>
<a class="button primary" href="${escapeHtml(monthsUrl)}">${words.goToMonths}</a>
</section>`,
  );
}

export function linkExpiredPage(againUrl: string, locale: PageLocale = 'en'): string {
  const words = WORDS[locale];
  return layout(
    locale,
    words.linkExpiredTitle,
    `<h1>${words.linkExpired}</h1>
<section class="card" aria-labelledby="what-now">
<h2 id="what-now">${words.whatNow}</h2>
<p>${words.linkLasts}</p>
<a class="button primary" href="${escapeHtml(againUrl)}">${words.backToApp}</a>
</section>`,
  );
}
