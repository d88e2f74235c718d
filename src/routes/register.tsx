// Register page (spec §2 /register): visiting it first clears local storage.
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { AuthCard } from '../components/auth/auth-card';
import { RegisterForm } from '../components/auth/register-form';
import { auth } from '../i18n/en/auth';
import { useTexts } from '../i18n/store';

export const Route = createFileRoute('/register')({
  component: RegisterPage,
});

function RegisterPage() {
  const t = useTexts('auth', auth);
  const queryClient = useQueryClient();
  // In the component, not in beforeLoad: hovering a Sign Up link preloads the route and must not sign anyone out.
  useEffect(() => {
    localStorage.clear();
    void import('../api/render-cookie').then((cookie) => cookie.clearRenderCookie());
    queryClient.clear();
  }, [queryClient]);
  return (
    <AuthCard title={t.register}>
      <RegisterForm />
    </AuthCard>
  );
}
