// Login (docs/product-rules.md sections 2, 4 and 8): on success → /months when paid, else
// /subscribe; any failure → one message, except a rate limit, which says how long to wait.
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { MESSAGES } from '../../../contract/rules';
import { auth } from '../../i18n/en/auth';
import { translateMessage, useTexts } from '../../i18n/store';
import { useLogin, warmUnlock } from '../../queries/auth';
import { rateLimitWait } from './auth-failure';
import { focusFirstError } from './focus-first-error';
import './history-state';
import { PasswordField } from './password-field';

/** Login only requires both fields (docs/product-rules.md section 5). */
const required = (value: string) =>
  value.trim() === '' ? translateMessage(MESSAGES.required) : null;

const FIELDS = ['username', 'password'] as const;

type Failure = { kind: 'badLogin' } | { kind: 'rateLimited'; minutes: number | null };

export function LoginForm() {
  const t = useTexts('auth', auth);
  const navigate = useNavigate();
  const login = useLogin();
  // Set by the register form on its way here, so the new account is greeted.
  const registered = useRouterState({ select: (state) => state.location.state.registeredUsername });
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: registered ?? '', password: '' },
    validate: { username: required, password: required },
  });

  const submit = form.onSubmit(
    async (values) => {
      setFailure(null);
      try {
        const { hasPaid } = await login.mutateAsync(values);
        await navigate({ to: hasPaid ? '/months' : '/subscribe' });
      } catch (error) {
        console.error('Login failed', error);
        const wait = rateLimitWait(error);
        setFailure(wait ? { kind: 'rateLimited', ...wait } : { kind: 'badLogin' });
      }
    },
    (errors) => focusFirstError(FIELDS, errors, (field) => form.getInputNode(field)),
  );

  const failureText =
    failure?.kind === 'rateLimited'
      ? failure.minutes === null
        ? t.tooManyAttemptsLater
        : t.tooManyAttempts(failure.minutes)
      : t.badLogin;

  const passwordProps = form.getInputProps('password');
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failureText}
          </Alert>
        ) : (
          registered !== undefined && (
            <Alert color="teal" variant="light" role="status">
              {t.accountCreated}
            </Alert>
          )
        )}
        <TextInput
          label={t.user}
          autoComplete="username"
          required
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <PasswordField
          label={t.password}
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...passwordProps}
          onFocus={(event) => {
            passwordProps.onFocus?.(event);
            warmUnlock();
          }}
        />
        <Anchor component={Link} to="/forgot-password" size="sm" ta="right" mt={-8}>
          {t.forgotPassword}
        </Anchor>
        <Button type="submit" loading={login.isPending} fullWidth mt="xs">
          {t.login}
        </Button>
        <Text size="sm" ta="center">
          {t.noAccount}{' '}
          <Anchor component={Link} to="/register" underline="always">
            {t.register}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
