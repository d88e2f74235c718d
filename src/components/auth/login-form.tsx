// Login (spec §2, §4, §8): on success → /months when paid, else /subscribe; any failure → one message.
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { MESSAGES } from '../../../contract/rules';
import { auth } from '../../i18n/en/auth';
import { translateMessage, useTexts } from '../../i18n/store';
import { useLogin } from '../../queries/auth';
import { PasswordField } from './password-field';

/** Spec §5: login only requires both fields. */
const required = (value: string) =>
  value.trim() === '' ? translateMessage(MESSAGES.required) : null;

export function LoginForm() {
  const t = useTexts('auth', auth);
  const navigate = useNavigate();
  const login = useLogin();
  const [failed, setFailed] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: { username: required, password: required },
  });

  const submit = form.onSubmit(async (values) => {
    setFailed(false);
    try {
      const { hasPaid } = await login.mutateAsync(values);
      await navigate({ to: hasPaid ? '/months' : '/subscribe' });
    } catch (error) {
      console.error('Login failed', error);
      setFailed(true);
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
          required
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <PasswordField
          label={t.password}
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
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
