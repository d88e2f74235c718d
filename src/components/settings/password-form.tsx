// The change-password form: the current password, and a new one under the registration rules; an account with private months sends its account key re-wrapped under the new one.
import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { confirmationError, MESSAGES, passwordError } from '../../../contract/rules';
import { auth } from '../../i18n/en/auth';
import { settings } from '../../i18n/en/settings';
import { translateMessage, useTexts } from '../../i18n/store';
import { fieldErrorsOf, type RewrapAccountKey, useChangePassword } from '../../queries/account';
import { errorDetail } from '../../queries/errors';
import { PasswordField } from '../auth/password-field';
import { notifyFailure, notifySuccess } from '../toast';

/** The crypto loads only when a change is sent for an account with private months. */
const rewrap: RewrapAccountKey = async (wrap, currentPassword, newPassword) => {
  const { rewrapAccountKey } = await import('./password-change-keys');
  return rewrapAccountKey(wrap, currentPassword, newPassword);
};

/** Form field → the server's name for it. */
const SERVER_FIELDS = {
  current: 'current_password',
  next: 'new_password',
  confirmation: 'confirm_password',
} as const;
type Field = keyof typeof SERVER_FIELDS;
type Values = Record<Field, string>;

const EMPTY: Values = { current: '', next: '', confirmation: '' };

/** The same rules and messages as registration (contract/rules.ts), in the active language. */
function check(field: Field, values: Values): string | null {
  if (field === 'current')
    return values.current === '' ? translateMessage(MESSAGES.required) : null;
  if (field === 'next') return translateMessage(passwordError(values.next));
  return translateMessage(confirmationError(values.next, values.confirmation));
}

// Three fields: plain state is lighter than a form library for a form this small.
export function PasswordForm() {
  const t = useTexts('settings', settings);
  const authWords = useTexts('auth', auth);
  const change = useChangePassword(rewrap);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refused, setRefused] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The button that opened the form is gone: focus moves to the form's first field.
  useEffect(() => formRef.current?.querySelector('input')?.focus(), []);

  const setError = (field: Field, message: string | null) =>
    setErrors((current) => ({ ...current, [field]: message ?? undefined }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    setRefused(null);
    const found = Object.fromEntries(
      (Object.keys(SERVER_FIELDS) as Field[]).map((field) => [field, check(field, values)]),
    ) as Record<Field, string | null>;
    setErrors(Object.fromEntries(Object.entries(found).filter(([, message]) => message)));
    if (Object.values(found).some(Boolean)) return;
    try {
      await change.mutateAsync({
        current_password: values.current,
        new_password: values.next,
        confirm_password: values.confirmation,
      });
      setValues(EMPTY);
      notifySuccess(t.passwordChanged);
    } catch (error) {
      const fields = await fieldErrorsOf(error);
      if (fields) {
        setErrors(
          Object.fromEntries(
            (Object.keys(SERVER_FIELDS) as Field[])
              .map((field) => [field, fields[SERVER_FIELDS[field]]?.[0]])
              // The server answers in English; known messages are shown in the active language.
              .map(([field, message]) => [field, message && translateMessage(message)])
              .filter(([, message]) => message),
          ),
        );
        return;
      }
      const detail = await errorDetail(error);
      if (detail) setRefused(translateMessage(detail));
      else notifyFailure(t.passwordChangeFailed, error);
    }
  };

  const field = (name: Field) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      if (errors[name]) setError(name, null);
    },
    // As on registration: the rules show once the user leaves the field.
    onBlur: () => {
      if (name !== 'current' && values[name] !== '') setError(name, check(name, values));
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
        <PasswordField
          label={t.currentPassword}
          autoComplete="current-password"
          required
          {...field('current')}
        />
        <PasswordField
          label={t.newPassword}
          autoComplete="new-password"
          description={authWords.passwordHint}
          required
          {...field('next')}
        />
        <PasswordField
          label={t.confirmNewPassword}
          autoComplete="new-password"
          required
          {...field('confirmation')}
        />
        <Group>
          {/* Not `loading`, which disables the button: the focused button would drop focus. */}
          <Button
            type="submit"
            aria-disabled={change.isPending || undefined}
            leftSection={change.isPending ? <Loader size={14} color="currentColor" /> : undefined}
          >
            {t.changePassword}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
