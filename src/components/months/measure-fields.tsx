// A measure's unit, daily target and direction, and the extra measure rows ('Add measure +') of the
// month modals.
import { ActionIcon, Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import type { Measure } from '../../../contract/entities';
import {
  MEASURE_UNIT_MAX_LENGTH,
  type MeasureTarget,
  type TargetDirection,
} from '../../../contract/measure-target-rules';
import { MESSAGES, METRIC_LIMIT, NAME_MAX_LENGTH } from '../../../contract/rules';
import { measureTargets } from '../../i18n/en/measure-targets';
import { metricInputValue, parseMetric } from '../../i18n/format';
import { type Locale, translateMessage, useTexts } from '../../i18n/store';
import { CloseIcon } from '../icons';
import { RemoveQuestion } from './remove-question';

/** A measure's unit and target as the form holds them: text, the target in the reader's language. */
export interface MeasureSettingsValues {
  unit: string;
  target: string;
  direction: TargetDirection;
}

export interface MeasureRowValues extends MeasureSettingsValues {
  /** React key, stable while rows are added and removed. */
  key: number;
  /** null: a measure added here. */
  id: number | null;
  name: string;
}

export const emptySettings = (): MeasureSettingsValues => ({
  unit: '',
  target: '',
  direction: 'at_least',
});

/** A stored measure's settings for the form. */
export function settingsOf(measure: Measure | undefined, locale: Locale): MeasureSettingsValues {
  return {
    unit: measure?.unit ?? '',
    target:
      measure?.target === null || measure?.target === undefined
        ? ''
        : metricInputValue(measure.target, locale),
    direction: measure?.target_direction ?? 'at_least',
  };
}

/** The form's settings as the API takes them: blank unit or target is none. */
export function toMeasureTarget(values: MeasureSettingsValues, locale: Locale): MeasureTarget {
  const target = values.target.trim() === '' ? null : parseMetric(values.target, locale);
  const valid = target !== null && Number.isFinite(target);
  return {
    unit: values.unit.trim() || null,
    target: valid ? target : null,
    target_direction: valid ? values.direction : null,
  };
}

/** Whether two forms' settings mean the same thing. */
export function sameTarget(a: MeasureTarget, b: Partial<MeasureTarget>): boolean {
  return (
    a.unit === (b.unit ?? null) &&
    a.target === (b.target ?? null) &&
    a.target_direction === (b.target_direction ?? null)
  );
}

/** The English rule (tests compare with MESSAGES); callers translate. */
export function targetError(value: string, locale: Locale): string | null {
  if (value.trim() === '') return null;
  const number = parseMetric(value, locale);
  if (!Number.isFinite(number)) return MESSAGES.invalidNumber;
  return Math.abs(number) > METRIC_LIMIT ? MESSAGES.maxValue(METRIC_LIMIT) : null;
}

const requiredName = (value: string) =>
  value.trim() === ''
    ? translateMessage(MESSAGES.required)
    : value.length > NAME_MAX_LENGTH
      ? translateMessage(MESSAGES.maxLength(NAME_MAX_LENGTH))
      : null;

/** Mantine form rules for a settings object and for the rows. */
export function settingsRules(locale: Locale) {
  return {
    target: (value: string) => translateMessage(targetError(value, locale)),
  };
}
export function rowRules(locale: Locale) {
  return { name: requiredName, ...settingsRules(locale) };
}

// The form's type is the caller's; the paths below are built from `path`, which it names.
// biome-ignore lint/suspicious/noExplicitAny: any form holding MeasureSettingsValues at `path`
export type AnyForm = UseFormReturnType<any>;

interface SettingsProps {
  form: AnyForm;
  /** Where the settings live in the form, e.g. `measureSettings` or `moreMeasures.0`. */
  path: string;
  /** Prefix of the inputs' ids. */
  idPrefix: string;
  /** The measure's name, for the group's accessible name. */
  name: string;
}

/** Unit, target and direction on one row (wrapping on phones). */
export function MeasureSettingsFields({ form, path, idPrefix, name }: SettingsProps) {
  const t = useTexts('measureTargets', measureTargets);
  return (
    <Group
      role="group"
      aria-label={t.settingsOf(name.trim())}
      gap="xs"
      align="flex-start"
      wrap="wrap"
    >
      <TextInput
        id={`${idPrefix}-unit`}
        label={t.unit}
        placeholder={t.unitPlaceholder}
        // The browser stops typing at the limit, so nothing is refused on Save.
        maxLength={MEASURE_UNIT_MAX_LENGTH}
        style={{ flex: '1 1 80px', minWidth: 80 }}
        {...form.getInputProps(`${path}.unit`)}
      />
      <TextInput
        id={`${idPrefix}-target`}
        label={t.target}
        placeholder={t.targetPlaceholder}
        inputMode="decimal"
        style={{ flex: '1 1 90px', minWidth: 90 }}
        {...form.getInputProps(`${path}.target`)}
      />
      <NativeSelect
        id={`${idPrefix}-direction`}
        label={t.direction}
        data={[
          { value: 'at_least', label: t.atLeast },
          { value: 'at_most', label: t.atMost },
        ]}
        style={{ flex: '2 1 160px' }}
        {...form.getInputProps(`${path}.direction`)}
      />
    </Group>
  );
}

interface RowsProps {
  form: AnyForm;
  /** The rows' path in the form, e.g. `moreMeasures`. */
  path: string;
  rows: MeasureRowValues[];
  /** Measures before these rows (the first measure's field): numbering starts after them. */
  before?: number;
  idPrefix: string;
  /** Removing a stored measure asks first (its values go with it); called when confirmed. */
  onRemoveStored?: (row: MeasureRowValues) => void;
}

/** The measures after the first: a name, its settings and a remove button each, and 'Add measure +'. */
export function ExtraMeasureRows(props: RowsProps) {
  const { form, path, rows, before = 1, idPrefix, onRemoveStored } = props;
  const t = useTexts('measureTargets', measureTargets);
  const [confirming, setConfirming] = useState<number | null>(null);

  const add = () => {
    const key = Math.max(-1, ...rows.map((row) => row.key)) + 1;
    form.insertListItem(path, { key, id: null, name: '', ...emptySettings() });
    requestAnimationFrame(() => document.getElementById(`${idPrefix}-${key}`)?.focus());
  };
  const remove = (index: number) => {
    const row = rows[index];
    if (!row) return;
    if (row.id !== null) onRemoveStored?.(row);
    form.removeListItem(path, index);
    setConfirming(null);
    // Focus goes back to the add button rather than to the page.
    requestAnimationFrame(() => document.getElementById(`${idPrefix}-add`)?.focus());
  };

  return (
    <Stack gap="sm">
      {rows.map((row, index) =>
        confirming === row.key ? (
          <RemoveQuestion
            key={row.key}
            name={row.name}
            question={t.removeMeasureQuestion(row.name)}
            keepLabel={t.keepMeasure}
            removeLabel={t.confirmRemoveMeasure}
            onKeep={() => setConfirming(null)}
            onRemove={() => remove(index)}
          />
        ) : (
          <Stack key={row.key} gap={4} className="mb-measure-row">
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                id={`${idPrefix}-${row.key}`}
                label={t.measureNumber(before + index + 1)}
                required
                style={{ flex: 1 }}
                {...form.getInputProps(`${path}.${index}.name`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mt={25}
                aria-label={t.removeMeasure(before + index + 1)}
                onClick={() => (row.id === null ? remove(index) : setConfirming(row.key))}
              >
                <CloseIcon />
              </ActionIcon>
            </Group>
            <MeasureSettingsFields
              form={form}
              path={`${path}.${index}`}
              idPrefix={`${idPrefix}-${row.key}`}
              name={row.name}
            />
          </Stack>
        ),
      )}
      {/* Beyond the quota (20 a month) the server says so on Save. */}
      <Button id={`${idPrefix}-add`} variant="light" onClick={add} style={{ alignSelf: 'start' }}>
        {t.addMeasure}
      </Button>
    </Stack>
  );
}
