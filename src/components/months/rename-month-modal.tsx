// The month card's Edit: renames the month through the contract's detail route.
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { Month } from '../../../contract/entities';
import { MESSAGES, MONTH_NAME_MAX_LENGTH } from '../../../contract/rules';
import { app } from '../../i18n/en/app';
import { toasts } from '../../i18n/en/toasts';
import { texts, translateMessage, useTexts } from '../../i18n/store';
import { useUpdateMonth } from '../../queries/months';
import { notifyFailure, notifySuccess } from '../toast';
import { useOpenedAfterMount } from '../use-mounted-once';

interface RenameMonthModalProps {
  month: Month | null;
  onClose: () => void;
}

export function RenameMonthModal({ month, onClose }: RenameMonthModalProps) {
  const t = useTexts('app', app);
  const shown = useOpenedAfterMount(month !== null);
  const updateMonth = useUpdateMonth();
  const form = useForm({
    initialValues: { name: '' },
    validate: {
      name: (value) =>
        value.trim() === ''
          ? translateMessage(MESSAGES.required)
          : value.length > MONTH_NAME_MAX_LENGTH
            ? translateMessage(MESSAGES.maxLength(MONTH_NAME_MAX_LENGTH))
            : null,
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another month is opened
  useEffect(() => {
    if (month) form.setValues({ name: month.name });
  }, [month]);

  const submit = form.onSubmit(async ({ name }) => {
    if (!month) return;
    try {
      await updateMonth.mutateAsync({ id: month.id, name: name.trim() });
      notifySuccess(texts('toasts', toasts).monthRenamed);
      onClose();
    } catch (error) {
      notifyFailure(texts('toasts', toasts).monthRenameFailed, error);
    }
  });

  return (
    <Modal opened={shown} onClose={onClose} title={t.editMonth} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t.monthField} required data-autofocus {...form.getInputProps('name')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t.close}
            </Button>
            <Button type="submit" loading={updateMonth.isPending}>
              {t.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
