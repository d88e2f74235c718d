// /forgot-password: ask for a reset link by username or email; the answer is the same whether or not the account exists.
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { MESSAGES } from '../../contract/rules';
import { AuthCard } from '../components/auth/auth-card';
import { failureBody, firstMessage, rateLimitWait } from '../components/auth/auth-failure';
import { recovery } from '../i18n/en/recovery';
import { translateMessage, useTexts } from '../i18n/store';
import { useRequestPasswordReset } from '../queries/recovery';

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  const t = useTexts('recovery', recovery);
  const request = useRequestPasswordReset();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    setFailure(null);
    if (typed.trim() === '') {
      setError(translateMessage(MESSAGES.required));
      return;
    }
    try {
      const { detail } = await request.mutateAsync(typed);
      setAnswer(translateMessage(detail));
    } catch (caught) {
      console.error('Reset request failed', caught);
      const wait = rateLimitWait(caught);
      const detail = firstMessage(await failureBody(caught), 'detail');
      setFailure(
        wait?.minutes
          ? t.tooManyAttempts(wait.minutes)
          : detail
            ? translateMessage(detail)
            : t.requestFailed,
      );
    }
  };

  return (
    <AuthCard title={t.forgotTitle}>
      {answer ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" role="status">
            {answer}
          </Alert>
          <Text size="sm" c="dimmed">
            {t.noAddressNote}
          </Text>
          <Button component={Link} to="/login" fullWidth>
            {t.backToLogin}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">{t.forgotIntro}</Text>
            {failure && (
              <Alert color="red" variant="light" role="alert">
                {failure}
              </Alert>
            )}
            <TextInput
              label={t.userOrEmail}
              autoComplete="username"
              required
              value={typed}
              error={error}
              onChange={(event) => {
                setTyped(event.currentTarget.value);
                setError(null);
              }}
            />
            <Button type="submit" loading={request.isPending} fullWidth>
              {t.sendLink}
            </Button>
            <Text size="sm" ta="center">
              <Anchor component={Link} to="/login" underline="always">
                {t.backToLogin}
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
