// The journal modal (spec §2, §5): the entry's date, Highlight, the measure's metric and one checkbox
// per habit. Used by 'Create a Register' (today, habits unchecked by default) and by a card's Edit.
// What is typed is kept as a draft on the device until saved, and closing with unsaved text asks first.
import { Button, Checkbox, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import type { Habit } from '../../../contract/entities';
import { HIGHLIGHT_MAX_LENGTH, MESSAGES, METRIC_LIMIT } from '../../../contract/rules';
import { app } from '../../i18n/en/app';
import { journals } from '../../i18n/en/journals';
import { metricInputValue, parseMetric } from '../../i18n/format';
import { type Locale, translateMessage, useLocale, useTexts } from '../../i18n/store';
import { useOpenedAfterMount } from '../use-mounted-once';
import { clearDraft, readDraft, writeDraft } from './form-draft';
import { isCalendarDay } from './local-date';
import { DiscardQuestion, useLeavePagePrompt } from './unsaved-guard';

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
}

interface JournalFormModalProps {
  opened: boolean;
  title: string;
  measureName: string;
  habits: Habit[];
  initialValues: JournalFormValues;
  /** Kept for callers; the modal tracks its own submission from the moment Save is pressed. */
  submitting?: boolean;
  /** Resolves when the save is over; the form stays locked until then. */
  onSubmit: (values: JournalFormValues) => unknown;
  onClose: () => void;
  /** Where the unsaved text is kept on this device, e.g. per month and entry; none: no draft. */
  draftKey?: string;
}

export function metricError(value: string, locale: Locale = 'en'): string | null {
  if (value.trim() === '') return MESSAGES.required;
  const number = parseMetric(value, locale);
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

/** The caller's values as the form shows them: the metric in the reader's language. */
function shown(values: JournalFormValues, locale: Locale): JournalFormValues {
  const metric = values.metric.trim() === '' ? Number.NaN : Number(values.metric);
  return {
    ...values,
    metric: Number.isFinite(metric) ? metricInputValue(metric, locale) : values.metric,
  };
}

/** Field by field, so the order the form keeps its keys in cannot matter. */
function sameValues(a: JournalFormValues, b: JournalFormValues): boolean {
  const ticks = new Set([...Object.keys(a.practiced), ...Object.keys(b.practiced)]);
  return (
    a.createdAt === b.createdAt &&
    a.highlight === b.highlight &&
    a.metric === b.metric &&
    [...ticks].every((id) => Boolean(a.practiced[id]) === Boolean(b.practiced[id]))
  );
}

export function JournalFormModal(props: JournalFormModalProps) {
  const { opened, title, measureName, habits, initialValues, onSubmit, onClose, draftKey } = props;
  const t = useTexts('journals', journals);
  const words = useTexts('app', app);
  const locale = useLocale();
  const visible = useOpenedAfterMount(opened);
  // The rules answer in English (tests compare them with MESSAGES); the form shows the active language.
  const form = useForm<JournalFormValues>({
    initialValues: shown(initialValues, locale),
    validate: {
      createdAt: (value) => translateMessage(dateError(value)),
      highlight: (value) => translateMessage(highlightError(value)),
      metric: (value) => translateMessage(metricError(value, locale)),
    },
  });
  // A ref as well as state: a second click or Enter in the same task must already see it.
  const busyRef = useRef(false);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [restored, setRestored] = useState(false);
  const [start, setStart] = useState(() => shown(initialValues, locale));
  const unsaved = opened && !sameValues(form.values, start);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when the modal opens
  useEffect(() => {
    if (!opened) return;
    const fresh = shown(initialValues, locale);
    const draft = draftKey ? readDraft<JournalFormValues>(draftKey) : null;
    setStart(fresh);
    form.setValues(draft ? { ...fresh, ...draft } : fresh);
    setRestored(draft !== null && !sameValues({ ...fresh, ...draft }, fresh));
    form.clearErrors();
    setAsking(false);
  }, [opened]);

  // Every change is kept on the device until it is saved or discarded.
  useEffect(() => {
    if (!draftKey || !opened || busyRef.current) return;
    if (unsaved) writeDraft(draftKey, form.values);
    else clearDraft(draftKey);
  }, [draftKey, opened, unsaved, form.values]);

  useLeavePagePrompt(unsaved && !busy);

  const discard = () => {
    if (draftKey) clearDraft(draftKey);
    setAsking(false);
    onClose();
  };
  // Overlay, Escape, the × and Close all come here. While the question shows, they answer "keep".
  const requestClose = () => {
    if (busyRef.current) return;
    if (asking) setAsking(false);
    else if (unsaved) setAsking(true);
    else discard();
  };

  const submit = form.onSubmit(async (values) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setAsking(false);
    const metric = parseMetric(values.metric, locale);
    try {
      await onSubmit({ ...values, metric: Number.isFinite(metric) ? String(metric) : '' });
    } finally {
      busyRef.current = false;
      setBusy(false);
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
    <Modal opened={visible} onClose={requestClose} title={title} centered>
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
            min="0001-01-01"
            max="9999-12-31"
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
          {asking ? (
            <DiscardQuestion onKeep={() => setAsking(false)} onDiscard={discard} />
          ) : (
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={requestClose}>
                {words.close}
              </Button>
              {/* aria-disabled, not disabled: the pressed button keeps keyboard focus meanwhile. */}
              <Button
                type="submit"
                aria-disabled={busy || undefined}
                data-disabled={busy || undefined}
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
