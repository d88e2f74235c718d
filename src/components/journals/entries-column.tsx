// The month's entries column, titled 'Registers' on screen (docs/product-rules.md section 2): entry cards,
// 'Add New Journal +' and the create/edit modals.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useCallbackRef, useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useElementScrollRestoration, useLocation } from '@tanstack/react-router';
import { lazy, Suspense, startTransition, useEffect, useMemo, useRef, useState } from 'react';
import type { DailyHabit, DailyMeasure, Habit, Journal, Month } from '../../../contract/entities';
import { scheduleOrDaily } from '../../../contract/habit-schedule';
import { localToday } from '../../../contract/local-date';
import { defaultEntryDate } from '../../../contract/month-period';
import { calendar as calendarWords } from '../../i18n/en/calendar';
import { journals as journalWords } from '../../i18n/en/journals';
import { toasts } from '../../i18n/en/toasts';
import { texts, useLocale, useTexts } from '../../i18n/store';
import { isDeletedElsewhere } from '../../queries/deleted-elsewhere';
import { compareJournals } from '../../queries/journal-list';
import {
  type MeasureValue,
  useCreateJournal,
  useDeleteJournal,
  useUpdateJournal,
} from '../../queries/journals';
import { measuresQueryOptions } from '../../queries/measures';
import { focusAfterRemoval } from '../focus-after-removal';
import {
  EditMonthModal,
  JournalFormModal,
  loadEditMonthModal,
  loadJournalFormModal,
} from '../lazy-modals';
import { notifyFailure, notifySuccess, notifyWarning } from '../toast';
import { useUndoDeleteToast } from '../undo-delete';
import { useMountedOnce } from '../use-mounted-once';
import { formatJournalDate } from './format-date';
import { JournalCard } from './journal-card';
import type { JournalFormValues } from './journal-form-modal';
import { useJournalsView } from './journals-view';
import { useStableKeys } from './stable-keys';

/** The calendar loads when first shown: the list is the page's first paint. */
const loadMonthCalendar = () => import('./month-calendar');
const MonthCalendar = lazy(loadMonthCalendar);

interface EntriesColumnProps {
  monthId: number;
  journals: Journal[];
  habits: Habit[];
  measureName: string;
  dailyHabits: DailyHabit[];
  dailyMeasures: DailyMeasure[];
  /** The month itself, for its calendar period (the calendar view and new entries' date). */
  month?: Month;
  /** Open today's entry dialog once (?write=today): the new-entry one, or today's entry if written. */
  writeToday?: boolean;
  /** Called once that dialog is open. */
  onWriteOpened?: () => void;
}

function groupByJournal<T extends { journal_id: number }>(items: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items)
    groups.set(item.journal_id, [...(groups.get(item.journal_id) ?? []), item]);
  return groups;
}

const journalId = (journal: Journal) => journal.id;
const journalLook = (journal: Journal) => `${journal.created_at}\n${journal.highlight}`;

/** More entries than this make a long month: a jump-to-day control and, on phones, compact cards. */
const LONG_MONTH = 7;

/** About a screenful: rendered with the page; the rest of the month's cards follow. */
const FIRST_CARDS = 4;

const ticks = (
  habits: Habit[],
  practiced: Record<string, boolean>,
  skipped: Record<string, boolean> = {},
) =>
  habits.map((habit) => ({
    habitId: habit.id,
    isPracticed: practiced[habit.id] === true,
    // A skip, never with practised.
    isSkipped: practiced[habit.id] !== true && skipped[habit.id] === true,
  }));

/** The values typed for the measures after the first; an empty one is none. */
const moreValues = (metrics: Record<string, string> | undefined): MeasureValue[] =>
  Object.entries(metrics ?? {})
    .filter(([, value]) => value.trim() !== '')
    .map(([id, value]) => ({ measureId: Number(id), metric: Number(value) }));

