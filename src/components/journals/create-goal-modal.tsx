// 'Create a Goal' modal (spec §2, §5): a required name.
import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { MESSAGES, NAME_MAX_LENGTH } from '../../../contract/rules';
import { journals } from '../../i18n/en/journals';
import { toasts } from '../../i18n/en/toasts';
import { translateMessage, useTexts } from '../../i18n/store';
import { useCreateGoal } from '../../queries/goals';
import { useSubmitLock } from '../submit-lock';
import { notifyFailure, notifySuccess, notifyWarning } from '../toast';
import { useOpenedAfterMount } from '../use-mounted-once';
import { FormActions, useLeavePagePrompt } from './unsaved-guard';

interface CreateGoalModalProps {
  monthId: number;
  opened: boolean;
  onClose: () => void;
}

export function CreateGoalModal({ monthId, opened, onClose }: CreateGoalModalProps) {
  const t = useTexts('journals', journals);
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

  const lock = useSubmitLock();
  const [asking, setAsking] = useState(false);
  const unsaved = opened && form.values.name.trim() !== '';
  useLeavePagePrompt(unsaved && !lock.busy);

  const close = () => {
    form.reset();
    setAsking(false);
    onClose();
  };
  // Overlay, Escape, the × and Close: typed text is only thrown away when the user says so.
  const requestClose = () => {
    if (lock.isRunning()) return;
    if (asking) setAsking(false);
    else if (unsaved) setAsking(true);
    else close();
  };

  const submit = form.onSubmit(({ name }) =>
    lock.run(async () => {
      if (!monthId) {
        notifyWarning(toast.monthNotSelected);
        return;
      }
      try {
        await createGoal.mutateAsync(
          { name: name.trim() },
          // Shown and queued: a later refusal by the server is still the spec's toast.
          { onError: (error) => notifyFailure(toast.goalCreateFailed, error) },
        );
        notifySuccess(toast.goalCreated);
        close();
      } catch (error) {
        notifyFailure(toast.goalCreateFailed, error);
      }
    }),
  );

  return (
    <Modal opened={shown} onClose={requestClose} title={t.createGoal} centered>
      <form onSubmit={submit} noValidate aria-busy={lock.busy || undefined}>
        <Stack gap="md">
          <TextInput label={t.goal} required data-autofocus {...form.getInputProps('name')} />
          <FormActions
            asking={asking}
            onKeep={() => setAsking(false)}
            onDiscard={close}
            onClose={requestClose}
            busy={lock.busy}
          />
        </Stack>
      </form>
    </Modal>
  );
}
