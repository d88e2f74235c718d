// Logout (spec §2 /logout): clears local storage (and the cached data), then goes to /.
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { LoadingScreen } from '../components/loading-screen';
import { useLogout } from '../queries/auth';

export const Route = createFileRoute('/logout')({
  component: LogoutPage,
});

function LogoutPage() {
  const navigate = useNavigate();
  const logout = useLogout();
  const started = useRef(false);
  useEffect(() => {
    // Once, even under StrictMode's double effects.
    if (started.current) return;
    started.current = true;
    logout.mutate(undefined, { onSettled: () => void navigate({ to: '/', replace: true }) });
  }, [logout, navigate]);
  return <LoadingScreen />;
}