export function EntriesColumn(props: EntriesColumnProps) {
  const { monthId, journals, habits, measureName, dailyHabits, dailyMeasures } = props;
  const { writeToday = false, onWriteOpened } = props;
  const t = useTexts('journals', journalWords);
  const toast = useTexts('toasts', toasts);
  const c = useTexts('calendar', calendarWords);
  const period = props.month?.period ?? null;
  const [view, setView] = useJournalsView();
  /** The day a calendar click creates an entry on; null: the default day. */
  const [createDate, setCreateDate] = useState<string | null>(null);
  const [settingPeriod, setSettingPeriod] = useState(false);
  // The month's measures, read with the page: the first is `measureName`'s.
  const measures = useQuery(measuresQueryOptions(monthId)).data ?? [];
  const [firstMeasure, ...moreMeasures] = measures;
  const measuresById = useMemo(
    () => new Map(measures.map((measure) => [measure.id, measure])),
    [measures],
  );
  // Shown and queued at once: a later refusal by the server is still the failure toast.
  const createJournal = useCreateJournal(monthId, {
    onFailure: (error) => notifyFailure(texts('toasts', toasts).journalCreateFailed, error),
  });
  const updateJournal = useUpdateJournal(monthId);
  const undoableDelete = useUndoDeleteToast();
  const deleteJournal = useDeleteJournal(monthId, {
    onSuccess: (_id, { journalId }) =>
      undoableDelete(toast.journalDeleted, { kind: 'journal', id: journalId, month: monthId }),
    onFailure: (error) => notifyFailure(toast.journalDeleteFailed, error),
  });
  const [creating, { open: openCreate, close: closeCreate }] = useDisclosure(false);
  const [editing, setEditing] = useState<Journal | null>(null);
  const createMounted = useMountedOnce(creating);
  const editMounted = useMountedOnce(editing !== null);

  const habitsByJournal = useMemo(() => groupByJournal(dailyHabits), [dailyHabits]);
  // Each habit's schedule, for the cards' compact label and "not due".
  const habitSchedules = useMemo(
    () => new Map(habits.map((habit) => [habit.id, scheduleOrDaily(habit.schedule)])),
    [habits],
  );
  const measuresByJournal = useMemo(() => groupByJournal(dailyMeasures), [dailyMeasures]);
  // By the day each entry is about, newest first: today's entry is the one people come back for.
  const sorted = useMemo(() => [...journals].sort((a, b) => compareJournals(b, a)), [journals]);
  // The cards are the page's largest piece of rendering (a month has up to 31). When the page
  // opens, the first screenful renders with it and the rest just after, in a transition React
  // splits into short tasks, so the page paints and answers input at once instead of after one
  // long task. Later changes (a new, edited or deleted entry) show in the same render.
  // So is a page the user comes back to (Back): the router restores its scroll position as soon
  // as it renders, and a page holding only its first cards would be too short to scroll there.
  const returning = useElementScrollRestoration({ getElement: () => window }) !== undefined;
  const [opened, setOpened] = useState(returning);
  useEffect(() => startTransition(() => setOpened(true)), []);
  const pending = !opened && sorted.length > FIRST_CARDS;

  // A reminder's 'Write today's entry' lands here: today's dialog opens, once per request.
  const writeRequest = useRef({ journals, openCreate, onWriteOpened });
  writeRequest.current = { journals, openCreate, onWriteOpened };
  useEffect(() => {
    if (!writeToday) return;
    const request = writeRequest.current;
    const today = localToday();
    const written = request.journals.find((journal) => journal.created_at === today);
    if (written) setEditing(written);
    else request.openCreate();
    request.onWriteOpened?.();
  }, [writeToday]);
  // A search result's link (#journal-<id>) lands on its card, scrolled to, focused and marked, from
  // whichever page it was opened. Done here rather than left to the router's scroll to the hash:
  // coming from another screen, that ran before the card was drawn (the month shows its first
  // cards, then the rest) and the page stayed at the top.
  const arrival = useLocation({
    select: (location) => `${location.state.__TSR_key}#${location.hash}`,
  });
  const linkedId = /#journal-(-?\d+)$/.exec(arrival)?.[1];
  const linked = linkedId === undefined ? -1 : sorted.findIndex((j) => String(j.id) === linkedId);
  const [marked, setMarked] = useState<number | null>(null);
  const landed = useRef<string | null>(null);
  const shown = pending && linked < FIRST_CARDS ? sorted.slice(0, FIRST_CARDS) : sorted;
  // An entry saved from here keeps its card (and the focus inside it) when its id becomes the server's.
  const cardKey = useStableKeys(sorted, journalId, journalLook);

  // A long month gets a jump to any day, and on phones compact cards (journal-card.css).
  const long = sorted.length > LONG_MONTH;
  const locale = useLocale();
  const jumpTo = (journalId: string) => {
    const heading = document.getElementById(`journal-${journalId}`);
    if (!heading) return;
    // At once, not smoothly: cards scrolled past would lay out on the way (content-visibility)
    // and push the day further down; a frame later it is aligned again with the cards near it.
    heading.scrollIntoView({ block: 'start', behavior: 'instant' });
    heading.focus({ preventScroll: true });
    requestAnimationFrame(() => heading.scrollIntoView({ block: 'start', behavior: 'instant' }));
  };

  const linkedJournal = sorted[linked];
  useEffect(() => {
    if (!linkedJournal || landed.current === arrival) return;
    landed.current = arrival;
    setMarked(linkedJournal.id);
    // Back to the page: the router puts the scroll where the user left it.
    if (!returning) jumpTo(String(linkedJournal.id));
  });

  const emptyValues: JournalFormValues = {
    // In a month with a period, a day inside it (today if it is, else its first day without one).
    createdAt:
      createDate ??
      defaultEntryDate(
        period,
        journals.map((journal) => journal.created_at),
        localToday(),
      ),
    highlight: '',
    note: '',
    mood: null,
    metric: '',
    practiced: Object.fromEntries(habits.map((habit) => [habit.id, false])),
    skipped: {},
    moreMetrics: Object.fromEntries(moreMeasures.map((measure) => [measure.id, ''])),
  };
  const metricOf = (journalId: number, measureId: number | undefined) => {
    const dailies = measuresByJournal.get(journalId);
    // By measure: with several, the entry's first value may be another measure's.
    return String(
      (dailies?.find((d) => d.measure_id === measureId) ?? (measureId ? undefined : dailies?.[0]))
        ?.metric ?? '',
    );
  };
  const editValues = (journal: Journal): JournalFormValues => ({
    createdAt: journal.created_at,
    highlight: journal.highlight,
    note: journal.note ?? '',
    mood: journal.mood ?? null,
    metric: metricOf(journal.id, firstMeasure?.id),
    moreMetrics: Object.fromEntries(
      moreMeasures.map((measure) => [measure.id, metricOf(journal.id, measure.id)]),
    ),
    practiced: Object.fromEntries(
      habits.map((habit) => [
        habit.id,
        habitsByJournal.get(journal.id)?.find((d) => d.habit_id === habit.id)?.is_practiced ??
          false,
      ]),
    ),
    skipped: Object.fromEntries(
      habits.map((habit) => [
        habit.id,
        habitsByJournal.get(journal.id)?.find((d) => d.habit_id === habit.id)?.is_skipped ?? false,
      ]),
    ),
  });

  /** What the form says of the entry, as the create and the edit both send it. */
  const entryOf = (values: JournalFormValues) => ({
    createdAt: values.createdAt,
    highlight: values.highlight.trim(),
    note: values.note?.trim() ?? '',
    mood: values.mood ?? null,
    metric: Number(values.metric.trim()),
    habits: ticks(habits, values.practiced, values.skipped),
    moreMetrics: moreValues(values.moreMetrics),
  });

  const create = async (values: JournalFormValues) => {
    if (!monthId) {
      notifyWarning(toast.monthNotSelected);
      return false;
    }
    try {
      await createJournal.mutateAsync(entryOf(values));
      notifySuccess(toast.journalCreated);
      closeCreate();
      // Saved: the modal takes no second Save while it closes (one entry for a double click).
      return true;
    } catch (error) {
      notifyFailure(toast.journalCreateFailed, error);
      return false;
    }
  };

  const update = async (values: JournalFormValues) => {
    if (!editing) return false;
    try {
      await updateJournal.mutateAsync({ journalId: editing.id, ...entryOf(values) });
      notifySuccess(toast.journalUpdated);
      setEditing(null);
      return true;
    } catch (error) {
      notifyFailure(toast.journalUpdateFailed, error);
      // Deleted in another tab or device: its card is gone from the cache, so is its dialog.
      if (isDeletedElsewhere(error)) setEditing(null);
      return false;
    }
  };

  const remove = (journal: Journal) => {
    const card = document.getElementById(`journal-${journal.id}`)?.closest('article');
    // The queued delete takes the card away at once: its neighbours are read now, while it
    // is still on the page, and focus moves as soon as it has left.
    focusAfterRemoval(
      card,
      (next) => next.querySelector('h3'),
      () => document.getElementById('registers-title'),
    );
    deleteJournal.mutate(journal.id);
  };
  // One function for the page's life, calling the latest `remove`: the cards are memoised and
  // would otherwise all re-render whenever the column does.
  const onDelete = useCallbackRef(remove);

  const calendarView = period ? (
    <Suspense
      fallback={
        <Text size="sm" role="status">
          {c.loadingCalendar}
        </Text>
      }
    >
      <MonthCalendar
        period={period}
        monthName={props.month?.name ?? ''}
        journals={journals}
        dailyHabits={dailyHabits}
        habitSchedules={habitSchedules}
        onOpen={setEditing}
        onCreate={(date) => {
          setCreateDate(date);
          openCreate();
        }}
      />
    </Suspense>
  ) : (
    <Stack gap="xs" align="flex-start">
      <Text>{c.noPeriod}</Text>
      {props.month && (
        <Button
          variant="light"
          size="sm"
          onClick={() => setSettingPeriod(true)}
          onPointerEnter={loadEditMonthModal}
          onFocus={loadEditMonthModal}
        >
          {c.setPeriod}
        </Button>
      )}
    </Stack>
  );

  return (
    <section aria-labelledby="registers-title">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={2} size="h3" id="registers-title">
          {t.registers}
        </Title>
        <Button
          size="sm"
          onClick={() => {
            setCreateDate(null);
            openCreate();
          }}
          onPointerEnter={loadJournalFormModal}
          onFocus={loadJournalFormModal}
        >
          {t.addJournal}
        </Button>
      </Group>
      <Button.Group aria-label={c.viewAs} mb="sm">
        <Button
          size="xs"
          variant={view === 'list' ? 'filled' : 'default'}
          aria-pressed={view === 'list'}
          onClick={() => setView('list')}
        >
          {c.list}
        </Button>
        <Button
          size="xs"
          variant={view === 'calendar' ? 'filled' : 'default'}
          aria-pressed={view === 'calendar'}
          onClick={() => setView('calendar')}
          onPointerEnter={loadMonthCalendar}
          onFocus={loadMonthCalendar}
        >
          {c.calendar}
        </Button>
      </Button.Group>
      {view === 'list' && long && (
        <label className="mb-jump-to-day">
          <span>{t.jumpToDay}</span>
          <select
            className="mb-language"
            value=""
            onChange={(event) => jumpTo(event.currentTarget.value)}
          >
            <option value="" disabled>
              {t.chooseDay}
            </option>
            {sorted.map((journal) => (
              <option key={journal.id} value={journal.id}>
                {formatJournalDate(journal.created_at, locale)}
              </option>
            ))}
          </select>
        </label>
      )}
      {view === 'calendar' ? (
        calendarView
      ) : sorted.length === 0 ? (
        <Text>{t.noEntries}</Text>
      ) : (
        <Stack
          gap="md"
          className="mb-journal-list"
          data-long={long || undefined}
          aria-busy={pending || undefined}
        >
          {shown.map((journal) => (
            <JournalCard
              key={cardKey(journal)}
              monthId={monthId}
              journal={journal}
              dailyHabits={habitsByJournal.get(journal.id) ?? []}
              dailyMeasures={measuresByJournal.get(journal.id) ?? []}
              habits={habits}
              measures={measuresById}
              habitSchedules={habitSchedules}
              onEdit={setEditing}
              onDelete={onDelete}
              deleting={
                deleteJournal.isPending &&
                !deleteJournal.isPaused &&
                deleteJournal.variables?.journalId === journal.id
              }
              linked={marked === journal.id}
            />
          ))}
        </Stack>
      )}
      <Suspense fallback={null}>
        {createMounted && (
          <JournalFormModal
            opened={creating}
            title={t.createRegister}
            measureName={measureName}
            measure={firstMeasure}
            moreMeasures={moreMeasures}
            habits={habits}
            moodEnabled={props.month?.mood_enabled !== false}
            period={period}
            initialValues={emptyValues}
            onSubmit={create}
            onClose={closeCreate}
            // A day picked on the calendar keeps its own draft, so the default one's date stays.
            draftKey={`journal:${monthId}:new${createDate ? `:${createDate}` : ''}`}
          />
        )}
        {settingPeriod && props.month && (
          <EditMonthModal month={props.month} onClose={() => setSettingPeriod(false)} />
        )}
        {editMounted && (
          <JournalFormModal
            opened={editing !== null}
            title={t.editRegister}
            measureName={measureName}
            measure={firstMeasure}
            moreMeasures={moreMeasures}
            habits={habits}
            moodEnabled={props.month?.mood_enabled !== false}
            period={period}
            initialValues={editing ? editValues(editing) : emptyValues}
            onSubmit={update}
            onClose={() => setEditing(null)}
            draftKey={editing ? `journal:${monthId}:${editing.id}` : undefined}
          />
        )}
      </Suspense>
    </section>
  );
}
