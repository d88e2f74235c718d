// 'Create a Goal' modal (docs/product-rules.md sections 2 and 5): a required name.
import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MESSAGES, NAME_MAX_LENGTH } from '../../../contract/rules';
import { journals } from '../../i18n/en/journals';
import { toasts } from '../../i18n/en/toasts';
import { texts, translateMessage, useTexts } from '../../i18n/store';
import { useCreateGoal } from '../../queries/goals';
import { useSubmitLock } from '../submit-lock';
import { notifyFailure, notifySuccess, notifyWarning } from '../toast';
import { useOpenedAfterMount } from '../use-mounted-once';
import { FormActions, useDiscardGuard } from './unsaved-guard';

interface CreateGoalModalProps {
  monthId: number;
  opened: boolean;
  onClose: () => void;
}

export function CreateGoalModal({ monthId, opened, onClose }: CreateGoalModalProps) {
  const t = useTexts('journals', journals);
  const toast = useTexts('toasts', toasts);
  const shown = useOpenedAfterMount(opened);
  // Shown and queued at once: a later refusal by the server is still the failure toast.
  const createGoal = useCreateGoal(monthId, {
    onFailure: (error) => notifyFailure(texts('toasts', toasts).goalCreateFailed, error),
  });
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

  const lock = useSubmitLock();
  const guard = useDiscardGuard({
    unsaved: opened && form.values.name.trim() !== '',
    busy: lock.busy,
    isBusy: lock.isRunning,
    onClose: () => {
      form.reset();
      onClose();
    },
  });

  const submit = form.onSubmit(({ name }) =>
    lock.run(async () => {
      if (!monthId) {
        notifyWarning(toast.monthNotSelected);
        return;
      }
      try {
        createGoal.mutate({ name: name.trim() });
        notifySuccess(toast.goalCreated);
        guard.close();
      } catch (error) {
        notifyFailure(toast.goalCreateFailed, error);
      }
    }),
  );

  return (
    <Modal opened={shown} onClose={guard.requestClose} title={t.createGoal} centered>
      <form onSubmit={submit} noValidate aria-busy={lock.busy || undefined}>
        <Stack gap="md">
          <TextInput label={t.goal} required data-autofocus {...form.getInputProps('name')} />
          <FormActions {...guard.actions} busy={lock.busy} />
        </Stack>
      </form>
    </Modal>
  );
}
