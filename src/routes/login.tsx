// Login page (spec §2 /login).
import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '../components/auth/auth-card';
import { LoginForm } from '../components/auth/login-form';
import { auth } from '../i18n/en/auth';
import { useTexts } from '../i18n/store';

export const Route = createFileRoute('/login')({
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
