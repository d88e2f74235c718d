// The month card's Edit ('Edit month'): renames the month, its measure and its habits, adds habits and
// removes them (after a confirm that their ticks go too), all through the contract's detail routes.
import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Month } from '../../../contract/entities';
import { scheduleOrDaily } from '../../../contract/habit-schedule';
import { MESSAGES, MONTH_NAME_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../contract/rules';
import { app } from '../../i18n/en/app';
import { calendar } from '../../i18n/en/calendar';
import { habitSchedules } from '../../i18n/en/habit-schedules';
import { measureTargets } from '../../i18n/en/measure-targets';
import { months } from '../../i18n/en/months';
import { toasts } from '../../i18n/en/toasts';
import { texts, translateMessage, useLocale, useTexts } from '../../i18n/store';
import { isOfflineError } from '../../offline-error';
import { isDeletedElsewhere } from '../../queries/deleted-elsewhere';
import { habitsQueryOptions } from '../../queries/habits';
import { measuresQueryOptions } from '../../queries/measures';
import { useEditMonth } from '../../queries/month-edit';
import { FormActions, useDiscardGuard } from '../journals/unsaved-guard';
import { MoodSwitch } from '../notes/mood-switch';
import { useSubmitLock } from '../submit-lock';
import { notifyFailure, notifySuccess } from '../toast';
import { useOpenedAfterMount } from '../use-mounted-once';
import { HabitRows } from './habit-rows';
import {
  DAILY_VALUES,
  type ScheduleValues,
  scheduleError,
  scheduleValues,
  toSchedule,
} from './habit-schedule-fields';
import {
  ExtraMeasureRows,
  emptySettings,
  type MeasureRowValues,
  MeasureSettingsFields,
  type MeasureSettingsValues,
  rowRules,
  settingsOf,
  settingsRules,
  toMeasureTarget,
} from './measure-fields';
import { MonthPrivacySection } from './month-privacy-section';
import {
  NO_PERIOD,
  PeriodFields,
  type PeriodValues,
  periodOf,
  periodValues,
} from './period-fields';

interface EditMonthModalProps {
  month: Month | null;
  onClose: () => void;
}

interface HabitRow {
  /** React key, stable while rows are added and removed. */
  key: number;
  /** null for a habit added here. */
  id: number | null;
  name: string;
  /** Its schedule (daily unless changed). */
  schedule: ScheduleValues;
}

interface EditValues {
  name: string;
  measure: string;
  /** A month made elsewhere may have no measure: it can stay without one. */
  hadMeasure: boolean;
  /** The measure and habits have been read (until then only the name can be saved). */
  loaded: boolean;
  habits: HabitRow[];
  /** Existing habits the user chose to remove, deleted on Save. */
  removed: { id: number; name: string }[];
  /** The first measure's unit and target, the measures after it, and those to delete. */
  measureSettings: MeasureSettingsValues;
  moreMeasures: MeasureRowValues[];
  removedMeasures: number[];
  /** The calendar month. */
  period: PeriodValues;
  /** Whether entries ask for a mood. */
  moodEnabled: boolean;
}

const withMax = (max: number) => (value: string) =>
  value.trim() === ''
    ? translateMessage(MESSAGES.required)
    : value.length > max
      ? translateMessage(MESSAGES.maxLength(max))
      : null;

const EMPTY: EditValues = {
  name: '',
  measure: '',
  hadMeasure: true,
  loaded: false,
  habits: [],
  removed: [],
  measureSettings: emptySettings(),
  moreMeasures: [],
  removedMeasures: [],
  period: NO_PERIOD,
  moodEnabled: true,
};

/** Whether two states of the form hold the same text (field by field: key order must not matter). */
function sameEdit(a: EditValues, b: EditValues): boolean {
  const habits = (values: EditValues) =>
    JSON.stringify(values.habits.map(({ id, name, schedule }) => [id, name, toSchedule(schedule)]));
  const settings = ({ unit, target, direction }: MeasureSettingsValues) => [
    unit,
    target,
    direction,
  ];
  const measures = (values: EditValues) =>
    JSON.stringify([
      settings(values.measureSettings),
      values.removedMeasures,
      ...values.moreMeasures.map((row) => [row.id, row.name, ...settings(row)]),
    ]);
  return (
    a.name === b.name &&
    a.period.month === b.period.month &&
    a.period.year === b.period.year &&
    a.moodEnabled === b.moodEnabled &&
    a.measure === b.measure &&
    a.removed.length === b.removed.length &&
    habits(a) === habits(b) &&
    measures(a) === measures(b)
  );
}

export function EditMonthModal({ month, onClose }: EditMonthModalProps) {
  const words = useTexts('app', app);
  const t = useTexts('months', months);
  const opened = month !== null;
  const locale = useLocale();
  const shown = useOpenedAfterMount(opened);
  const monthId = month?.id ?? 0;
  const habits = useQuery({ ...habitsQueryOptions(monthId), enabled: opened });
  const measures = useQuery({ ...measuresQueryOptions(monthId), enabled: opened });
  const loaded = habits.isSuccess && measures.isSuccess;
  // Not read and not readable now (offline, a month never opened on this device; or a failed
  // read): the name, period and mood can still be edited, the rest says why it is missing.
  const waitsForNetwork = (query: typeof habits | typeof measures) =>
    isOfflineError(query.error) || (query.isPending && query.fetchStatus === 'paused');
  const offline = !loaded && (waitsForNetwork(habits) || waitsForNetwork(measures));
  const unreadable = offline || (!loaded && (habits.isError || measures.isError));
  // Shown and queued at once: a later refusal by the server is still the failure toast.
  const editMonth = useEditMonth({
    onFailure: (error) => notifyFailure(texts('toasts', toasts).monthRenameFailed, error),
  });
  const lock = useSubmitLock();
  const [start, setStart] = useState<EditValues>(EMPTY);
  /** The key of the existing habit whose removal is being confirmed. */
  const [confirming, setConfirming] = useState<number | null>(null);
  const form = useForm<EditValues>({
    initialValues: EMPTY,
    validate: {
      name: withMax(MONTH_NAME_MAX_LENGTH),
      measure: (value, values) =>
        !values.loaded || (!values.hadMeasure && value.trim() === '')
          ? null
          : withMax(NAME_MAX_LENGTH)(value),
      habits: {
        name: withMax(NAME_MAX_LENGTH),
        schedule: (value) => scheduleError(value, texts('habitSchedules', habitSchedules).pickADay),
      },
      measureSettings: settingsRules(locale),
      moreMeasures: rowRules(locale),
      period: (value) =>
        periodOf(value) === undefined ? texts('calendar', calendar).periodIncomplete : null,
    },
  });

  // The name at once when another month opens (it can be typed while the rest loads); the
  // measure and habits once they are read, leaving what was typed in the name alone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when another month opens
  useEffect(() => {
    if (!month) return;
    const values = {
      ...EMPTY,
      name: month.name,
      period: periodValues(month.period),
      moodEnabled: month.mood_enabled !== false,
    };
    setStart(values);
    form.setValues(values);
    form.clearErrors();
    guard.keepEditing();
    setConfirming(null);
    // By id: the same month changed meanwhile (made private here, edited in another tab) keeps
    // what is typed.
  }, [month?.id]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill once the month's items are read
  useEffect(() => {
    if (!month || !loaded) return;
    const items = {
      measure: measures.data[0]?.name ?? '',
      hadMeasure: measures.data.length > 0,
      loaded: true,
      habits: habits.data.map((habit, key) => ({
        key,
        id: habit.id,
        name: habit.name,
        schedule: scheduleValues(scheduleOrDaily(habit.schedule)),
      })),
      removed: [],
      measureSettings: settingsOf(measures.data[0], locale),
      moreMeasures: measures.data.slice(1).map((measure, key) => ({
        key,
        id: measure.id,
        name: measure.name,
        ...settingsOf(measure, locale),
      })),
      removedMeasures: [],
    };
    setStart({
      ...items,
      name: month.name,
      period: periodValues(month.period),
      moodEnabled: month.mood_enabled !== false,
    });
    form.setValues(items);
  }, [month, loaded]);

  // Before the measure and habits are read too: a name typed meanwhile is not dropped silently.
  const guard = useDiscardGuard({
    unsaved: opened && !sameEdit(form.values, start),
    busy: lock.busy,
    isBusy: lock.isRunning,
    onClose: () => {
      setConfirming(null);
      onClose();
    },
  });
  // A habit's removal being confirmed: closing answers "keep it" first.
  const requestClose = () => {
    if (confirming !== null && !lock.isRunning()) setConfirming(null);
    else guard.requestClose();
  };

  const addHabit = () => {
    const key = Math.max(-1, ...form.values.habits.map((habit) => habit.key)) + 1;
    form.insertListItem('habits', { key, id: null, name: '', schedule: { ...DAILY_VALUES } });
    requestAnimationFrame(() => document.getElementById(`edit-habit-${key}`)?.focus());
  };

  const removeHabit = (index: number) => {
    const habit = form.values.habits[index];
    if (!habit) return;
    if (habit.id !== null) {
      form.setFieldValue('removed', [...form.values.removed, { id: habit.id, name: habit.name }]);
    }
    form.removeListItem('habits', index);
    setConfirming(null);
  };

  const submit = form.onSubmit((values) =>
    lock.run(async () => {
      if (!month) return;
      const measureId = measures.data?.[0]?.id ?? null;
      try {
        // Saved before the measure and habits were read: the name alone.
        await editMonth.mutateAsync(
          loaded
            ? {
                monthId: month.id,
                name: values.name.trim(),
                period: periodOf(values.period) ?? null,
                moodEnabled: values.moodEnabled,
                measure: { id: measureId, name: values.measure.trim() },
                habits: values.habits.map(({ id, name, schedule }) => ({
                  id,
                  name: name.trim(),
                  schedule: toSchedule(schedule),
                })),
                removed: values.removed.map(({ id }) => id),
                measureTarget: toMeasureTarget(values.measureSettings, locale),
                moreMeasures: values.moreMeasures.map((row) => ({
                  id: row.id,
                  name: row.name.trim(),
                  ...toMeasureTarget(row, locale),
                })),
                removedMeasures: values.removedMeasures,
              }
            : {
                monthId: month.id,
                name: values.name.trim(),
                period: periodOf(values.period) ?? null,
                moodEnabled: values.moodEnabled,
              },
        );
        notifySuccess(texts('toasts', toasts).monthRenamed);
        guard.close();
      } catch (error) {
        notifyFailure(texts('toasts', toasts).monthRenameFailed, error);
        // Deleted in another tab or device: its card left the list, so does this dialog.
        if (isDeletedElsewhere(error) && error.kind === 'month') guard.close();
      }
    }),
  );

  return (
    <Modal opened={shown} onClose={requestClose} title={words.editMonth} centered>
      <form
        onSubmit={submit}
        noValidate
        aria-busy={lock.busy || (!loaded && !unreadable) || undefined}
      >
        <Stack gap="md">
          <TextInput
            label={words.monthField}
            required
            data-autofocus
            {...form.getInputProps('name')}
          />
          <PeriodFields
            idPrefix="edit-month"
            value={form.values.period}
            error={form.errors.period as string | undefined}
            onChange={(value) => form.setFieldValue('period', value)}
          />
          <MoodSwitch
            checked={form.values.moodEnabled}
            onChange={(checked) => form.setFieldValue('moodEnabled', checked)}
          />
          {unreadable ? (
            <Alert
              role="status"
              color={offline ? 'gray' : 'red'}
              title={offline ? words.offlineTitle : words.errorTitle}
            >
              <Text size="sm">{offline ? t.itemsOffline : `${t.measure} · ${t.habits}`}</Text>
              {!offline && (
                <Button
                  variant="light"
                  size="xs"
                  mt="xs"
                  onClick={() => {
                    if (habits.isError) void habits.refetch();
                    if (measures.isError) void measures.refetch();
                  }}
                >
                  {words.tryAgain}
                </Button>
              )}
            </Alert>
          ) : !loaded ? (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text size="sm">{t.loadingItems}</Text>
            </Group>
          ) : (
            <>
              <Stack gap={4}>
                <TextInput
                  label={t.measure}
                  required={form.values.hadMeasure}
                  {...form.getInputProps('measure')}
                />
                <MeasureSettingsFields
                  form={form}
                  path="measureSettings"
                  idPrefix="edit-measure-first"
                  name={form.values.measure}
                />
              </Stack>
              <ExtraMeasureRows
                form={form}
                path="moreMeasures"
                rows={form.values.moreMeasures}
                idPrefix="edit-measure"
                onRemoveStored={(row) => {
                  if (row.id !== null)
                    form.setFieldValue('removedMeasures', [...form.values.removedMeasures, row.id]);
                }}
              />
              {form.values.removedMeasures.length > 0 && (
                <Text size="sm" c="red" role="status">
                  {texts('measureTargets', measureTargets).removedMeasures(
                    form.values.removedMeasures.length,
                  )}
                </Text>
              )}
              <HabitRows
                form={form}
                habits={form.values.habits}
                idPrefix="edit-habit"
                onAdd={addHabit}
                onRemove={(habit, index) =>
                  habit.id === null ? removeHabit(index) : setConfirming(habit.key)
                }
                confirming={confirming}
                onKeep={() => setConfirming(null)}
                onConfirm={removeHabit}
              >
                {form.values.removed.length > 0 && (
                  <Text size="sm" c="red" mt="xs" role="status">
                    {t.removedHabits(form.values.removed.length)}
                  </Text>
                )}
              </HabitRows>
            </>
          )}
          {month && <MonthPrivacySection month={month} />}
          <FormActions {...guard.actions} onClose={requestClose} busy={lock.busy} />
        </Stack>
      </form>
    </Modal>
  );
}
