// Subscribe (spec §2 /subscribe): the two plans; each button shows its own loading state, then checkout.
import { Button, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import type { ProductType } from '../../../contract/rules';
import { usePageTitle } from '../../components/page-title';
import { PlanCards, type PlanId } from '../../components/plan-cards';
import { app } from '../../i18n/en/app';
import { site } from '../../i18n/en/site';
import { useTexts } from '../../i18n/store';
import { useCreateCheckoutSession } from '../../queries/billing';

export const Route = createFileRoute('/_auth/subscribe')({
  component: SubscribePage,
});

const PRODUCT_OF_PLAN: Record<PlanId, ProductType> = { monthly: 'subscription', once: 'one_time' };

function PlanButton({ plan }: { plan: PlanId }) {
  const t = useTexts('site', site);
  // One mutation per button, so only the clicked one shows a spinner.
  const checkout = useCreateCheckoutSession();
  const choose = () => {
    checkout.mutate(PRODUCT_OF_PLAN[plan], {
      onSuccess: ({ checkout_url }) => window.location.assign(checkout_url),
      // Spec §8: a checkout failure is only logged.
      onError: (error) => console.error('Checkout failed', error),
    });
  };
  return (
    <Button fullWidth onClick={choose} loading={checkout.isPending}>
      {t.plans[plan].name}
    </Button>
  );
}

function SubscribePage() {
  const t = useTexts('app', app);
  usePageTitle(t.choosePlan);
  return (
    <Stack gap="xl" py="md">
      <Stack gap="xs" ta="center">
        <Title order={1}>{t.choosePlan}</Title>
        <Text>{t.choosePlanIntro}</Text>
      </Stack>
      <PlanCards headingLevel={2} action={(plan) => <PlanButton plan={plan} />} />
    </Stack>
  );
}
