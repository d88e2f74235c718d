// The journal modal (docs/product-rules.md sections 2 and 5): the entry's date, Highlight, the
// measure's metric and one checkbox per habit. Used by 'Create a Register' (today, habits unchecked
// by default) and by a card's Edit. What is typed is kept as a draft on the device until saved, and
// closing with unsaved text asks first.
import { Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import type { Habit, Measure } from '../../../contract/entities';
import { dayState, scheduleOrDaily } from '../../../contract/habit-schedule';
import { isCalendarDay } from '../../../contract/local-date';
import {
  dateOutsidePeriod,
  daysInPeriod,
  periodDay,
  periodParts,
} from '../../../contract/month-period';
import { HIGHLIGHT_MAX_LENGTH, MESSAGES, METRIC_LIMIT } from '../../../contract/rules';
import { journals } from '../../i18n/en/journals';
import { measureTargets } from '../../i18n/en/measure-targets';
import { metricInputValue, parseMetric } from '../../i18n/format';
import { type Locale, translateMessage, useLocale, useTexts } from '../../i18n/store';
import { HeldWhileClosing } from '../held-while-closing';
import { MoodPicker } from '../notes/mood-picker';
import { NoteField } from '../notes/note-field';
import { BUSY_SHOWN_AFTER_MS } from '../submit-lock';
import { useOpenedAfterMount } from '../use-mounted-once';
import { clearDraft, readDraft, writeDraft } from './form-draft';
import { HabitState } from './habit-state';
import { goalText, labelWithUnit } from './measure-value';
import { FormActions, useDiscardGuard } from './unsaved-guard';

export interface JournalFormValues {
  /** The day the entry is about, `YYYY-MM-DD` ('' while the date input holds no full date). */
  createdAt: string;
  highlight: string;
  /**
   * In and out of the modal: the number as JavaScript writes it (`7.5`), or ''. Inside, the
   * field shows and takes it in the reader's language (`7,5` in pt-BR).
   */
  metric: string;
  /** habit id → practised */
  practiced: Record<string, boolean>;
  /** The Markdown note ('' or absent: none). */
  note?: string;
  /** Mood: 1 … 5, or null/absent: none. */
  mood?: number | null;
  /** Habit id → skipped (a planned rest; never with practised); absent: none skipped. */
  skipped?: Record<string, boolean>;
  /** Measure id → value of each measure after the first, written as `metric` is; '' for none. */
  moreMetrics?: Record<string, string>;
}

interface JournalFormModalProps {
  opened: boolean;
  title: string;
  measureName: string;
  /** The first measure (for its unit and target), and the measures after it. */
  measure?: Measure;
  moreMeasures?: Measure[];
  habits: Habit[];
  initialValues: JournalFormValues;
  /**
   * Resolves when the save is over; the form stays locked until then. Resolving `true` says the
   * entry is saved (queued, so at once) and the caller closes the modal: the form then
   * stays locked until it opens again, so a second click or Enter landing meanwhile saves nothing.
   */
  onSubmit: (values: JournalFormValues) => unknown;
  onClose: () => void;
  /** Where the unsaved text is kept on this device, e.g. per month and entry; none: no draft. */
  draftKey?: string;
  /** False when the month turned mood off (the faces are not shown); default true. */
  moodEnabled?: boolean;
  /** The month's calendar period (`YYYY-MM`): the date must fall in it, as the server requires. */
  period?: string | null;
}

export function metricError(value: string, locale: Locale = 'en'): string | null {
  if (value.trim() === '') return MESSAGES.required;
  const number = parseMetric(value, locale);
  if (!Number.isFinite(number)) return MESSAGES.invalidNumber;
  if (Math.abs(number) > METRIC_LIMIT) return MESSAGES.maxValue(METRIC_LIMIT);
  return null;
}

export function dateError(value: string, period?: string | null): string | null {
  if (value === '') return MESSAGES.required;
  if (!isCalendarDay(value)) return MESSAGES.invalidDate;
  return dateOutsidePeriod(value, period);
}

function highlightError(value: string): string | null {
  if (value.trim() === '') return MESSAGES.required;
  return value.length > HIGHLIGHT_MAX_LENGTH ? MESSAGES.maxLength(HIGHLIGHT_MAX_LENGTH) : null;
}

/** A metric as JavaScript writes it (`7.5`) shown in the reader's language (`7,5`). */
function shownMetric(value: string, locale: Locale): string {
  const metric = value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(metric) ? metricInputValue(metric, locale) : value;
}

/** The caller's values as the form shows them: the metrics in the reader's language. */
function shown(values: JournalFormValues, locale: Locale): JournalFormValues {
  return {
    ...values,
    metric: shownMetric(values.metric, locale),
    moreMetrics: Object.fromEntries(
      Object.entries(values.moreMetrics ?? {}).map(([id, value]) => [
        id,
        shownMetric(value, locale),
      ]),
    ),
  };
}

/**
 * A value of a measure after the first: optional, else as the first's; one saved already can be
 * changed, not emptied (the entry keeps it).
 */
function moreMetricError(value: string | undefined, saved: boolean, locale: Locale): string | null {
  if (!saved && (value === undefined || value.trim() === '')) return null;
  return metricError(value ?? '', locale);
}

/** Field by field, so the order the form keeps its keys in cannot matter. */
function sameValues(a: JournalFormValues, b: JournalFormValues): boolean {
  const ticks = new Set([...Object.keys(a.practiced), ...Object.keys(b.practiced)]);
  return (
    a.createdAt === b.createdAt &&
    a.highlight === b.highlight &&
    (a.note ?? '') === (b.note ?? '') &&
    (a.mood ?? null) === (b.mood ?? null) &&
    a.metric === b.metric &&
    JSON.stringify(a.moreMetrics ?? {}) === JSON.stringify(b.moreMetrics ?? {}) &&
    [...ticks].every((id) => Boolean(a.practiced[id]) === Boolean(b.practiced[id])) &&
    [...new Set([...Object.keys(a.skipped ?? {}), ...Object.keys(b.skipped ?? {})])].every(
      (id) => Boolean(a.skipped?.[id]) === Boolean(b.skipped?.[id]),
    )
  );
}

export function JournalFormModal(props: JournalFormModalProps) {
  const { opened, title, measureName, habits, initialValues, onSubmit, onClose, draftKey } = props;
  const { moodEnabled = true } = props;
  const { measure, moreMeasures = [] } = props;
  const targetWords = useTexts('measureTargets', measureTargets);
  // Read by the form's rules, made once: the month's period, and the entry's saved values of further measures.
  const periodRef = useRef(props.period);
  periodRef.current = props.period;
  const bounds = periodParts(props.period);
  const savedMetrics = useRef(initialValues.moreMetrics);
  savedMetrics.current = initialValues.moreMetrics;
  const isSaved = (id: string | number) => (savedMetrics.current?.[id] ?? '') !== '';
  const t = useTexts('journals', journals);
  const locale = useLocale();
  const visible = useOpenedAfterMount(opened);
  // The rules answer in English (tests compare them with MESSAGES); the form shows the active language.
  const form = useForm<JournalFormValues>({
    initialValues: shown(initialValues, locale),
    validate: {
      createdAt: (value) => translateMessage(dateError(value, periodRef.current)),
      highlight: (value) => translateMessage(highlightError(value)),
      metric: (value) => translateMessage(metricError(value, locale)),
      // One rule for every further measure; each field shows its own message (below).
      moreMetrics: (values) =>
        Object.entries(values ?? {}).some(([id, value]) =>
          moreMetricError(value, isSaved(id), locale),
        )
          ? 'invalid'
          : null,
    },
  });
  // A ref as well as state: a second click or Enter in the same task must already see it.
  const busyRef = useRef(false);
  const [busy, setBusy] = useState(false);
  const [restored, setRestored] = useState(false);
  const [start, setStart] = useState(() => shown(initialValues, locale));
  const unsaved = opened && !sameValues(form.values, start);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when the modal opens
  useEffect(() => {
    if (!opened) return;
    const fresh = shown(initialValues, locale);
    const draft = draftKey ? readDraft<JournalFormValues>(draftKey) : null;
    setStart(fresh);
    // A fresh form after a save (which kept it locked while the modal closed).
    busyRef.current = false;
    setBusy(false);
    form.setValues(draft ? { ...fresh, ...draft } : fresh);
    setRestored(draft !== null && !sameValues({ ...fresh, ...draft }, fresh));
    form.clearErrors();
    guard.keepEditing();
  }, [opened]);

  // The entry's data that arrives while the dialog is open (its values, saved a moment ago in
  // another tab or read from the server) fills the fields the user has not changed: opened
  // before a value came, the dialog would otherwise ask for it as if it were missing.
  const fresh = shown(initialValues, locale);
  const freshKey = JSON.stringify(fresh);
  /** The data the form was last filled from while open; null while closed (opening fills it). */
  const filledFrom = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the entry's data changes
  useEffect(() => {
    if (!opened) {
      filledFrom.current = null;
      return;
    }
    const opening = filledFrom.current === null;
    if (opening || filledFrom.current === freshKey) {
      filledFrom.current = freshKey;
      return;
    }
    filledFrom.current = freshKey;
    if (busyRef.current || sameValues(fresh, start)) return;
    const untouched = (field: keyof JournalFormValues) =>
      JSON.stringify(form.values[field] ?? null) === JSON.stringify(start[field] ?? null);
    const next = { ...form.values };
    for (const field of Object.keys(fresh) as (keyof JournalFormValues)[])
      if (untouched(field)) Object.assign(next, { [field]: fresh[field] });
    setStart(fresh);
    form.setValues(next);
  }, [opened, freshKey]);

  // Every change is kept on the device until it is saved or discarded.
  useEffect(() => {
    if (!draftKey || !opened || busyRef.current) return;
    if (unsaved) writeDraft(draftKey, form.values);
    else clearDraft(draftKey);
  }, [draftKey, opened, unsaved, form.values]);

  const guard = useDiscardGuard({
    unsaved,
    busy,
    isBusy: () => busyRef.current,
    onClose: () => {
      if (draftKey) clearDraft(draftKey);
      onClose();
    },
  });

  const submit = form.onSubmit(async (values) => {
    if (busyRef.current) return;
    busyRef.current = true;
    // The lock holds at once (the ref); it is shown only if the save takes a moment (a queued save
    // does not): drawing the form locked first cost each Save a render of it before its card.
    const showBusy = setTimeout(() => setBusy(true), BUSY_SHOWN_AFTER_MS);
    guard.keepEditing();
    const metric = parseMetric(values.metric, locale);
    const written = (text: string) => {
      const number = parseMetric(text, locale);
      return Number.isFinite(number) ? String(number) : '';
    };
    let saved = false;
    try {
      saved =
        (await onSubmit({
          ...values,
          metric: Number.isFinite(metric) ? String(metric) : '',
          moreMetrics: Object.fromEntries(
            Object.entries(values.moreMetrics ?? {}).map(([id, text]) => [id, written(text)]),
          ),
        })) === true;
    } finally {
      clearTimeout(showBusy);
      // Saved: the modal is closing; it unlocks when it opens again (above).
      if (!saved) {
        busyRef.current = false;
        setBusy(false);
      }
    }
  });

  // The caller closes the modal once the save succeeds (or the entry turns out deleted): the draft
  // is done with. Discarding cleared it already; leaving the page keeps it (the modal unmounts open).
  // The caller may drop the key as it closes (the edited entry): remember the last one.
  const lastDraftKey = useRef(draftKey);
  if (draftKey) lastDraftKey.current = draftKey;
  useEffect(() => {
    if (!opened && lastDraftKey.current) clearDraft(lastDraftKey.current);
  }, [opened]);

  const length = form.values.highlight.length;
  const atLimit = length >= HIGHLIGHT_MAX_LENGTH;

  return (
    <Modal opened={visible} onClose={guard.requestClose} title={title} centered>
      <HeldWhileClosing open={visible}>
        <form onSubmit={submit} noValidate aria-busy={busy || undefined}>
          <Stack gap="md">
            {restored && (
              <Text size="sm" c="dimmed" role="status">
                {t.draftRestored}
              </Text>
            )}
            {/* The browser's own date picker: keyboard-friendly, localized, and no date library. */}
            <TextInput
              type="date"
              label={t.date}
              description={t.dateHint}
              required
              // The picker offers the month's own days when it has a period.
              min={bounds ? periodDay(bounds, 1) : '0001-01-01'}
              max={bounds ? periodDay(bounds, daysInPeriod(bounds)) : '9999-12-31'}
              {...form.getInputProps('createdAt')}
            />
            <div>
              <Textarea
                label={t.highlight}
                description={t.highlightHint}
                required
                rows={3}
                data-autofocus
                // The browser stops typing and pasting at the limit, so nothing is refused on Save.
                maxLength={HIGHLIGHT_MAX_LENGTH}
                aria-describedby="highlight-count"
                {...form.getInputProps('highlight')}
              />
              <Text
                id="highlight-count"
                size="xs"
                ta="right"
                mt={4}
                // At the limit in the text's own colour and bold: red this small would be too faint.
                c={atLimit ? undefined : 'dimmed'}
                fw={atLimit ? 700 : undefined}
              >
                {t.charactersLeft(length, HIGHLIGHT_MAX_LENGTH)}
                {atLimit ? ` · ${t.limitReached}` : ''}
              </Text>
            </div>
            {/* Kept when the month turns mood off later; only the faces are hidden. */}
            {moodEnabled && (
              <MoodPicker
                value={form.values.mood ?? null}
                onChange={(mood) => form.setFieldValue('mood', mood)}
              />
            )}
            <TextInput
              label={labelWithUnit(measureName, measure?.unit)}
              description={goalText(measure, locale, targetWords)}
              inputMode="decimal"
              required
              {...form.getInputProps('metric')}
            />
            {moreMeasures.map((more) => {
              const value = form.values.moreMetrics?.[more.id] ?? '';
              const saved = isSaved(more.id);
              const error = form.errors.moreMetrics
                ? translateMessage(moreMetricError(value, saved, locale))
                : null;
              return (
                <TextInput
                  key={more.id}
                  label={labelWithUnit(more.name, more.unit)}
                  description={goalText(more, locale, targetWords) ?? targetWords.optional}
                  inputMode="decimal"
                  required={saved}
                  value={value}
                  error={error}
                  onChange={(event) =>
                    form.setFieldValue('moreMetrics', {
                      ...form.values.moreMetrics,
                      [more.id]: event.currentTarget.value,
                    })
                  }
                />
              );
            })}
            {habits.length > 0 && (
              <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
                <Text component="legend" fw={500} size="sm" mb="xs">
                  {t.habits}
                </Text>
                <Stack gap="xs" align="flex-start">
                  {habits.map((habit) => (
                    <HabitState
                      key={habit.id}
                      id={`journal-form-habit-${habit.id}`}
                      name={habit.name}
                      state={dayState(
                        form.values.practiced[habit.id] === true,
                        form.values.skipped?.[habit.id] === true,
                      )}
                      schedule={scheduleOrDaily(habit.schedule)}
                      date={form.values.createdAt}
                      onChange={(state) => {
                        form.setFieldValue(`practiced.${habit.id}`, state === 'done');
                        form.setFieldValue('skipped', {
                          ...form.values.skipped,
                          [habit.id]: state === 'skipped',
                        });
                      }}
                    />
                  ))}
                </Stack>
              </fieldset>
            )}
            <NoteField
              value={form.values.note ?? ''}
              onChange={(note) => form.setFieldValue('note', note)}
            />
            <FormActions {...guard.actions} busy={busy} mt="sm" />
          </Stack>
        </form>
      </HeldWhileClosing>
    </Modal>
  );
}
