// A habit on one day: done, skipped or not done. A checkbox (done) and a Skip toggle beside it.
import {
  type DayState,
  dayState,
  type HabitSchedule,
  isDue,
} from '../../../contract/habit-schedule';
import { habitSchedules } from '../../i18n/en/habit-schedules';
import { useTexts } from '../../i18n/store';
import { useScheduleLabel } from '../months/schedule-label';
import './journal-card.css';
import './habit-state.css';

interface HabitStateProps {
  /** Unique on the page: the controls' ids. */
  id: string;
  name: string;
  state: DayState;
  /** The habit's schedule, for the compact label and "not due" (absent: daily). */
  schedule?: HabitSchedule | undefined;
  /** The day, `YYYY-MM-DD`, to say whether the habit is due on it. */
  date?: string | undefined;
  busy?: boolean;
  onChange: (state: DayState) => void;
}

/**
 * Plain elements like the card's (journal-card.css): two native controls, each reachable with Tab
 * and worked with Space. Ticking "done" on a skipped day clears the skip and the reverse, so the
 * three states are: checkbox on (done), Skip pressed (skipped), neither (not done).
 */
export function HabitState({ id, name, state, schedule, date, busy, onChange }: HabitStateProps) {
  const t = useTexts('habitSchedules', habitSchedules);
  const label = useScheduleLabel()(schedule);
  const notDue = schedule !== undefined && date !== undefined && !isDue(schedule, date);
  const skipped = state === 'skipped';
  return (
    <span className="mb-habit-state" data-state={state} data-not-due={notDue || undefined}>
      <label className="mb-check">
        <input
          id={id}
          type="checkbox"
          checked={state === 'done'}
          // Never disabled while its update runs: a disabled control drops keyboard focus.
          aria-busy={busy || undefined}
          aria-describedby={`${id}-about`}
          onChange={(event) => onChange(event.currentTarget.checked ? 'done' : 'not_done')}
        />
        <span className={skipped ? 'mb-habit-name mb-habit-skipped' : 'mb-habit-name'}>{name}</span>
        {label.short && (
          <span className="mb-habit-schedule" aria-hidden="true">
            {label.short}
          </span>
        )}
      </label>
      <span id={`${id}-about`} className="mb-visually-hidden">
        {[label.spoken, skipped ? t.skippedState : null, notDue ? t.notDue : null]
          .filter(Boolean)
          .join(', ')}
      </span>
      <button
        type="button"
        className="mb-skip-button"
        aria-pressed={skipped}
        aria-label={t.skipHabit(name)}
        aria-busy={busy || undefined}
        onClick={() => onChange(skipped ? 'not_done' : 'skipped')}
      >
        {/* The same word pressed or not: the name must hold what is shown (axe label-content-name-mismatch); pressed reads from aria-pressed and shows filled. */}
        {t.skip}
      </button>
    </span>
  );
}

/** The state of a daily habit row (`is_skipped` absent, as on older rows: not skipped). */
export function stateOf(daily: { is_practiced: boolean; is_skipped?: boolean | undefined }) {
  return dayState(daily.is_practiced, daily.is_skipped === true);
}
