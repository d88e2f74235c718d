// Login page (spec §2 /login).
import { createFileRoute } from '@tanstack/react-router';
import { AuthCard } from '../components/auth/auth-card';
import { LoginForm } from '../components/auth/login-form';

export const Route = createFileRoute('/login')({
  component: () => (
    <AuthCard title="Login">
      <LoginForm />
    </AuthCard>
  ),
});
