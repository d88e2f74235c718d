// The two plans of spec §1/§9 side by side; the caller supplies each plan's call to action.
// Plain markup styled by global.css, so the landing page carries no component library code for it.
import type { ReactNode } from 'react';
import { PLANS } from '../../contract/rules';

export type PlanId = keyof typeof PLANS;

const PLAN_DETAILS: Record<PlanId, { period: string; points: string[] }> = {
  monthly: { period: 'per month', points: ['Every feature', 'Cancel any time from Billing'] },
  once: { period: 'one payment', points: ['Every feature', 'No subscription to manage'] },
};

interface PlanCardsProps {
  /** Heading level of each plan's name, so the page keeps a sound outline. */
  headingLevel: 2 | 3;
  action: (plan: PlanId) => ReactNode;
}

export function PlanCards({ headingLevel, action }: PlanCardsProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="mb-grid mb-grid-2 mb-plans">
      {(Object.keys(PLANS) as PlanId[]).map((id) => {
        const plan = PLANS[id];
        return (
          <div key={id} className="mb-plan">
            <Heading>{plan.name}</Heading>
            <p className="mb-price">
              <span className="mb-price-amount">{plan.price}</span>{' '}
              <span className="mb-price-currency">{plan.currency}</span>
              {'originalPrice' in plan && (
                <s>
                  <span className="mb-visually-hidden">original price </span>
                  {plan.originalPrice} {plan.currency}
                </s>
              )}
            </p>
            <span className="mb-period">{PLAN_DETAILS[id].period}</span>
            <ul>
              {PLAN_DETAILS[id].points.map((point) => (
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
