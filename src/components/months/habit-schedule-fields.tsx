// A habit's schedule in the month modals: every day, chosen weekdays, or N times a week.
// The chips' own styles: without them each day showed as a native checkbox beside a bare check mark.
import '@mantine/core/styles/Chip.css';
import { Chip, Group, NativeSelect, Stack, Text } from '@mantine/core';
import type { ScheduleKind } from '../../../contract/habit-schedule';
import { habitSchedules } from '../../i18n/en/habit-schedules';
import { useTexts } from '../../i18n/store';
import { type ScheduleValues, WEEK_ORDER } from './schedule-label';

export {
  DAILY_VALUES,
  type ScheduleValues,
  scheduleError,
  scheduleValues,
  toSchedule,
  useScheduleLabel,
} from './schedule-label';

/** The seven days share the row's width equally, so they fit a phone-wide modal too. */
const CHIP_STYLES = {
  root: { flex: '1 1 0', minWidth: 0, maxWidth: 56 },
  iconWrapper: { display: 'none' },
  label: { width: '100%', paddingInline: 4, justifyContent: 'center' },
} as const;

interface HabitScheduleFieldsProps {
  /** Unique per row: the controls' ids. */
  idPrefix: string;
  habitName: string;
  value: ScheduleValues;
  error?: string | null;
  onChange: (value: ScheduleValues) => void;
}

export function HabitScheduleFields({
  idPrefix,
  habitName,
  value,
  error,
  onChange,
}: HabitScheduleFieldsProps) {
  const t = useTexts('habitSchedules', habitSchedules);
  const groupId = `${idPrefix}-days`;
  const errorId = `${idPrefix}-error`;
  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <NativeSelect
          id={`${idPrefix}-kind`}
          label={t.schedule}
          aria-label={t.scheduleOf(habitName)}
          value={value.kind}
          data={[
            { value: 'daily', label: t.daily },
            { value: 'weekdays', label: t.weekdays },
            { value: 'times_per_week', label: t.timesPerWeek },
          ]}
          onChange={(event) =>
            onChange({ ...value, kind: event.currentTarget.value as ScheduleKind })
          }
        />
        {value.kind === 'times_per_week' && (
          <NativeSelect
            id={`${idPrefix}-times`}
            label={t.timesLabel}
            value={String(value.times)}
            data={['1', '2', '3', '4', '5', '6', '7']}
            onChange={(event) => onChange({ ...value, times: Number(event.currentTarget.value) })}
          />
        )}
      </Group>
      {value.kind === 'weekdays' && (
        <fieldset
          id={groupId}
          aria-describedby={error ? errorId : undefined}
          style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
        >
          <Text component="legend" size="xs" fw={500} mb={2}>
            {t.days}
            <span className="mb-visually-hidden"> ({habitName || t.schedule})</span>
          </Text>
          <Chip.Group
            multiple
            value={value.days.map(String)}
            onChange={(days) => onChange({ ...value, days: days.map(Number).sort() })}
          >
            {/* Seven on one line even in a phone-wide modal: a chosen day is filled rather than
                given a check mark, which widened it and pushed Sunday onto a second line. */}
            <Group gap={4} wrap="nowrap">
              {WEEK_ORDER.map((day) => (
                <Chip
                  key={day}
                  value={String(day)}
                  size="xs"
                  variant="filled"
                  styles={CHIP_STYLES}
                  id={`${idPrefix}-day-${day}`}
                  aria-label={t.dayLong[day]}
                >
                  {t.dayShort[day]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </fieldset>
      )}
      {error && (
        <Text id={errorId} size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
