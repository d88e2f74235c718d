// 'Create a Goal' modal (spec §2, §5): a required name.
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGES, NAME_MAX_LENGTH } from '../../../contract/rules';
import { app } from '../../i18n/en/app';
import { journals } from '../../i18n/en/journals';
import { toasts } from '../../i18n/en/toasts';
import { translateMessage, useTexts } from '../../i18n/store';
import { useCreateGoal } from '../../queries/goals';
import { notifyFailure, notifySuccess, notifyWarning } from '../toast';
import { useOpenedAfterMount } from '../use-mounted-once';

interface CreateGoalModalProps {
  monthId: number;
  opened: boolean;
  onClose: () => void;
}

export function CreateGoalModal({ monthId, opened, onClose }: CreateGoalModalProps) {
  const t = useTexts('journals', journals);
  const words = useTexts('app', app);
  const toast = useTexts('toasts', toasts);
  const shown = useOpenedAfterMount(opened);
  const createGoal = useCreateGoal(monthId);
  const form = useForm({
    initialValues: { name: '' },
    validate: {
      name: (value) =>
        value.trim() === ''
          ? translateMessage(MESSAGES.required)
          : value.length > NAME_MAX_LENGTH
            ? translateMessage(MESSAGES.maxLength(NAME_MAX_LENGTH))
            : null,
    },
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async ({ name }) => {
    if (!monthId) {
      notifyWarning(toast.monthNotSelected);
      return;
    }
    try {
      await createGoal.mutateAsync({ name: name.trim() });
      notifySuccess(toast.goalCreated);
      close();
    } catch (error) {
      notifyFailure(toast.goalCreateFailed, error);
    }
  });

  return (
    <Modal opened={shown} onClose={close} title={t.createGoal} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t.goal} required data-autofocus {...form.getInputProps('name')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {words.close}
            </Button>
            <Button type="submit" loading={createGoal.isPending}>
              {words.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
