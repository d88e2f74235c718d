// The app screens' notice for someone whose subscription ended: their journal stays readable, and Renew leads to the plans.
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { app } from '../../i18n/en/app';
import { useTexts } from '../../i18n/store';
import { isLapsed, paymentStatusQueryOptions, watchPaymentRefusals } from '../../queries/billing';

/**
 * Asked once per visit (login and the months page usually have the answer already), and only
 * after the first render, so the screen's own reads go first. A write refused for payment asks
 * again (watchPaymentRefusals), so a subscription that ends while the app is open shows here
 * rather than as a bare error.
 *
 * `ask`: false on a journals page, which loads with its seven reads alone: there it is asked only
 * once the page's own reads are done, unless the answer is in the cache already (from the months
 * page), or after a refused write. A journals page opened straight from its address, or reloaded,
 * learns this way that the subscription ended.
 */
export function RenewNotice({ ask = true }: { ask?: boolean }) {
  const t = useTexts('app', app);
  const queryClient = useQueryClient();
  const [mounted, setMounted] = useState(false);
  /** A read or write was refused for payment: ask, even where `ask` is false. */
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    setMounted(true);
    return watchPaymentRefusals(queryClient, () => setRefused(true));
  }, [queryClient]);
  // Latched: once the page's own reads are done, the question stays asked. Tied to the fetching
  // count itself, it turned off when its own request began and on when that ended, so a failing
  // request (offline, a network error) was sent again in an endless loop.
  const readsDone = useIsFetching() === 0;
  const [pageRead, setPageRead] = useState(false);
  useEffect(() => {
    if (mounted && readsDone) setPageRead(true);
  }, [mounted, readsDone]);
  const status = useQuery({
    ...paymentStatusQueryOptions(),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: mounted && (ask || refused || pageRead),
  });
  // Shown from the first render when the answer is known (the months page's loader asks it).
  const lapsed = isLapsed(status.data);
  // The live region stays, so a notice that appears after a refused write is announced.
  return (
    <div role="status">
      {lapsed && (
        <Paper
          withBorder
          radius="md"
          p="sm"
          mb="md"
          bg="var(--mantine-color-blue-light)"
          data-renew-notice
        >
          <Group justify="space-between" align="center" gap="sm">
            <Stack gap={2} style={{ flex: '1 1 16rem' }}>
              <Text fw={700} size="sm">
                {t.subscriptionEnded}
              </Text>
              <Text size="sm">{t.subscriptionEndedBody}</Text>
            </Stack>
            <Button component={Link} to="/subscribe" size="sm">
              {t.renew}
            </Button>
          </Group>
        </Paper>
      )}
    </div>
  );
}
