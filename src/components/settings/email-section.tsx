// Settings: the account's optional email address — shown, added or changed (with the password), confirmed by an emailed link.
import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { MESSAGES } from '../../../contract/rules';
import { recovery } from '../../i18n/en/recovery';
import { translateMessage, useTexts } from '../../i18n/store';
import { accountEmailQueryOptions, useChangeEmail } from '../../queries/recovery';
import { failureBody, firstMessage, rateLimitWait } from '../auth/auth-failure';
import { PasswordField } from '../auth/password-field';
import { notifyFailure, notifySuccess } from '../toast';
import { LoadFailed, SettingsSection } from './settings-section';

type Field = 'email' | 'password';

function EmailForm({ onDone }: { onDone: () => void }) {
  const t = useTexts('recovery', recovery);
  const change = useChangeEmail();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refused, setRefused] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The button that opened the form is gone: focus moves to its first field.
  useEffect(() => formRef.current?.querySelector('input')?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    setRefused(null);
    const found = {
      // The address itself is checked by the server (contract/recovery-rules.ts): its rules
      // would otherwise load with every screen (the bundle budget).
      email: values.email.trim() === '' ? translateMessage(MESSAGES.required) : undefined,
      password: values.password === '' ? translateMessage(MESSAGES.required) : undefined,
    };
    setErrors(found);
    if (found.email || found.password) return;
    try {
      const answer = await change.mutateAsync(values);
      notifySuccess(t.confirmationSent(answer.pending_email ?? values.email));
      onDone();
    } catch (error) {
      const body = await failureBody(error);
      const email = firstMessage(body, 'email');
      const password = firstMessage(body, 'password');
      if (email || password) {
        setErrors({
          email: email ? translateMessage(email) : undefined,
          password: password ? translateMessage(password) : undefined,
        });
        return;
      }
      const wait = rateLimitWait(error);
      const detail = firstMessage(body, 'detail');
      if (wait?.minutes) setRefused(t.tooManyAttempts(wait.minutes));
      else if (detail) setRefused(translateMessage(detail));
      else notifyFailure(t.sendFailed, error);
    }
  };

  const field = (name: Field) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Stack gap="sm" maw={420}>
        {refused && (
          <Alert color="red" variant="light" role="alert">
            {refused}
          </Alert>
        )}
        <TextInput
          type="email"
          label={t.emailLabel}
          autoComplete="email"
          required
          {...field('email')}
        />
        <PasswordField
          label={t.currentPassword}
          autoComplete="current-password"
          required
          {...field('password')}
        />
        <Group>
          <Button
            type="submit"
            aria-disabled={change.isPending || undefined}
            leftSection={change.isPending ? <Loader size={14} color="currentColor" /> : undefined}
          >
            {t.sendConfirmation}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function EmailSection() {
  const t = useTexts('recovery', recovery);
  const email = useQuery(accountEmailQueryOptions());
  const [open, setOpen] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    // Back to the button that opened the form, once it is rendered again.
    setTimeout(() => openButton.current?.focus());
  };

  let status: ReactNode;
  if (email.isPending) status = <Text size="sm">{t.loading}</Text>;
  else if (email.isError)
    status = (
      <LoadFailed message={t.loadFailed} retryLabel={t.tryAgain} onRetry={() => email.refetch()} />
    );
  else
    status = (
      <Stack gap={4}>
        {email.data.email ? (
          <Text size="sm">
            {t.confirmedEmail}: <strong>{email.data.email}</strong>
          </Text>
        ) : (
          <Text size="sm">{t.noEmail}</Text>
        )}
        {email.data.pending_email && (
          <Text size="sm" c="dimmed" role="status">
            {t.pendingEmail(email.data.pending_email)}
          </Text>
        )}
      </Stack>
    );

  return (
    <SettingsSection title={t.emailTitle} description={t.emailDescription}>
      {status}
      {open ? (
        <EmailForm onDone={close} />
      ) : (
        email.isSuccess && (
          <Group>
            <Button ref={openButton} variant="default" onClick={() => setOpen(true)}>
              {email.data.email ? t.changeEmail : t.addEmail}
            </Button>
          </Group>
        )
      )}
    </SettingsSection>
  );
}
