// Landing route: `?success` (back from checkout) goes to /months, `?canceled` is only logged (spec §2).
import { createFileRoute, redirect } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { LaunchOffer } from '../../contract/entities';
import { LandingPage } from '../components/landing/landing-page';

interface LandingSearch {
  success?: true;
  canceled?: true;
}

export const Route = createFileRoute('/')({
  // Only the presence of the flag matters (`?success`, `?success=true`…).
  validateSearch: (search: Record<string, unknown>): LandingSearch => ({
    ...('success' in search ? { success: true } : {}),
    ...('canceled' in search ? { canceled: true } : {}),
  }),
  beforeLoad: ({ search }) => {
    if (search.success) throw redirect({ to: '/months' });
  },
  component: LandingRoute,
});

/**
 * The offer is fetched after first paint through a dynamic import, so the landing page's own
 * JavaScript never includes the app's data layer; until then (or on failure) the static text shows.
 */
function useLaunchOffer(): LaunchOffer | null {
  const { queryClient } = Route.useRouteContext();
  const [offer, setOffer] = useState<LaunchOffer | null>(null);
  useEffect(() => {
    let live = true;
    import('../queries/billing')
      .then(({ launchOfferQueryOptions }) => queryClient.fetchQuery(launchOfferQueryOptions()))
      .then((result) => {
        if (live) setOffer(result);
      })
      .catch(() => {
        // The static wording stays; the offer is a nicety, not a reason to show an error.
      });
    return () => {
      live = false;
    };
  }, [queryClient]);
  return offer;
}

function LandingRoute() {
  const { canceled } = Route.useSearch();
  useEffect(() => {
    if (canceled) console.log('Checkout canceled.');
  }, [canceled]);
  return <LandingPage launchOffer={useLaunchOffer()} />;
}
