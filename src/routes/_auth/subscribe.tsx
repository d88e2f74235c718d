// Subscribe (/subscribe, docs/product-rules.md section 2): the two plans with what each costs today
// and the launch places left for the launch offer; each button shows its own loading state, then
// checkout. Back from checkout's Cancel it says no payment was made; for someone who has paid it
// says so instead of offering a second payment.
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ProductType } from '../../../contract/rules';
import { OfferBanner } from '../../components/landing/offer-banner';
import { usePageTitle } from '../../components/page-title';
import { PlanCards, type PlanId, PlanTerms } from '../../components/plan-cards';
import { app } from '../../i18n/en/app';
import { site } from '../../i18n/en/site';
import { useTexts } from '../../i18n/store';
import { paymentStatusQueryOptions, useCreateCheckoutSession } from '../../queries/billing';
import { launchOfferQueryOptions } from '../../queries/launch-offer';

interface SubscribeSearch {
  canceled?: true;
}

export const Route = createFileRoute('/_auth/subscribe')({
  validateSearch: (search: Record<string, unknown>): SubscribeSearch =>
    'canceled' in search ? { canceled: true } : {},
  loader: async ({ context: { queryClient } }) => {
    // Dynamic, as on /months: the data layer stays out of the entry bundle.
    const billing = await import('../../queries/billing');
    // Both may fail (offline, a server error): the plans still show, with the static wording.
    // Back from checkout is a new page load, whose cache is empty: the status is asked afresh.
    await Promise.allSettled([
      queryClient.ensureQueryData(billing.paymentStatusQueryOptions()),
      queryClient.ensureQueryData(launchOfferQueryOptions()),
    ]);
  },
  component: SubscribePage,
});

const PRODUCT_OF_PLAN: Record<PlanId, ProductType> = { monthly: 'subscription', once: 'one_time' };

interface PlanButtonProps {
  plan: PlanId;
  /** The plan whose checkout is starting, if any: the other button waits. */
  starting: PlanId | null;
  onStart: (plan: PlanId | null) => void;
}

function PlanButton({ plan, starting, onStart }: PlanButtonProps) {
  const t = useTexts('site', site);
  const checkout = useCreateCheckoutSession();
  const choose = () => {
    onStart(plan);
    checkout.mutate(PRODUCT_OF_PLAN[plan], {
      // Still 'starting' while the browser leaves for checkout.
      onSuccess: ({ checkout_url }) => window.location.assign(checkout_url),
      // A checkout failure is only logged (docs/product-rules.md section 8).
      onError: (error) => {
        console.error('Checkout failed', error);
        onStart(null);
      },
    });
  };
  return (
    <Button
      fullWidth
      onClick={choose}
      loading={starting === plan}
      disabled={starting !== null && starting !== plan}
    >
      {t.plans[plan].name}
    </Button>
  );
}

function DueToday({ plan }: { plan: PlanId }) {
  const { data: offer } = useQuery(launchOfferQueryOptions());
  // Unknown offer: the banner says the launch price applies at checkout; no amount is guessed.
  if (!offer) return null;
  return <PlanTerms plan={plan} offerOpen={offer.remaining > 0} />;
}

function AlreadyPaid() {
  const t = useTexts('app', app);
  return (
    <Stack gap="md" py="md" align="center" ta="center">
      <Title order={1}>{t.alreadyPaid}</Title>
      <Text>{t.alreadyPaidBody}</Text>
      <Button component={Link} to="/months">
        {t.goToMonths}
      </Button>
    </Stack>
  );
}

function SubscribePage() {
  const t = useTexts('app', app);
  const { canceled } = Route.useSearch();
  const { data: status } = useQuery(paymentStatusQueryOptions());
  const { data: offer = null } = useQuery(launchOfferQueryOptions());
  const [starting, setStarting] = useState<PlanId | null>(null);
  const queryClient = useQueryClient();
  // Back from checkout, the browser may show this page as it was left (its back-forward cache):
  // both buttons waiting, and a payment status from before paying. Both are renewed.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setStarting(null);
      void queryClient.invalidateQueries({ queryKey: paymentStatusQueryOptions().queryKey });
    };
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, [queryClient]);
  usePageTitle(status?.has_paid ? t.alreadyPaid : t.choosePlan);
  if (status?.has_paid) return <AlreadyPaid />;
  return (
    <Stack gap="xl" py="md">
      <Stack gap="xs" ta="center">
        <Title order={1}>{t.choosePlan}</Title>
        <Text>{t.choosePlanIntro}</Text>
      </Stack>
      {canceled && (
        <Alert variant="light" color="blue" role="status" maw={720} w="100%" mx="auto">
          {t.checkoutCanceled}
        </Alert>
      )}
      <OfferBanner launchOffer={offer} />
      <PlanCards
        headingLevel={2}
        note={(plan) => <DueToday plan={plan} />}
        action={(plan) => <PlanButton plan={plan} starting={starting} onStart={setStarting} />}
      />
    </Stack>
  );
}
