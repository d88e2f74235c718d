// The month modals' calendar month: a month and a year, both or neither, clearable.
import { ActionIcon, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import {
  formatPeriod,
  PERIOD_MAX_YEAR,
  PERIOD_MIN_YEAR,
  periodParts,
} from '../../../contract/month-period';
import { calendar } from '../../i18n/en/calendar';
import { useLocale, useTexts } from '../../i18n/store';
import { CloseIcon } from '../icons';

/** The fields as typed: `month` '' or '1'…'12', `year` any text. */
export interface PeriodValues {
  month: string;
  year: string;
}

export const NO_PERIOD: PeriodValues = { month: '', year: '' };

export function periodValues(period: string | null | undefined): PeriodValues {
  const parts = periodParts(period);
  return parts ? { month: String(parts.month), year: String(parts.year) } : NO_PERIOD;
}

/** The period the fields say, null for none, or undefined when they are half filled or out of range. */
export function periodOf({ month, year }: PeriodValues): string | null | undefined {
  const trimmed = year.trim();
  if (month === '' && trimmed === '') return null;
  const number = Number(trimmed);
  if (month === '' || !/^\d{4}$/.test(trimmed)) return undefined;
  if (number < PERIOD_MIN_YEAR || number > PERIOD_MAX_YEAR) return undefined;
  return formatPeriod({ year: number, month: Number(month) });
}

interface PeriodFieldsProps {
  value: PeriodValues;
  onChange: (value: PeriodValues) => void;
  /** The fields' ids start with it (two modals may be mounted at once). */
  idPrefix: string;
  /** Shown under the fields (the form's message when they are half filled). */
  error?: string | null;
}

export function PeriodFields({ value, onChange, idPrefix, error }: PeriodFieldsProps) {
  const t = useTexts('calendar', calendar);
  const locale = useLocale();
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const options = [
    { value: '', label: t.periodNone },
    ...Array.from({ length: 12 }, (_, index) => ({
      value: String(index + 1),
      label: monthName.format(new Date(Date.UTC(2000, index, 1))),
    })),
  ];
  const set = value.month !== '' || value.year !== '';
  const hintId = `${idPrefix}-period-hint`;
  const errorId = `${idPrefix}-period-error`;
  const describedBy = error ? `${hintId} ${errorId}` : hintId;
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
      <Text component="legend" fw={500} size="sm" mb={2}>
        {t.periodLegend}
      </Text>
      <Text id={hintId} size="xs" c="dimmed" mb={4}>
        {t.periodHint}
      </Text>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <NativeSelect
          id={`${idPrefix}-period-month`}
          label={t.periodMonth}
          data={options}
          value={value.month}
          onChange={(event) => onChange({ ...value, month: event.currentTarget.value })}
          aria-describedby={describedBy}
          aria-invalid={Boolean(error) || undefined}
          style={{ flex: 2 }}
        />
        <TextInput
          id={`${idPrefix}-period-year`}
          label={t.periodYear}
          inputMode="numeric"
          maxLength={4}
          value={value.year}
          onChange={(event) => onChange({ ...value, year: event.currentTarget.value })}
          aria-describedby={describedBy}
          aria-invalid={Boolean(error) || undefined}
          style={{ flex: 1, minWidth: 72 }}
        />
        {set && (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            mb={2}
            aria-label={t.clearPeriod}
            title={t.clearPeriod}
            onClick={() => onChange(NO_PERIOD)}
          >
            <CloseIcon size={16} />
          </ActionIcon>
        )}
      </Group>
      {error && (
        <Text id={errorId} size="xs" c="red" mt={4}>
          {error}
        </Text>
      )}
    </fieldset>
  );
}
