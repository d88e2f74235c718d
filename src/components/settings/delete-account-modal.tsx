// The delete-account confirmation: the password, then the deletion; the browser then forgets it all and goes to /.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { MESSAGES } from '../../../contract/rules';
import { app } from '../../i18n/en/app';
import { auth } from '../../i18n/en/auth';
import { settings } from '../../i18n/en/settings';
import { translateMessage, useTexts } from '../../i18n/store';
import { fieldErrorsOf, useDeleteAccount } from '../../queries/account';
import { errorDetail, errorMessage } from '../../queries/errors';
import { PasswordField } from '../auth/password-field';
import { useOpenedAfterMount } from '../use-mounted-once';

interface DeleteAccountModalProps {
  opened: boolean;
  onClose: () => void;
}

export function DeleteAccountModal({ opened, onClose }: DeleteAccountModalProps) {
  const t = useTexts('settings', settings);
  const words = useTexts('app', app);
  const authWords = useTexts('auth', auth);
  const shown = useOpenedAfterMount(opened);
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: { password: (value) => (value === '' ? translateMessage(MESSAGES.required) : null) },
  });

  const dismiss = () => {
    if (remove.isPending) return;
    onClose();
    form.reset();
    setFailure(null);
  };

  const submit = form.onSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await remove.mutateAsync(password);
      await navigate({ to: '/', replace: true });
    } catch (error) {
      const message = (await fieldErrorsOf(error))?.password?.[0];
      // The server answers in English; known messages are shown in the active language.
      if (message) form.setFieldError('password', translateMessage(message));
      else
        setFailure(
          translateMessage((await errorDetail(error)) ?? t.notDeleted(errorMessage(error))),
        );
    }
  });

  return (
    <Modal opened={shown} onClose={dismiss} title={t.deleteQuestion} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t.deleteWarning}</Text>
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <PasswordField
            label={authWords.password}
            autoComplete="current-password"
            required
            data-autofocus
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={dismiss} disabled={remove.isPending}>
              {words.cancel}
            </Button>
            <Button type="submit" color="red" loading={remove.isPending}>
              {t.deleteMine}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
