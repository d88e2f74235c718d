// The journal modal (spec §2, §5): Highlight, the measure's metric and one checkbox per habit.
// Used by 'Create a Register' (habits unchecked by default) and by a card's Edit.
import { Button, Checkbox, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { Habit } from '../../../contract/entities';
import { HIGHLIGHT_MAX_LENGTH, MESSAGES, METRIC_LIMIT } from '../../../contract/rules';
import { useOpenedAfterMount } from '../use-mounted-once';

export interface JournalFormValues {
  highlight: string;
  /** Kept as typed; converted with Number() on submit. */
  metric: string;
  /** habit id → practised */
  practiced: Record<string, boolean>;
}

interface JournalFormModalProps {
  opened: boolean;
  title: string;
  measureName: string;
  habits: Habit[];
  initialValues: JournalFormValues;
  submitting: boolean;
  onSubmit: (values: JournalFormValues) => void;
  onClose: () => void;
}

export function metricError(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return MESSAGES.required;
  const number = Number(trimmed);
  if (!Number.isFinite(number)) return MESSAGES.invalidNumber;
  if (Math.abs(number) > METRIC_LIMIT) return MESSAGES.maxValue(METRIC_LIMIT);
  return null;
}

function highlightError(value: string): string | null {
  if (value.trim() === '') return MESSAGES.required;
  return value.length > HIGHLIGHT_MAX_LENGTH ? MESSAGES.maxLength(HIGHLIGHT_MAX_LENGTH) : null;
}

export function JournalFormModal(props: JournalFormModalProps) {
  const { opened, title, measureName, habits, initialValues, submitting, onSubmit, onClose } =
    props;
  const shown = useOpenedAfterMount(opened);
  const form = useForm<JournalFormValues>({
    initialValues,
    validate: { highlight: highlightError, metric: metricError },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when the modal opens
  useEffect(() => {
    if (opened) {
      form.setValues(initialValues);
      form.clearErrors();
    }
  }, [opened]);

  return (
    <Modal opened={shown} onClose={onClose} title={title} centered>
      <form onSubmit={form.onSubmit(onSubmit)} noValidate>
        <Stack gap="md">
          <Textarea
            label="Highlight"
            description="The best moment of your day"
            required
            rows={3}
            data-autofocus
            {...form.getInputProps('highlight')}
          />
          <TextInput
            label={measureName}
            inputMode="decimal"
            required
            {...form.getInputProps('metric')}
          />
          {habits.length > 0 && (
            <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
              <Text component="legend" fw={500} size="sm" mb="xs">
                Habits
              </Text>
              <Stack gap="xs">
                {habits.map((habit) => (
                  <Checkbox
                    key={habit.id}
                    label={habit.name}
                    {...form.getInputProps(`practiced.${habit.id}`, { type: 'checkbox' })}
                  />
                ))}
              </Stack>
            </fieldset>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={submitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
