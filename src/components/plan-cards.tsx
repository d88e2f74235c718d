// The two plans (docs/product-rules.md sections 1 and 9) side by side; the caller supplies each
// plan's call to action. Plain markup styled by global.css, so the landing page carries no
// component library code for it.
import type { ReactNode } from 'react';
import { LAUNCH_OFFER, launchPrice, PLANS } from '../../contract/rules';
import { site } from '../i18n/en/site';
import { useTexts } from '../i18n/store';

export type PlanId = keyof typeof PLANS;

interface PlanCardsProps {
  /** Heading level of each plan's name, so the page keeps a sound outline. */
  headingLevel: 2 | 3;
  action: (plan: PlanId) => ReactNode;
  /** Shown under the price, e.g. what is due today (/subscribe). */
  note?: (plan: PlanId) => ReactNode;
}

export function PlanCards({ headingLevel, action, note }: PlanCardsProps) {
  const t = useTexts('site', site);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="mb-grid mb-grid-2 mb-plans">
      {(Object.keys(PLANS) as PlanId[]).map((id) => {
        const plan = PLANS[id];
        const words = t.plans[id];
        return (
          <div key={id} className="mb-plan">
            <Heading>{words.name}</Heading>
            <p className="mb-price">
              <span className="mb-price-amount">{t.amount(plan.price)}</span>{' '}
              <span className="mb-price-currency">{plan.currency}</span>
              {'originalPrice' in plan && (
                <s>
                  <span className="mb-visually-hidden">{t.originalPrice}</span>
                  {t.amount(plan.originalPrice)} {plan.currency}
                </s>
              )}
            </p>
            <span className="mb-period">{words.period}</span>
            {note?.(id)}
            <ul>
              {words.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
            {action(id)}
          </div>
        );
      })}
    </div>
  );
}

/**
 * What is paid today and what follows, said the same way on the landing page and /subscribe as
 * on the checkout: `offerOpen` says whether the launch price (first payment only) applies.
 */
export function PlanTerms({ plan, offerOpen }: { plan: PlanId; offerOpen: boolean }) {
  const t = useTexts('site', site);
  const percentOff = offerOpen ? LAUNCH_OFFER.percentOff : 0;
  const { price, currency } = PLANS[plan];
  const due = offerOpen ? launchPrice(price, percentOff) : price;
  return (
    <div className="mb-plan-terms">
      <p className="mb-due-today">{t.dueToday(t.amount(due), currency)}</p>
      <p>
        {plan === 'monthly'
          ? t.afterMonthly(percentOff, t.amount(price), currency)
          : t.afterOnce(percentOff)}
      </p>
    </div>
  );
}
