// 'Create a Month' modal (docs/product-rules.md sections 2, 4 and 5): Month, Measure and a Habits
// list; every field required. It offers to fill Measure and Habits from the last month, still
// editable after.
import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Month } from '../../../contract/entities';
import { scheduleOrDaily } from '../../../contract/habit-schedule';
import { periodFromName } from '../../../contract/month-period';
import { MESSAGES, MONTH_NAME_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../contract/rules';
import { app } from '../../i18n/en/app';
import { calendar } from '../../i18n/en/calendar';
import { COPY_TEXTS } from '../../i18n/en/copy-month';
import { habitSchedules } from '../../i18n/en/habit-schedules';
import { months } from '../../i18n/en/months';
import { toasts } from '../../i18n/en/toasts';
import { texts, translateMessage, useLocale, useTexts } from '../../i18n/store';
import { type MonthTemplate, useMonthTemplate } from '../../queries/month-template';
import { monthsQueryOptions, useCreateMonth } from '../../queries/months';
import { CopyIcon } from '../icons';
import { FormActions, useDiscardGuard } from '../journals/unsaved-guard';
import { MoodSwitch } from '../notes/mood-switch';
import { useSubmitLock } from '../submit-lock';
import { notifyFailure, notifySuccess } from '../toast';
import { useOpenedAfterMount } from '../use-mounted-once';
import { HabitRows } from './habit-rows';
import { DAILY_VALUES, scheduleError, toSchedule } from './habit-schedule-fields';
import {
  ExtraMeasureRows,
  emptySettings,
  type MeasureRowValues,
  MeasureSettingsFields,
  rowRules,
  settingsOf,
  settingsRules,
  toMeasureTarget,
} from './measure-fields';
import { NewMonthPrivacy } from './new-month-privacy';
import { NO_PERIOD, PeriodFields, periodOf, periodValues } from './period-fields';
import { scheduleValues } from './schedule-label';

interface CreateMonthModalProps {
  opened: boolean;
  onClose: () => void;
  /** The name to start with (its calendar month read from it), e.g. "November 2026". */
  initialName?: string;
  /** Called with the month once the server has it. */
  onCreated?: (month: Month) => void;
}

// Messages in the active language (the contract's are English).
const withMax = (max: number) => (value: string) =>
  value.trim() === ''
    ? translateMessage(MESSAGES.required)
    : value.length > max
      ? translateMessage(MESSAGES.maxLength(max))
      : null;

const emptyValues = () => ({
  name: '',
  measure: '',
  // Each habit's schedule (daily unless changed).
  habits: [{ key: 0, name: '', schedule: { ...DAILY_VALUES } }],
  // The first measure's unit and target, and the measures after it.
  measureSettings: emptySettings(),
  moreMeasures: [] as MeasureRowValues[],
  // The calendar month, read from the name until the user sets it.
  period: NO_PERIOD,
  // Whether entries ask for a mood.
  moodEnabled: true,
  // Private from the start.
  isPrivate: false,
});

export function CreateMonthModal({
  opened,
  onClose,
  initialName,
  onCreated,
}: CreateMonthModalProps) {
  const words = useTexts('app', app);
  const t = useTexts('months', months);
  const copyTexts = useTexts('copyMonth', COPY_TEXTS);
  const toast = useTexts('toasts', toasts);
  const calendarWords = useTexts('calendar', calendar);
  const scheduleWords = useTexts('habitSchedules', habitSchedules);
  const [periodTouched, setPeriodTouched] = useState(false);
  const shown = useOpenedAfterMount(opened);
  // Shown and queued at once: a later refusal by the server is still the failure toast.
  const createMonth = useCreateMonth({
    onFailure: (error) => notifyFailure(texts('toasts', toasts).monthCreateFailed, error),
    onSaved: (month) => onCreated?.(month),
  });
  // The previous month is the last of the list, as for the navbar's Journals (docs/product-rules.md
  // section 4).
  const lastMonth = useQuery(monthsQueryOptions()).data?.at(-1);
  const template = useMonthTemplate();
  const [copied, setCopied] = useState<{ from: Month; empty: boolean } | null>(null);
  const locale = useLocale();
  const form = useForm({
    initialValues: emptyValues(),
    validate: {
      name: withMax(MONTH_NAME_MAX_LENGTH),
      measure: withMax(NAME_MAX_LENGTH),
      habits: {
        name: withMax(NAME_MAX_LENGTH),
        schedule: (value) => scheduleError(value, scheduleWords.pickADay),
      },
      measureSettings: settingsRules(locale),
      moreMeasures: rowRules(locale),
      period: (value) => (periodOf(value) === undefined ? calendarWords.periodIncomplete : null),
    },
    onValuesChange: (values, previous) => {
      if (!periodTouched && values.name !== previous.name) {
        form.setFieldValue('period', periodValues(periodFromName(values.name)));
      }
    },
  });

  // Opened with a name to start from: set once per opening, as a user's typing would.
  const startName = useRef({ form, initialName });
  startName.current = { form, initialName };
  useEffect(() => {
    const { form: current, initialName: name } = startName.current;
    if (opened && name && current.values.name === '') current.setFieldValue('name', name);
  }, [opened]);

  const lock = useSubmitLock();
  const guard = useDiscardGuard({
    unsaved:
      (opened &&
        [
          form.values.name,
          form.values.measure,
          ...form.values.habits.map((habit) => habit.name),
          form.values.measureSettings.unit,
          form.values.measureSettings.target,
        ].some((text) => text.trim() !== '')) ||
      form.values.moreMeasures.length > 0,
    busy: lock.busy,
    isBusy: lock.isRunning,
    onClose: () => {
      form.setValues(emptyValues());
      form.clearErrors();
      template.reset();
      setCopied(null);
      setPeriodTouched(false);
      onClose();
    },
  });

  // Everything of the month but its name and period: measures with their units and targets,
  // habits with their schedules, and whether it asks for a mood.
  const fillFrom = (month: Month, { measures, habits }: MonthTemplate) => {
    const empty = measures.length === 0 && habits.length === 0;
    if (!empty) {
      form.setFieldValue('measure', measures[0]?.name ?? '');
      form.setFieldValue('measureSettings', settingsOf(measures[0], locale));
      form.setFieldValue(
        'moreMeasures',
        measures.slice(1).map((measure, key) => ({
          key,
          id: null,
          name: measure.name,
          ...settingsOf(measure, locale),
        })),
      );
      form.setFieldValue(
        'habits',
        habits.length > 0
          ? habits.map((habit, key) => ({
              key,
              name: habit.name,
              schedule: scheduleValues(scheduleOrDaily(habit.schedule)),
            }))
          : [{ key: 0, name: '', schedule: { ...DAILY_VALUES } }],
      );
      form.setFieldValue('moodEnabled', month.mood_enabled ?? true);
      form.clearErrors();
    }
    setCopied({ from: month, empty });
  };

  const copyFromLast = () => {
    if (!lastMonth) return;
    setCopied(null);
    template.mutate(lastMonth.id, { onSuccess: (found) => fillFrom(lastMonth, found) });
  };

  const submit = form.onSubmit(({ name, measure, habits, measureSettings, moreMeasures, period }) =>
    lock.run(async () => {
      try {
        await createMonth.mutateAsync({
          name: name.trim(),
          period: periodOf(period) ?? null,
          moodEnabled: form.values.moodEnabled,
          ...(form.values.isPrivate ? { private: true } : {}),
          measure: measure.trim(),
          habits: habits.map((habit) => habit.name.trim()),
          habitSchedules: habits.map((habit) => toSchedule(habit.schedule)),
          measureTarget: toMeasureTarget(measureSettings, locale),
          moreMeasures: moreMeasures.map((row) => ({
            name: row.name.trim(),
            ...toMeasureTarget(row, locale),
          })),
        });
        notifySuccess(toast.monthCreated);
        guard.close();
      } catch (error) {
        notifyFailure(toast.monthCreateFailed, error);
      }
    }),
  );

  const addHabit = () => {
    const key = Math.max(...form.values.habits.map((habit) => habit.key)) + 1;
    form.insertListItem('habits', { key, name: '', schedule: { ...DAILY_VALUES } });
    // Focus the new row so keyboard users can type straight away.
    requestAnimationFrame(() => document.getElementById(`habit-${key}`)?.focus());
  };

  return (
    <Modal opened={shown} onClose={guard.requestClose} title={words.createMonth} centered>
      <form onSubmit={submit} noValidate aria-busy={lock.busy || undefined}>
        <Stack gap="md">
          <TextInput
            label={words.monthField}
            placeholder={t.monthPlaceholder}
            required
            data-autofocus
            {...form.getInputProps('name')}
          />
          <PeriodFields
            idPrefix="create-month"
            value={form.values.period}
            error={form.errors.period as string | undefined}
            onChange={(value) => {
              setPeriodTouched(true);
              form.setFieldValue('period', value);
            }}
          />
          <MoodSwitch
            checked={form.values.moodEnabled}
            onChange={(checked) => form.setFieldValue('moodEnabled', checked)}
          />
          <NewMonthPrivacy
            checked={form.values.isPrivate}
            onChange={(checked) => form.setFieldValue('isPrivate', checked)}
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
          <Stack gap={4}>
            <TextInput
              label={t.measure}
              description={t.measureHint}
              required
              {...form.getInputProps('measure')}
            />
            <MeasureSettingsFields
              form={form}
              path="measureSettings"
              idPrefix="measure-first"
              name={form.values.measure}
            />
          </Stack>
          <ExtraMeasureRows
            form={form}
            path="moreMeasures"
            rows={form.values.moreMeasures}
            idPrefix="measure"
          />
          <HabitRows
            form={form}
            habits={form.values.habits}
            idPrefix="habit"
            onAdd={addHabit}
            removable={(index) => index > 0}
            onRemove={(_habit, index) => form.removeListItem('habits', index)}
          />
          <FormActions {...guard.actions} busy={lock.busy} mt="sm" />
        </Stack>
      </form>
    </Modal>
  );
}
