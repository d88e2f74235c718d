// Registration (spec §2, §5, §8): the spec's rules under each field; success → /login.
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { FieldErrors } from '../../../contract/entities';
import { confirmationError, passwordError, usernameError } from '../../../contract/rules';
import { useRegister } from '../../queries/auth';
import { isHttpError } from '../../queries/errors';
import { TEXTS } from '../../texts';
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
  const navigate = useNavigate();
  const register = useRegister();
  const [failed, setFailed] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '', confirmation: '' },
    validateInputOnBlur: true,
    validate: {
      username: usernameError,
      password: passwordError,
      confirmation: (value, values) => confirmationError(values.password, value),
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
      if (username) form.setFieldError('username', username);
      if (passwordMessage) form.setFieldError('password', passwordMessage);
      if (!username && !passwordMessage) setFailed(true);
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
          description="At least 8 characters."
          required
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          description="At least 8 characters with an uppercase letter, a lowercase letter, a number and one of @$!%*?&."
          required
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          required
          key={form.key('confirmation')}
          {...form.getInputProps('confirmation')}
        />
        <Button type="submit" loading={register.isPending} fullWidth mt="xs">
          Register
        </Button>
        <Text size="sm" ta="center">
          Already have an account?{' '}
          <Anchor component={Link} to="/login" underline="always">
            Login
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
