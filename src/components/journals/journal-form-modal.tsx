// The journal modal (spec §2, §5): the entry's date, Highlight, the measure's metric and one checkbox
// per habit. Used by 'Create a Register' (today, habits unchecked by default) and by a card's Edit.
import { Button, Checkbox, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import type { Habit } from '../../../contract/entities';
import { HIGHLIGHT_MAX_LENGTH, MESSAGES, METRIC_LIMIT } from '../../../contract/rules';
import { app } from '../../i18n/en/app';
import { journals } from '../../i18n/en/journals';
import { translateMessage, useTexts } from '../../i18n/store';
import { useOpenedAfterMount } from '../use-mounted-once';
import { isCalendarDay } from './local-date';

export interface JournalFormValues {
  /** The day the entry is about, `YYYY-MM-DD` ('' while the date input holds no full date). */
  createdAt: string;
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

export function dateError(value: string): string | null {
  if (value === '') return MESSAGES.required;
  return isCalendarDay(value) ? null : MESSAGES.invalidDate;
}

function highlightError(value: string): string | null {
  if (value.trim() === '') return MESSAGES.required;
  return value.length > HIGHLIGHT_MAX_LENGTH ? MESSAGES.maxLength(HIGHLIGHT_MAX_LENGTH) : null;
}

// The rules answer in English (tests compare them with MESSAGES); the form shows the active language.
const validate = {
  createdAt: (value: string) => translateMessage(dateError(value)),
  highlight: (value: string) => translateMessage(highlightError(value)),
  metric: (value: string) => translateMessage(metricError(value)),
};

export function JournalFormModal(props: JournalFormModalProps) {
  const { opened, title, measureName, habits, initialValues, submitting, onSubmit, onClose } =
    props;
  const t = useTexts('journals', journals);
  const words = useTexts('app', app);
  const shown = useOpenedAfterMount(opened);
  const form = useForm<JournalFormValues>({
    initialValues,
    validate,
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
          {/* The browser's own date picker: keyboard-friendly, localized, and no date library. */}
          <TextInput
            type="date"
            label={t.date}
            description={t.dateHint}
            required
            min="0001-01-01"
            max="9999-12-31"
            {...form.getInputProps('createdAt')}
          />
          <Textarea
            label={t.highlight}
            description={t.highlightHint}
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
                {t.habits}
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
              {words.close}
            </Button>
            <Button type="submit" loading={submitting}>
              {words.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
