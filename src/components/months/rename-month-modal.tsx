// The month card's Edit ('Edit month'): renames the month, its measure and its habits, adds habits and
// removes them (after a confirm that their ticks go too), all through the contract's detail routes.
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Month } from '../../../contract/entities';
import { MESSAGES, MONTH_NAME_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../contract/rules';
import { app } from '../../i18n/en/app';
import { months } from '../../i18n/en/months';
import { toasts } from '../../i18n/en/toasts';
import { texts, translateMessage, useTexts } from '../../i18n/store';
import { isDeletedElsewhere } from '../../queries/deleted-elsewhere';
import { habitsQueryOptions } from '../../queries/habits';
import { measuresQueryOptions } from '../../queries/measures';
import { useEditMonth } from '../../queries/month-edit';
import { CloseIcon } from '../icons';
import { DiscardQuestion, useLeavePagePrompt } from '../journals/unsaved-guard';
import { useSubmitLock } from '../submit-lock';
import { notifyFailure, notifySuccess } from '../toast';
import { useOpenedAfterMount } from '../use-mounted-once';

interface RenameMonthModalProps {
  month: Month | null;
  onClose: () => void;
}

interface HabitRow {
  /** React key, stable while rows are added and removed. */
  key: number;
  /** null for a habit added here. */
  id: number | null;
  name: string;
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
};

/** Whether two states of the form hold the same text (field by field: key order must not matter). */
function sameEdit(a: EditValues, b: EditValues): boolean {
  const habits = (values: EditValues) =>
    JSON.stringify(values.habits.map(({ id, name }) => [id, name]));
  return (
    a.name === b.name &&
    a.measure === b.measure &&
    a.removed.length === b.removed.length &&
    habits(a) === habits(b)
  );
}

export function RenameMonthModal({ month, onClose }: RenameMonthModalProps) {
  const words = useTexts('app', app);
  const t = useTexts('months', months);
  const opened = month !== null;
  const shown = useOpenedAfterMount(opened);
  const monthId = month?.id ?? 0;
  const habits = useQuery({ ...habitsQueryOptions(monthId), enabled: opened });
  const measures = useQuery({ ...measuresQueryOptions(monthId), enabled: opened });
  const loaded = habits.isSuccess && measures.isSuccess;
  const editMonth = useEditMonth();
  const lock = useSubmitLock();
  const [start, setStart] = useState<EditValues>(EMPTY);
  const [asking, setAsking] = useState(false);
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
      habits: { name: withMax(NAME_MAX_LENGTH) },
    },
  });

  // The name at once when another month opens (it can be typed while the rest loads); the
  // measure and habits once they are read, leaving what was typed in the name alone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when another month opens
  useEffect(() => {
    if (!month) return;
    const values = { ...EMPTY, name: month.name };
    setStart(values);
    form.setValues(values);
    form.clearErrors();
    setAsking(false);
    setConfirming(null);
  }, [month]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill once the month's items are read
  useEffect(() => {
    if (!month || !loaded) return;
    const items = {
      measure: measures.data[0]?.name ?? '',
      hadMeasure: measures.data.length > 0,
      loaded: true,
      habits: habits.data.map((habit, key) => ({ key, id: habit.id, name: habit.name })),
      removed: [],
    };
    setStart({ ...items, name: month.name });
    form.setValues(items);
  }, [month, loaded]);

  const unsaved = opened && loaded && !sameEdit(form.values, start);
  useLeavePagePrompt(unsaved && !lock.busy);

  const close = () => {
    setAsking(false);
    setConfirming(null);
    onClose();
  };
  const requestClose = () => {
    if (lock.isRunning()) return;
    if (confirming !== null) setConfirming(null);
    else if (asking) setAsking(false);
    else if (unsaved) setAsking(true);
    else close();
  };

  const addHabit = () => {
    const key = Math.max(-1, ...form.values.habits.map((habit) => habit.key)) + 1;
    form.insertListItem('habits', { key, id: null, name: '' });
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
                measure: { id: measureId, name: values.measure.trim() },
                habits: values.habits.map(({ id, name }) => ({ id, name: name.trim() })),
                removed: values.removed.map(({ id }) => id),
              }
            : { monthId: month.id, name: values.name.trim() },
        );
        notifySuccess(texts('toasts', toasts).monthRenamed);
        close();
      } catch (error) {
        notifyFailure(texts('toasts', toasts).monthRenameFailed, error);
        // Deleted in another tab or device: its card left the list, so does this dialog.
        if (isDeletedElsewhere(error) && error.kind === 'month') close();
      }
    }),
  );

  return (
    <Modal opened={shown} onClose={requestClose} title={words.editMonth} centered>
      <form onSubmit={submit} noValidate aria-busy={lock.busy || !loaded || undefined}>
        <Stack gap="md">
          <TextInput
            label={words.monthField}
            required
            data-autofocus
            {...form.getInputProps('name')}
          />
          {!loaded ? (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text size="sm">{t.loadingItems}</Text>
            </Group>
          ) : (
            <>
              <TextInput
                label={t.measure}
                required={form.values.hadMeasure}
                {...form.getInputProps('measure')}
              />
              <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
                <Text component="legend" fw={500} size="sm" mb={4}>
                  {t.habits}
                </Text>
                <Stack gap="xs">
                  {form.values.habits.map((habit, index) =>
                    confirming === habit.key ? (
                      <Alert key={habit.key} color="red" role="alertdialog" aria-label={habit.name}>
                        <Text size="sm">{t.removeHabitQuestion(habit.name)}</Text>
                        <Group justify="flex-end" gap="xs" mt="xs">
                          <Button
                            variant="default"
                            size="xs"
                            ref={(button) => button?.focus()}
                            onClick={() => setConfirming(null)}
                          >
                            {t.keepHabit}
                          </Button>
                          <Button color="red" size="xs" onClick={() => removeHabit(index)}>
                            {t.confirmRemoveHabit}
                          </Button>
                        </Group>
                      </Alert>
                    ) : (
                      <Group key={habit.key} gap="xs" align="flex-start" wrap="nowrap">
                        <TextInput
                          id={`edit-habit-${habit.key}`}
                          label={t.habitNumber(index + 1)}
                          required
                          style={{ flex: 1 }}
                          {...form.getInputProps(`habits.${index}.name`)}
                        />
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          mt={25}
                          aria-label={t.removeHabit(index + 1)}
                          onClick={() =>
                            habit.id === null ? removeHabit(index) : setConfirming(habit.key)
                          }
                        >
                          <CloseIcon />
                        </ActionIcon>
                      </Group>
                    ),
                  )}
                </Stack>
                <Button variant="light" mt="sm" onClick={addHabit}>
                  {words.addHabit}
                </Button>
                {form.values.removed.length > 0 && (
                  <Text size="sm" c="red" mt="xs" role="status">
                    {t.removedHabits(form.values.removed.length)}
                  </Text>
                )}
              </fieldset>
            </>
          )}
          {asking ? (
            <DiscardQuestion onKeep={() => setAsking(false)} onDiscard={close} />
          ) : (
            <Group justify="flex-end">
              <Button variant="default" onClick={requestClose}>
                {words.close}
              </Button>
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
