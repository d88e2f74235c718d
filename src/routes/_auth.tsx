// Protected area (spec §2): no token → /login; an expired one is refreshed once, failure → /login.
import { createFileRoute, Outlet, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AppLayout } from '../components/app-shell/app-layout';
import { ErrorPage } from '../components/error-page';
import { LoadingScreen } from '../components/loading-screen';

export const Route = createFileRoute('/_auth')({
  beforeLoad: async () => {
    // Imported here, not at the top, so public pages never download the token code.
    const { hasSession, ensureFreshAccess } = await import('../api/tokens');
    if (!hasSession()) throw redirect({ to: '/login' });
    if (!(await ensureFreshAccess())) throw redirect({ to: '/login' });
  },
  pendingComponent: LoadingScreen,
  // The spec shows 'Loading...' while the check runs, however short, and not a moment longer
  // (the router would otherwise keep it on screen for at least 500 ms).
  pendingMs: 0,
  pendingMinMs: 0,
  component: AuthLayout,
  // Inside the shell, so the navbar stays usable when a screen's data fails.
  errorComponent: ErrorPage,
});

function AuthLayout() {
  const navigate = useNavigate();
  // A refresh that fails later, mid-session, also ends on the login page.
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let live = true;
    void import('../api/tokens').then(({ onSessionEnd }) => {
      if (live) unsubscribe = onSessionEnd(() => void navigate({ to: '/login' }));
    });
    return () => {
      live = false;
      unsubscribe?.();
    };
  }, [navigate]);
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}
