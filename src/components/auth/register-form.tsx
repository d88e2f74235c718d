// Registration (docs/product-rules.md sections 2, 5 and 8): the rules under each field; success →
// /login, which greets the new account. A refusal shows the server's own words where it gives them.
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { confirmationError, passwordError, usernameError } from '../../../contract/rules';
import { auth } from '../../i18n/en/auth';
import { translateMessage, useTexts } from '../../i18n/store';
import { useRegister } from '../../queries/auth';
import { failureBody, firstMessage, rateLimitWait } from './auth-failure';
import { focusFirstError } from './focus-first-error';
import './history-state';
import { PasswordField } from './password-field';

const FIELDS = ['username', 'password', 'confirmation'] as const;

export function RegisterForm() {
  const t = useTexts('auth', auth);
  const navigate = useNavigate();
  const register = useRegister();
  /** The message above the form, or null. */
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '', confirmation: '' },
    validateInputOnBlur: true,
    validate: {
      // The rules answer in English; the form shows the active language.
      username: (value) => translateMessage(usernameError(value)),
      password: (value) => translateMessage(passwordError(value)),
      confirmation: (value, values) => translateMessage(confirmationError(values.password, value)),
    },
  });
  const focusError = (errors: Partial<Record<string, unknown>>) =>
    focusFirstError(FIELDS, errors, (field) => form.getInputNode(field));

  const submit = form.onSubmit(async ({ username, password }) => {
    setFailure(null);
    try {
      const user = await register.mutateAsync({ username, password });
      await navigate({ to: '/login', state: { registeredUsername: user.username } });
    } catch (error) {
      console.error('Registration failed', error);
      const wait = rateLimitWait(error);
      if (wait) {
        setFailure(
          wait.minutes === null ? t.tooManyAttemptsLater : t.tooManyAttempts(wait.minutes),
        );
        return;
      }
      const body = await failureBody(error);
      // A specific message under its field helps more than the generic one.
      // The server answers in English; known messages are shown in the active language.
      const fieldErrors = {
        username: firstMessage(body, 'username'),
        password: firstMessage(body, 'password'),
      };
      for (const [field, message] of Object.entries(fieldErrors)) {
        if (message) form.setFieldError(field, translateMessage(message));
      }
      focusError(fieldErrors);
      if (fieldErrors.username || fieldErrors.password) return;
      // Any other words of the server's (e.g. 'Service temporarily unavailable…'), else the generic
      // failure message (docs/product-rules.md section 8).
      const detail = firstMessage(body, 'detail');
      setFailure(detail ? translateMessage(detail) : t.badLogin);
    }
  }, focusError);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          label={t.user}
          autoComplete="username"
          description={t.usernameHint}
          required
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <PasswordField
          label={t.password}
          autoComplete="new-password"
          description={t.passwordHint}
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordField
          label={t.confirmPassword}
          autoComplete="new-password"
          required
          key={form.key('confirmation')}
          {...form.getInputProps('confirmation')}
        />
        <Button type="submit" loading={register.isPending} fullWidth mt="xs">
          {t.register}
        </Button>
        <Text size="sm" ta="center">
          {t.haveAccount}{' '}
          <Anchor component={Link} to="/login" underline="always">
            {t.login}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
