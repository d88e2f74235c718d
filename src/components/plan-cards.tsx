// The two plans of spec §1/§9 side by side; the caller supplies each plan's call to action.
import { Badge, Card, List, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { PLANS } from '../../contract/rules';

export type PlanId = keyof typeof PLANS;

const PLAN_DETAILS: Record<PlanId, { period: string; points: string[] }> = {
  monthly: {
    period: 'per month',
    points: ['Every feature', 'Cancel any time from Billing'],
  },
  once: {
    period: 'one payment',
    points: ['Every feature', 'No subscription to manage'],
  },
};

interface PlanCardsProps {
  /** Heading level of each plan's name, so the page keeps a sound outline. */
  headingOrder: 2 | 3;
  action: (plan: PlanId) => ReactNode;
}

export function PlanCards({ headingOrder, action }: PlanCardsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" maw={720} mx="auto" w="100%">
      {(Object.keys(PLANS) as PlanId[]).map((id) => {
        const plan = PLANS[id];
        return (
          <Card key={id} withBorder padding="xl" radius="lg" shadow="sm">
            <Stack gap="md" h="100%">
              <Title order={headingOrder} size="h3">
                {plan.name}
              </Title>
              <Text component="p" m={0}>
                <Text component="span" fz={36} fw={800} lh={1}>
                  {plan.price}
                </Text>{' '}
                <Text component="span" fw={600}>
                  {plan.currency}
                </Text>{' '}
                {'originalPrice' in plan && (
                  <Text component="s" c="dimmed" fz="lg" ml={4}>
                    <VisuallyHidden>original price </VisuallyHidden>
                    {plan.originalPrice} {plan.currency}
                  </Text>
                )}
              </Text>
              <Badge variant="light" size="lg" w="fit-content">
                {PLAN_DETAILS[id].period}
              </Badge>
              <List spacing={4} size="sm">
                {PLAN_DETAILS[id].points.map((point) => (
                  <List.Item key={point}>{point}</List.Item>
                ))}
              </List>
              <div style={{ marginTop: 'auto' }}>{action(id)}</div>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
