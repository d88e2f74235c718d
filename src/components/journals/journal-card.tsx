// One journal entry (docs/product-rules.md section 2): date, highlight, a named checkbox per habit,
// the measure's metric, Edit, Delete.
import { memo } from 'react';
import type { DailyHabit, DailyMeasure, Habit, Journal, Measure } from '../../../contract/entities';
import type { DayState, HabitSchedule } from '../../../contract/habit-schedule';
import { app } from '../../i18n/en/app';
import { journals } from '../../i18n/en/journals';
import { toasts } from '../../i18n/en/toasts';
import { texts, useLocale, useTexts } from '../../i18n/store';
import { useTickMissingHabit, useToggleDailyHabit } from '../../queries/daily';
import { PencilIcon, TrashIcon } from '../icons';
import { loadJournalFormModal } from '../lazy-modals';
import { JournalMood, JournalNote } from '../notes/journal-note';
import { SyncMarker } from '../sync/sync-marker';
import { notifyFailure, notifySuccess } from '../toast';
import { formatJournalDate } from './format-date';
import { habitBoxes } from './habit-boxes';
import { HabitState, stateOf } from './habit-state';
import { MeasureValues } from './measure-values';
import { shownText } from './shown-text';
import { useStableKeys } from './stable-keys';
import './journal-card.css';

const dailyId = (daily: DailyHabit) => daily.id;
const dailyLook = (daily: DailyHabit) => daily.habit.name;
/**
 * A tick's habit's name from the month's list: in a private month only that one is opened here
 * (the tick's own copy is the server's, blank).
 */
const habitName = (daily: DailyHabit, habits: readonly Habit[] | undefined) =>
  (habits?.find((habit) => habit.id === daily.habit_id) ?? daily.habit).name;

interface JournalCardProps {
  monthId: number;
  journal: Journal;
  dailyHabits: DailyHabit[];
  dailyMeasures: DailyMeasure[];
  /**
   * The month's habits, in their order: one the entry has no checkbox for (added to the month
   * after the entry was written) shows unticked, and a tick creates it.
   */
  habits?: Habit[];
  /** The month's habits' schedules by habit id (absent: daily). */
  habitSchedules?: ReadonlyMap<number, HabitSchedule>;
  /** The month's measures by id (units, targets). */
  measures?: ReadonlyMap<number, Measure>;
  onEdit: (journal: Journal) => void;
  onDelete: (journal: Journal) => void;
  deleting: boolean;
  /** The entry a link (a search result) was opened for: outlined until another is. */
  linked?: boolean;
}

/**
 * Plain elements styled with Mantine's CSS variables (journal-card.css) rather than Mantine
 * components: a month shows up to 31 of these at once, each with a checkbox per habit, and
 * rendering them as Card, Checkbox and Button trees was most of the journals page's start-up
 * time. They look like their Mantine counterparts, in both colour schemes.
 */
/**
 * The same props: each the same value, lists item by item. The column regroups the month's daily
 * rows into new lists whenever one changes, so without this every card of the month re-rendered
 * on each Save or tick (most of the time from Save to the new card on screen).
 */
function sameCardProps(before: JournalCardProps, after: JournalCardProps): boolean {
  const keys = Object.keys(after) as (keyof JournalCardProps)[];
  if (keys.length !== Object.keys(before).length) return false;
  return keys.every((key) => {
    const was = before[key];
    const now = after[key];
    return (
      was === now ||
      (Array.isArray(was) &&
        Array.isArray(now) &&
        was.length === now.length &&
        was.every((item, index) => item === now[index]))
    );
  });
}

