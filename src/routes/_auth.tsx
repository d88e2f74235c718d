// Protected area (docs/product-rules.md section 2): no token → /login; an expired one is refreshed
// once, failure → /login. Offline the user stays in, read-only, with the data saved on this device.
import {
  createFileRoute,
  Outlet,
  redirect,
  useMatchRoute,
  useNavigate,
  useRouter,
} from '@tanstack/react-router';
import { useEffect } from 'react';
import { AppLayout } from '../components/app-shell/app-layout';
import { RenewNotice } from '../components/billing/renew-notice';
import { ErrorPage } from '../components/error-page';
import { FramedLoadingScreen } from '../components/loading-screen';
import { AppNotFoundPage } from '../components/not-found-page';
import { useOnReconnect } from '../offline/online-status';
import { isBrowserOffline } from '../offline-error';

export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context }) => {
    // Imported here, not at the top, so public pages never download the token code.
    const [
      { hasSession, ensureFreshAccess },
      { startQueryPersistence },
      { loadWriteKinds },
      { monthDataAtRest },
    ] = await Promise.all([
      import('../queries/session-gate'),
      import('../offline/query-persistence'),
      import('../queries/all-writes'),
      import('../queries/private-rows-open'),
    ]);
    if (!hasSession()) throw redirect({ to: '/login' });
    // Offline, an expired token cannot be refreshed: the user stays in to read saved data, and
    // the check runs again on reconnect (AuthLayout).
    if (!isBrowserOffline() && !(await ensureFreshAccess())) {
      // A refresh the server refused ended the session: log in again. One that got no answer
      // (the network, the server unreachable) kept it: the error page offers Try again instead.
      if (hasSession()) throw new TypeError('Network error: the session could not be refreshed');
      throw redirect({ to: '/login' });
    }
    // Offline, the data saved on this device is all there is: the loaders wait for it. Online they
    // fetch fresh data anyway, so it is restored alongside (older than what they fetch, it never
    // replaces it), not waited for: opening IndexedDB can take 100 ms or more on a first visit.
    const restored = startQueryPersistence(context.queryClient, loadWriteKinds, monthDataAtRest);
    if (isBrowserOffline()) await restored;
  },
  pendingComponent: FramedLoadingScreen,
  // The spec shows 'Loading...' while the check runs, however short, and not a moment longer
  // (the router would otherwise keep it on screen for at least 500 ms).
  pendingMs: 0,
  pendingMinMs: 0,
  component: AuthLayout,
  // Inside the shell, so the navbar stays usable when a screen's data fails.
  errorComponent: ErrorPage,
  // Also inside the shell: an unknown month keeps the navbar and leads back to /months.
  notFoundComponent: AppNotFoundPage,
});

function AuthLayout() {
  const navigate = useNavigate();
  const router = useRouter();
  const onJournals = Boolean(useMatchRoute()({ to: '/months/$monthId/journals' }));
  // Back online: check the token again (refreshing or ending the session) and reload what failed.
  useOnReconnect(() => void router.invalidate());
  // A refresh that fails later, mid-session, also ends on the login page.
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let live = true;
    void import('../queries/session-gate').then(({ onSessionEnd }) => {
      if (live) unsubscribe = onSessionEnd(() => void navigate({ to: '/login' }));
    });
    return () => {
      live = false;
      unsubscribe?.();
    };
  }, [navigate]);
  return (
    <AppLayout>
      {/* In the shell's own code, not loaded after the screen: the months page's loader has the
          payment status, so the notice shows with the cards rather than pushing them down under
          a finger about to tap one. */}
      <RenewNotice ask={!onJournals} />
      <Outlet />
    </AppLayout>
  );
}
