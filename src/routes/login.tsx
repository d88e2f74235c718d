// Login page (/login, docs/product-rules.md section 2). With a live session there is nothing to log
// into: the app opens.
import { createFileRoute, redirect } from '@tanstack/react-router';
import { AuthCard } from '../components/auth/auth-card';
import { LoginForm } from '../components/auth/login-form';
import { auth } from '../i18n/en/auth';
import { useTexts } from '../i18n/store';
import { hasLiveSession } from '../queries/stored-session';

export const Route = createFileRoute('/login')({
  beforeLoad: ({ preload }) => {
    // Not on preload: hovering a Login link must not start a navigation elsewhere.
    if (!preload && hasLiveSession()) throw redirect({ to: '/months', replace: true });
  },
  component: LoginPage,
});

function LoginPage() {
  const t = useTexts('auth', auth);
  return (
    <AuthCard title={t.login}>
      <LoginForm />
    </AuthCard>
  );
}