export const JournalCard = memo(function JournalCard(props: JournalCardProps) {
  const { monthId, journal, dailyHabits, dailyMeasures, measures, onEdit, onDelete, deleting } =
    props;
  const t = useTexts('journals', journals);
  const words = useTexts('app', app);
  // Read when the server answers, in the language shown then.
  const told = {
    onSuccess: () => notifySuccess(texts('toasts', toasts).habitUpdated),
    onFailure: (error: Error) => notifyFailure(texts('toasts', toasts).habitUpdateFailed, error),
  };
  const toggle = useToggleDailyHabit(monthId, told);
  const tickMissing = useTickMissingHabit(monthId, told);
  const locale = useLocale();
  const date = formatJournalDate(journal.created_at, locale);
  const headingId = `journal-${journal.id}`;
  // A tick made while the entry is still being saved keeps its checkbox, focus included, when the
  // row's id becomes the server's.
  const habitKey = useStableKeys(dailyHabits, dailyId, dailyLook);

  const boxes = habitBoxes(dailyHabits, props.habits ?? [], habitKey);

  const tickNew = (habitId: number, state: DayState) => {
    // A missing row already reads as not done.
    if (state === 'not_done') return;
    tickMissing.mutate({ journalId: journal.id, habitId, state });
  };

  const tick = (dailyHabit: DailyHabit, state: DayState) => {
    toggle.mutate({
      dailyHabitId: dailyHabit.id,
      isPracticed: state === 'done',
      // The plain `{is_practiced}` body alone unless the skip changes.
      ...(state === 'skipped' || stateOf(dailyHabit) === 'skipped'
        ? { isSkipped: state === 'skipped' }
        : {}),
    });
  };

  return (
    <article
      aria-labelledby={headingId}
      className="mb-journal-card"
      data-linked={props.linked || undefined}
    >
      {/* A search result links here (#journal-<id>): the whole card below the fixed 60 px header. */}
      <h3 id={headingId} className="mb-journal-date" tabIndex={-1}>
        <time dateTime={journal.created_at}>{date}</time>
        {/* Changes to this entry not yet on the server (offline, or being sent). */}
        <SyncMarker kind="journal" id={journal.id} />
      </h3>
      <p className="mb-journal-highlight">{shownText(journal, journal.highlight, t)}</p>
      {/* The mood's face and word, and the note (collapsed when long, Markdown on demand). */}
      <JournalMood mood={journal.mood} />
      <JournalNote note={journal.note} />
      <MeasureValues dailyMeasures={dailyMeasures} measures={measures} />
      {boxes.length > 0 && (
        <div className="mb-journal-habits">
          {boxes.map(({ key, daily, habit }) =>
            daily ? (
              <HabitState
                key={key}
                id={`daily-habit-${daily.id}`}
                name={habitName(daily, props.habits)}
                state={stateOf(daily)}
                schedule={props.habitSchedules?.get(daily.habit_id)}
                date={journal.created_at}
                busy={
                  toggle.isPending &&
                  !toggle.isPaused &&
                  toggle.variables?.dailyHabitId === daily.id
                }
                onChange={(state) => tick(daily, state)}
              />
            ) : (
              <HabitState
                key={key}
                id={`journal-${journal.id}-habit-${habit.id}`}
                name={habit.name}
                state="not_done"
                schedule={props.habitSchedules?.get(habit.id)}
                date={journal.created_at}
                onChange={(state) => tickNew(habit.id, state)}
              />
            ),
          )}
        </div>
      )}
      <div className="mb-journal-actions">
        <button
          type="button"
          className="mb-card-button"
          aria-label={t.editJournalOf(date)}
          onPointerEnter={loadJournalFormModal}
          onFocus={loadJournalFormModal}
          onClick={() => onEdit(journal)}
        >
          <PencilIcon size={14} />
          {words.edit}
        </button>
        <button
          type="button"
          className="mb-card-button"
          data-color="red"
          aria-label={t.deleteJournalOf(date)}
          aria-busy={deleting || undefined}
          // aria-disabled, not disabled: the focused button keeps focus while the delete runs.
          aria-disabled={deleting || undefined}
          onClick={() => {
            if (!deleting) onDelete(journal);
          }}
        >
          {deleting ? <span className="mb-spinner" aria-hidden="true" /> : <TrashIcon size={14} />}
          {words.delete}
        </button>
      </div>
    </article>
  );
}, sameCardProps);
