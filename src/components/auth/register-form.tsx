// Registration (spec §2, §5, §8): the spec's rules under each field; success → /login.
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { FieldErrors } from '../../../contract/entities';
import { confirmationError, passwordError, usernameError } from '../../../contract/rules';
import { auth } from '../../i18n/en/auth';
import { translateMessage, useTexts } from '../../i18n/store';
import { useRegister } from '../../queries/auth';
import { isHttpError } from '../../queries/errors';
import { PasswordField } from './password-field';

/** The server's field messages (e.g. a taken username), or null when the body has none. */
async function serverFieldErrors(error: unknown): Promise<FieldErrors | null> {
  if (!isHttpError(error) || error.response.status !== 400) return null;
  try {
    const body: unknown = await error.response.clone().json();
    return body !== null && typeof body === 'object' ? (body as FieldErrors) : null;
  } catch {
    return null;
  }
}

export function RegisterForm() {
  const t = useTexts('auth', auth);
  const navigate = useNavigate();
  const register = useRegister();
  const [failed, setFailed] = useState(false);
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

  const submit = form.onSubmit(async ({ username, password }) => {
    setFailed(false);
    try {
      await register.mutateAsync({ username, password });
      await navigate({ to: '/login' });
    } catch (error) {
      console.error('Registration failed', error);
      const fields = await serverFieldErrors(error);
      const username = fields?.username?.[0];
      const passwordMessage = fields?.password?.[0];
      // A specific message under its field helps more than the generic one.
      // The server answers in English; known messages are shown in the active language.
      if (username) form.setFieldError('username', translateMessage(username));
      if (passwordMessage) form.setFieldError('password', translateMessage(passwordMessage));
      if (!username && !passwordMessage) setFailed(true);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failed && (
          <Alert color="red" variant="light" role="alert">
            {t.badLogin}
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
