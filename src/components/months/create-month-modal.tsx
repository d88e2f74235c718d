// 'Create a Month' modal (spec §2, §4, §5): Month, Measure and a Habits list; every field required.
import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { isNotEmpty, useForm } from '@mantine/form';
import { MESSAGES, MONTH_NAME_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../contract/rules';
import { useCreateMonth } from '../../queries/months';
import { TEXTS, TOASTS } from '../../texts';
import { CloseIcon } from '../icons';
import { notifyFailure, notifySuccess } from '../toast';
import { useOpenedAfterMount } from '../use-mounted-once';

interface CreateMonthModalProps {
  opened: boolean;
  onClose: () => void;
}

const required = isNotEmpty(MESSAGES.required);
const withMax = (max: number) => (value: string) =>
  required(value.trim()) ?? (value.length > max ? MESSAGES.maxLength(max) : null);

const emptyValues = () => ({ name: '', measure: '', habits: [{ key: 0, name: '' }] });

export function CreateMonthModal({ opened, onClose }: CreateMonthModalProps) {
  const shown = useOpenedAfterMount(opened);
  const createMonth = useCreateMonth();
  const form = useForm({
    initialValues: emptyValues(),
    validate: {
      name: withMax(MONTH_NAME_MAX_LENGTH),
      measure: withMax(NAME_MAX_LENGTH),
      habits: { name: withMax(NAME_MAX_LENGTH) },
    },
  });

  const close = () => {
    form.setValues(emptyValues());
    form.clearErrors();
    onClose();
  };

  const submit = form.onSubmit(async ({ name, measure, habits }) => {
    try {
      await createMonth.mutateAsync({
        name: name.trim(),
        measure: measure.trim(),
        habits: habits.map((habit) => habit.name.trim()),
      });
      notifySuccess(TOASTS.monthCreated);
      close();
    } catch (error) {
      notifyFailure(TOASTS.monthCreateFailed, error);
    }
  });

  const addHabit = () => {
    const key = Math.max(...form.values.habits.map((habit) => habit.key)) + 1;
    form.insertListItem('habits', { key, name: '' });
    // Focus the new row so keyboard users can type straight away.
    requestAnimationFrame(() => document.getElementById(`habit-${key}`)?.focus());
  };

  return (
    <Modal opened={shown} onClose={close} title={TEXTS.createMonth} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Month"
            placeholder="e.g. March 2025"
            required
            data-autofocus
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Measure"
            description="One thing to track each day, e.g. Hours of sleep"
            required
            {...form.getInputProps('measure')}
          />
          <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
            <Text component="legend" fw={500} size="sm" mb={4}>
              Habits
            </Text>
            <Stack gap="xs">
              {form.values.habits.map((habit, index) => (
                <Group key={habit.key} gap="xs" align="flex-start" wrap="nowrap">
                  <TextInput
                    id={`habit-${habit.key}`}
                    label={`Habit ${index + 1}`}
                    required
                    style={{ flex: 1 }}
                    {...form.getInputProps(`habits.${index}.name`)}
                  />
                  {index > 0 && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      mt={25}
                      aria-label={`Remove habit ${index + 1}`}
                      onClick={() => form.removeListItem('habits', index)}
                    >
                      <CloseIcon />
                    </ActionIcon>
                  )}
                </Group>
              ))}
            </Stack>
            <Button variant="light" mt="sm" onClick={addHabit}>
              {TEXTS.addHabit}
            </Button>
          </fieldset>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <Button type="submit" loading={createMonth.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
