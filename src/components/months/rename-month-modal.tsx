// The month card's Edit: renames the month through the contract's detail route.
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { Month } from '../../../contract/entities';
import { MESSAGES, MONTH_NAME_MAX_LENGTH } from '../../../contract/rules';
import { useUpdateMonth } from '../../queries/months';
import { TOASTS } from '../../texts';
import { notifyFailure, notifySuccess } from '../toast';
import { useOpenedAfterMount } from '../use-mounted-once';

interface RenameMonthModalProps {
  month: Month | null;
  onClose: () => void;
}

export function RenameMonthModal({ month, onClose }: RenameMonthModalProps) {
  const shown = useOpenedAfterMount(month !== null);
  const updateMonth = useUpdateMonth();
  const form = useForm({
    initialValues: { name: '' },
    validate: {
      name: (value) =>
        value.trim() === ''
          ? MESSAGES.required
          : value.length > MONTH_NAME_MAX_LENGTH
            ? MESSAGES.maxLength(MONTH_NAME_MAX_LENGTH)
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
      notifySuccess(TOASTS.monthRenamed);
      onClose();
    } catch (error) {
      notifyFailure(TOASTS.monthRenameFailed, error);
    }
  });

  return (
    <Modal opened={shown} onClose={onClose} title="Edit month" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Month" required data-autofocus {...form.getInputProps('name')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={updateMonth.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
