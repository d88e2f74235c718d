// The month modals' Habits list: a name and a schedule per habit, its remove button, and 'Add Habit +'.
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { app } from '../../i18n/en/app';
import { months } from '../../i18n/en/months';
import { useTexts } from '../../i18n/store';
import { CloseIcon } from '../icons';
import { HabitScheduleFields, type ScheduleValues } from './habit-schedule-fields';
import type { AnyForm } from './measure-fields';
import { RemoveQuestion } from './remove-question';

interface HabitRowValues {
  /** React key, stable while rows are added and removed. */
  key: number;
  name: string;
  schedule: ScheduleValues;
}

interface HabitRowsProps<Row extends HabitRowValues> {
  /** A form holding the rows at `habits`. */
  form: AnyForm;
  habits: Row[];
  /** Prefix of the inputs' ids: `${idPrefix}-${key}` is a row's name. */
  idPrefix: string;
  onAdd: () => void;
  /** Whether the row at `index` has a remove button (all by default), and what pressing it does. */
  removable?: (index: number) => boolean;
  onRemove: (habit: Row, index: number) => void;
  /** The key of the row whose removal is being asked about: the question shows in its place. */
  confirming?: number | null;
  onKeep?: () => void;
  onConfirm?: (index: number) => void;
  /** Shown under 'Add Habit +'. */
  children?: ReactNode;
}

export function HabitRows<Row extends HabitRowValues>(props: HabitRowsProps<Row>) {
  const { form, habits, idPrefix, onAdd, removable = () => true, onRemove, confirming } = props;
  const words = useTexts('app', app);
  const t = useTexts('months', months);
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
      <Text component="legend" fw={500} size="sm" mb={4}>
        {t.habits}
      </Text>
      <Stack gap="xs">
        {habits.map((habit, index) =>
          confirming === habit.key ? (
            <RemoveQuestion
              key={habit.key}
              name={habit.name}
              question={t.removeHabitQuestion(habit.name)}
              keepLabel={t.keepHabit}
              removeLabel={t.confirmRemoveHabit}
              onKeep={() => props.onKeep?.()}
              onRemove={() => props.onConfirm?.(index)}
            />
          ) : (
            <Group key={habit.key} gap="xs" align="flex-start" wrap="nowrap">
              <Stack gap={4} style={{ flex: 1 }}>
                <TextInput
                  id={`${idPrefix}-${habit.key}`}
                  label={t.habitNumber(index + 1)}
                  required
                  {...form.getInputProps(`habits.${index}.name`)}
                />
                <HabitScheduleFields
                  idPrefix={`${idPrefix}-${habit.key}-schedule`}
                  habitName={habit.name}
                  value={habit.schedule}
                  error={form.errors[`habits.${index}.schedule`] as string | undefined}
                  onChange={(value) => form.setFieldValue(`habits.${index}.schedule`, value)}
                />
              </Stack>
              {removable(index) && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mt={25}
                  aria-label={t.removeHabit(index + 1)}
                  onClick={() => onRemove(habit, index)}
                >
                  <CloseIcon />
                </ActionIcon>
              )}
            </Group>
          ),
        )}
      </Stack>
      <Button variant="light" mt="sm" onClick={onAdd}>
        {words.addHabit}
      </Button>
      {props.children}
    </fieldset>
  );
}
