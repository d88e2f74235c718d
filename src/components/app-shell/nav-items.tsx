// The app navbar's entries (docs/product-rules.md section 2): Journals, Months, Billing, Feedback,
// Settings, Logout, and the language. Someone who has not paid sees what works for them instead:
// Subscribe, Feedback, Settings, Logout.
import { Button, type ButtonProps, Group, Loader, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useMatchRoute, useNavigate } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { app } from '../../i18n/en/app';
import { useTexts } from '../../i18n/store';
import {
  paymentStatusQueryOptions,
  readsMonths,
  useCreatePortalSession,
} from '../../queries/billing';
import { errorStatus } from '../../queries/errors';
import { LanguageSwitch } from '../language-switch';
import { notifyWarning } from '../toast';
import { FeedbackPopover } from './feedback-popover';

interface NavItemsProps {
  vertical?: boolean;
  /** Closes the mobile menu after a choice. */
  onNavigate?: () => void;
}

export function NavItems({ vertical = false, onNavigate }: NavItemsProps) {
  const t = useTexts('app', app);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const matchRoute = useMatchRoute();
  // A month's journals page is the Journals entry's, not the Months one's.
  const onJournals = Boolean(matchRoute({ to: '/months/$monthId/journals' }));
  const portal = useCreatePortalSession();
  // Only a known 'not paid' trims the navbar: while loading, offline or on a failed check it stays
  // whole. Asked once per visit at most (login and the screens' loaders usually have the answer),
  // and never from a journals page: it shows only to a paying user (its reads answer 402
  // otherwise, which leads to /subscribe), and it loads in its seven requests.
  // Someone whose subscription ended keeps the whole navbar: their months are still readable.
  const status = useQuery({
    ...paymentStatusQueryOptions(),
    staleTime: Number.POSITIVE_INFINITY,
    enabled: !onJournals,
  }).data;
  const unpaid = status !== undefined && !readsMonths(status);
  const itemProps: ButtonProps = {
    variant: 'subtle',
    color: 'gray',
    c: 'var(--mantine-color-text)',
    className: 'mb-nav-item',
    fullWidth: vertical,
    styles: vertical ? { inner: { justifyContent: 'flex-start' } } : undefined,
  };

  // Journals opens the latest month (last of the list); none or a failed lookup → /months
  // (docs/product-rules.md section 8).
  const openJournals = async (event: MouseEvent) => {
    event.preventDefault();
    onNavigate?.();
    // Loaded on the click: the months API stays out of the shell every app screen loads.
    const { latestMonthId } = await import('../../queries/months');
    const monthId = await latestMonthId(queryClient);
    if (monthId === null) await navigate({ to: '/months' });
    else await navigate({ to: '/months/$monthId/journals', params: { monthId } });
  };

  const openBilling = () => {
    if (portal.isPending) return;
    portal.mutate(undefined, {
      onSuccess: ({ portal_url }) => window.location.assign(portal_url),
      // A billing portal failure is only logged (docs/product-rules.md section 8). A 400 is no
      // failure but an account with nothing to manage (no payment, or payments off on this server):
      // that is said.
      onError: (error) => {
        console.error('Billing portal failed', error);
        if (errorStatus(error) === 400) notifyWarning(t.noBillingAccount);
      },
    });
  };

  // Journals and Months would bounce to /subscribe, Billing has nothing to show: Subscribe instead.
  const paidItems: ReactNode[] = [
    <Button
      key="journals"
      component="a"
      href="/months"
      onClick={openJournals}
      aria-current={onJournals ? 'page' : undefined}
      {...itemProps}
    >
      {t.journals}
    </Button>,
    <Button
      key="months"
      component={Link}
      to="/months"
      activeOptions={{ exact: true }}
      onClick={onNavigate}
      {...itemProps}
    >
      {t.months}
    </Button>,
    // Not `loading`, which disables the button: a focused button would drop keyboard focus.
    <Button
      key="billing"
      onClick={openBilling}
      aria-disabled={portal.isPending || undefined}
      leftSection={portal.isPending ? <Loader size={14} color="currentColor" /> : undefined}
      {...itemProps}
    >
      {t.billing}
    </Button>,
  ];
  const unpaidItems: ReactNode[] = [
    <Button key="subscribe" component={Link} to="/subscribe" onClick={onNavigate} {...itemProps}>
      {t.subscribe}
    </Button>,
  ];

  const items: ReactNode[] = [
    ...(unpaid ? unpaidItems : paidItems),
    <FeedbackPopover key="feedback" inline={vertical} />,
    <Button key="settings" component={Link} to="/settings" onClick={onNavigate} {...itemProps}>
      {t.settings}
    </Button>,
    <Button
      key="logout"
      component={Link}
      to="/logout"
      preload={false}
      onClick={onNavigate}
      {...itemProps}
    >
      {t.logout}
    </Button>,
    <LanguageSwitch key="language" fullWidth={vertical} />,
  ];

  return vertical ? (
    <Stack gap={4}>{items}</Stack>
  ) : (
    <Group gap={4} wrap="nowrap">
      {items}
    </Group>
  );
}
