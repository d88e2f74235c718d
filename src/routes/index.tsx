// Landing route: `?success` (back from checkout) goes to /months, `?canceled` is only logged
// (docs/product-rules.md section 2) — unless someone is signed in: checkout's Cancel then returns
// them to /subscribe.
import { createFileRoute, redirect } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { LandingPage } from '../components/landing/landing-page';
import { useLaunchOffer } from '../queries/launch-offer';
import { hasLiveSession } from '../queries/stored-session';

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
  beforeLoad: ({ search, preload }) => {
    // Replacing the entry, so Back from /months does not land here and bounce forward again.
    if (search.success) throw redirect({ to: '/months', replace: true });
    if (search.canceled && !preload && hasLiveSession()) {
      console.log('Checkout canceled.');
      throw redirect({ to: '/subscribe', search: { canceled: true }, replace: true });
    }
  },
  component: LandingRoute,
});

function LandingRoute() {
  const { canceled } = Route.useSearch();
  // Read once: the app mounts over the prerendered page with a fresh render, not a hydration.
  const [signedIn] = useState(hasLiveSession);
  useEffect(() => {
    if (canceled) console.log('Checkout canceled.');
  }, [canceled]);
  return <LandingPage launchOffer={useLaunchOffer()} signedIn={signedIn} />;
}
