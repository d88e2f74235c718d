// Register page (/register, docs/product-rules.md section 2): visiting it first clears local
// storage. With a live session that would be a silent logout, so the page asks first: open the app,
// or log out (revoking the session, as Logout does) and then register.
import { Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { AuthCard } from '../components/auth/auth-card';
import { RegisterForm } from '../components/auth/register-form';
import { auth } from '../i18n/en/auth';
import { useTexts } from '../i18n/store';
import { useLogout } from '../queries/auth';
import { hasLiveSession } from '../queries/stored-session';

export const Route = createFileRoute('/register')({
  component: RegisterPage,
});

function SignedInNotice({ onSignedOut }: { onSignedOut: () => void }) {
  const t = useTexts('auth', auth);
  const logout = useLogout();
  return (
    <AuthCard title={t.alreadySignedIn}>
      <Stack gap="md">
        <Text>{t.alreadySignedInBody}</Text>
        <Button component={Link} to="/months" fullWidth>
          {t.openApp}
        </Button>
        <Button
          variant="default"
          fullWidth
          loading={logout.isPending}
          onClick={() => logout.mutate(undefined, { onSettled: onSignedOut })}
        >
          {t.signOutAndRegister}
        </Button>
      </Stack>
    </AuthCard>
  );
}

function RegisterPage() {
  const t = useTexts('auth', auth);
  const queryClient = useQueryClient();
  const [signedIn, setSignedIn] = useState(hasLiveSession);
  // In the component, not in beforeLoad: hovering a Sign Up link preloads the route and must not sign anyone out.
  useEffect(() => {
    if (signedIn) return;
    localStorage.clear();
    queryClient.clear();
  }, [queryClient, signedIn]);
  if (signedIn) return <SignedInNotice onSignedOut={() => setSignedIn(false)} />;
  return (
    <AuthCard title={t.register}>
      <RegisterForm />
    </AuthCard>
  );
}
