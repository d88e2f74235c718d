// 'Create a Goal' modal (spec §2, §5): a required name.
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGES, NAME_MAX_LENGTH } from '../../../contract/rules';
import { useCreateGoal } from '../../queries/goals';
import { TEXTS, TOASTS } from '../../texts';
import { notifyFailure, notifySuccess, notifyWarning } from '../toast';
import { useOpenedAfterMount } from '../use-mounted-once';

interface CreateGoalModalProps {
  monthId: number;
  opened: boolean;
  onClose: () => void;
}

export function CreateGoalModal({ monthId, opened, onClose }: CreateGoalModalProps) {
  const shown = useOpenedAfterMount(opened);
  const createGoal = useCreateGoal(monthId);
  const form = useForm({
    initialValues: { name: '' },
    validate: {
      name: (value) =>
        value.trim() === ''
          ? MESSAGES.required
          : value.length > NAME_MAX_LENGTH
            ? MESSAGES.maxLength(NAME_MAX_LENGTH)
            : null,
    },
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async ({ name }) => {
    if (!monthId) {
      notifyWarning(TOASTS.monthNotSelected);
      return;
    }
    try {
      await createGoal.mutateAsync({ name: name.trim() });
      notifySuccess(TOASTS.goalCreated);
      close();
    } catch (error) {
      notifyFailure(TOASTS.goalCreateFailed, error);
    }
  });

  return (
    <Modal opened={shown} onClose={close} title={TEXTS.createGoal} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Goal" required data-autofocus {...form.getInputProps('name')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <Button type="submit" loading={createGoal.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
