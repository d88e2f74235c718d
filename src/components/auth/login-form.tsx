// Login (spec §2, §4, §8): on success → /months when paid, else /subscribe; any failure → one message.
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { isNotEmpty, useForm } from '@mantine/form';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { MESSAGES } from '../../../contract/rules';
import { useLogin } from '../../queries/auth';
import { TEXTS } from '../../texts';
import { PasswordField } from './password-field';

export function LoginForm() {
  const navigate = useNavigate();
  const login = useLogin();
  const [failed, setFailed] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: { username: isNotEmpty(MESSAGES.required), password: isNotEmpty(MESSAGES.required) },
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
            {TEXTS.badLogin}
          </Alert>
        )}
        <TextInput
          label="User"
          autoComplete="username"
          required
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={login.isPending} fullWidth mt="xs">
          Login
        </Button>
        <Text size="sm" ta="center">
          No account yet?{' '}
          <Anchor component={Link} to="/register" underline="always">
            Register
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
