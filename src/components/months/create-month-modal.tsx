// 'Create a Month' modal (spec §2, §4, §5): Month, Measure and a Habits list; every field required.
// It offers to fill Measure and Habits from the last month (issue 6 §3), still editable after.
import { ActionIcon, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Month } from '../../../contract/entities';
import { MESSAGES, MONTH_NAME_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../contract/rules';
import { app } from '../../i18n/en/app';
import { months } from '../../i18n/en/months';
import { toasts } from '../../i18n/en/toasts';
import { translateMessage, useTexts } from '../../i18n/store';
import { type MonthTemplate, useMonthTemplate } from '../../queries/month-template';
import { monthsQueryOptions, useCreateMonth } from '../../queries/months';
import { CloseIcon, CopyIcon } from '../icons';
import { DiscardQuestion, useLeavePagePrompt } from '../journals/unsaved-guard';
import { useSubmitLock } from '../submit-lock';
import { notifyFailure, notifySuccess } from '../toast';
import { useOpenedAfterMount } from '../use-mounted-once';
import { COPY_TEXTS } from './copy-month-texts';

interface CreateMonthModalProps {
  opened: boolean;
  onClose: () => void;
}

// Messages in the active language (the contract's are English).
const withMax = (max: number) => (value: string) =>
  value.trim() === ''
    ? translateMessage(MESSAGES.required)
    : value.length > max
      ? translateMessage(MESSAGES.maxLength(max))
      : null;

const emptyValues = () => ({ name: '', measure: '', habits: [{ key: 0, name: '' }] });

export function CreateMonthModal({ opened, onClose }: CreateMonthModalProps) {
  const words = useTexts('app', app);
  const t = useTexts('months', months);
  const copyTexts = useTexts('copyMonth', COPY_TEXTS);
  const toast = useTexts('toasts', toasts);
  const shown = useOpenedAfterMount(opened);
  const createMonth = useCreateMonth();
  // The previous month is the last of the list, as for the navbar's Journals (spec §4).
  const lastMonth = useQuery(monthsQueryOptions()).data?.at(-1);
  const template = useMonthTemplate();
  const [copied, setCopied] = useState<{ from: Month; empty: boolean } | null>(null);
  const form = useForm({
    initialValues: emptyValues(),
    validate: {
      name: withMax(MONTH_NAME_MAX_LENGTH),
      measure: withMax(NAME_MAX_LENGTH),
      habits: { name: withMax(NAME_MAX_LENGTH) },
    },
  });

  const lock = useSubmitLock();
  const [asking, setAsking] = useState(false);
  const unsaved =
    opened &&
    [form.values.name, form.values.measure, ...form.values.habits.map((habit) => habit.name)].some(
      (text) => text.trim() !== '',
    );
  useLeavePagePrompt(unsaved && !lock.busy);
  // Overlay, Escape, the × and Close: typed text is only thrown away when the user says so.
  const requestClose = () => {
    if (lock.isRunning()) return;
    if (asking) setAsking(false);
    else if (unsaved) setAsking(true);
    else close();
  };

  const close = () => {
    setAsking(false);
    form.setValues(emptyValues());
    form.clearErrors();
    template.reset();
    setCopied(null);
    onClose();
  };

  const fillFrom = (month: Month, { measure, habits }: MonthTemplate) => {
    const empty = measure === '' && habits.length === 0;
    if (!empty) {
      form.setFieldValue('measure', measure);
      form.setFieldValue(
        'habits',
        (habits.length > 0 ? habits : ['']).map((name, key) => ({ key, name })),
      );
      form.clearErrors();
    }
    setCopied({ from: month, empty });
  };

  const copyFromLast = () => {
    if (!lastMonth) return;
    setCopied(null);
    template.mutate(lastMonth.id, { onSuccess: (found) => fillFrom(lastMonth, found) });
  };

  const submit = form.onSubmit(({ name, measure, habits }) =>
    lock.run(async () => {
      try {
        await createMonth.mutateAsync({
          name: name.trim(),
          measure: measure.trim(),
          habits: habits.map((habit) => habit.name.trim()),
        });
        notifySuccess(toast.monthCreated);
        close();
      } catch (error) {
        notifyFailure(toast.monthCreateFailed, error);
      }
    }),
  );

  const addHabit = () => {
    const key = Math.max(...form.values.habits.map((habit) => habit.key)) + 1;
    form.insertListItem('habits', { key, name: '' });
    // Focus the new row so keyboard users can type straight away.
    requestAnimationFrame(() => document.getElementById(`habit-${key}`)?.focus());
  };

  return (
    <Modal opened={shown} onClose={requestClose} title={words.createMonth} centered>
      <form onSubmit={submit} noValidate aria-busy={lock.busy || undefined}>
        <Stack gap="md">
          <TextInput
            label={words.monthField}
            placeholder={t.monthPlaceholder}
            required
            data-autofocus
            {...form.getInputProps('name')}
          />
          {lastMonth && (
            <Stack gap={4}>
              <Button
                variant="light"
                leftSection={<CopyIcon size={16} />}
                loading={template.isPending}
                onClick={copyFromLast}
                h="auto"
                py={6}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
              >
                {copyTexts.button(lastMonth.name)}
              </Button>
              <Text size="sm" role="status" c={template.isError ? 'red' : 'dimmed'}>
                {template.isError
                  ? copyTexts.failed(lastMonth.name)
                  : copied &&
                    (copied.empty
                      ? copyTexts.nothing(copied.from.name)
                      : copyTexts.copied(copied.from.name))}
              </Text>
            </Stack>
          )}
          <TextInput
            label={t.measure}
            description={t.measureHint}
            required
            {...form.getInputProps('measure')}
          />
          <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
            <Text component="legend" fw={500} size="sm" mb={4}>
              {t.habits}
            </Text>
            <Stack gap="xs">
              {form.values.habits.map((habit, index) => (
                <Group key={habit.key} gap="xs" align="flex-start" wrap="nowrap">
                  <TextInput
                    id={`habit-${habit.key}`}
                    label={t.habitNumber(index + 1)}
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
                      aria-label={t.removeHabit(index + 1)}
                      onClick={() => form.removeListItem('habits', index)}
                    >
                      <CloseIcon />
                    </ActionIcon>
                  )}
                </Group>
              ))}
            </Stack>
            <Button variant="light" mt="sm" onClick={addHabit}>
              {words.addHabit}
            </Button>
          </fieldset>
          {asking ? (
            <DiscardQuestion onKeep={() => setAsking(false)} onDiscard={close} />
          ) : (
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={requestClose}>
                {words.close}
              </Button>
              {/* aria-disabled, not disabled: the pressed button keeps keyboard focus meanwhile. */}
              <Button
                type="submit"
                aria-disabled={lock.busy || undefined}
                data-disabled={lock.busy || undefined}
              >
                {words.save}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
