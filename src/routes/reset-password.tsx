// /reset-password#token=…: choose a new password with the link from the email (the token stays in the fragment, never sent in a URL).
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useLocation } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { RECOVERY_MESSAGES } from '../../contract/recovery-rules';
import { confirmationError, passwordError } from '../../contract/rules';
import { AuthCard } from '../components/auth/auth-card';
import { failureBody, firstMessage, rateLimitWait } from '../components/auth/auth-failure';
import { PasswordField } from '../components/auth/password-field';
import { auth } from '../i18n/en/auth';
import { recovery } from '../i18n/en/recovery';
import { translateMessage, useTexts } from '../i18n/store';
import { linkToken, resetLinkQueryOptions, useResetPassword } from '../queries/recovery';

export const Route = createFileRoute('/reset-password')({
  component: ResetPasswordPage,
});

type Errors = { next?: string; confirmation?: string };

function ResetPasswordPage() {
  const t = useTexts('recovery', recovery);
  const authWords = useTexts('auth', auth);
  const token = linkToken(useLocation({ select: (location) => location.hash }));
  const reset = useResetPassword();
  // Checked as the page opens, so a used or expired link says so before a password is typed.
  // Should the check itself fail (offline), the form shows and the server says it on Save.
  // Asked only until Save: a reset that works clears every cached answer (the session ends),
  // and asking again then would only hear that the link, now used, is dead.
  const linkStatus = useQuery({
    ...resetLinkQueryOptions(token ?? ''),
    enabled: token !== null && reset.isIdle,
  });
  const [dead, setDead] = useState(false);
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  if (done) {
    return (
      <AuthCard title={t.resetTitle}>
        <Stack gap="md">
          <Alert color="teal" variant="light" role="status">
            {done}
          </Alert>
          <Button component={Link} to="/login" fullWidth>
            {t.logIn}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (token === null || dead || linkStatus.data?.valid === false) {
    return (
      <AuthCard title={t.resetTitle}>
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert">
            {token === null ? t.linkIncomplete : t.linkDead}
          </Alert>
          <Button component={Link} to="/forgot-password" fullWidth>
            {t.askNewLink}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (linkStatus.isLoading) {
    return (
      <AuthCard title={t.resetTitle}>
        <Stack gap="md" align="center" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text size="sm">{t.checkingLink}</Text>
        </Stack>
      </AuthCard>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending) return;
    setFailure(null);
    const found: Errors = {
      next: translateMessage(passwordError(next)) || undefined,
      confirmation: translateMessage(confirmationError(next, confirmation)) || undefined,
    };
    setErrors(found);
    if (found.next || found.confirmation) return;
    try {
      const { detail } = await reset.mutateAsync({
        token,
        new_password: next,
        confirm_password: confirmation,
      });
      setDone(translateMessage(detail));
    } catch (caught) {
      console.error('Password reset failed', caught);
      const body = await failureBody(caught);
      const fieldErrors: Errors = {
        next: firstMessage(body, 'new_password') ?? undefined,
        confirmation: firstMessage(body, 'confirm_password') ?? undefined,
      };
      if (fieldErrors.next || fieldErrors.confirmation) {
        setErrors({
          next: fieldErrors.next && translateMessage(fieldErrors.next),
          confirmation: fieldErrors.confirmation && translateMessage(fieldErrors.confirmation),
        });
        return;
      }
      const wait = rateLimitWait(caught);
      const detail = firstMessage(body, 'detail');
      if (detail === RECOVERY_MESSAGES.invalidLink) {
        setDead(true);
        return;
      }
      setFailure(
        wait?.minutes
          ? t.tooManyAttempts(wait.minutes)
          : detail
            ? translateMessage(detail)
            : t.resetFailed,
      );
    }
  };

  return (
    <AuthCard title={t.resetTitle}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t.resetIntro}</Text>
          <Text size="sm">{t.resetPrivateMonths}</Text>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <PasswordField
            label={t.newPassword}
            autoComplete="new-password"
            description={authWords.passwordHint}
            required
            value={next}
            error={errors.next}
            onChange={(event) => {
              setNext(event.currentTarget.value);
              setErrors((current) => ({ ...current, next: undefined }));
            }}
          />
          <PasswordField
            label={t.confirmNewPassword}
            autoComplete="new-password"
            required
            value={confirmation}
            error={errors.confirmation}
            onChange={(event) => {
              setConfirmation(event.currentTarget.value);
              setErrors((current) => ({ ...current, confirmation: undefined }));
            }}
          />
          <Button type="submit" loading={reset.isPending} fullWidth>
            {t.setPassword}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
