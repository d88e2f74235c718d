// One journal entry (spec §2): date, highlight, a named checkbox per habit, the measure's metric, Edit, Delete.
import type { DailyHabit, DailyMeasure, Journal } from '../../../contract/entities';
import { app } from '../../i18n/en/app';
import { journals } from '../../i18n/en/journals';
import { toasts } from '../../i18n/en/toasts';
import { formatMetric } from '../../i18n/format';
import { texts, useLocale, useTexts } from '../../i18n/store';
import { useToggleDailyHabit } from '../../queries/daily';
import { PencilIcon, TrashIcon } from '../icons';
import { loadJournalFormModal } from '../lazy-modals';
import { notifyFailure, notifySuccess } from '../toast';
import { formatJournalDate } from './format-date';
import './journal-card.css';

interface JournalCardProps {
  monthId: number;
  journal: Journal;
  dailyHabits: DailyHabit[];
  dailyMeasures: DailyMeasure[];
  onEdit: (journal: Journal) => void;
  onDelete: (journal: Journal) => void;
  deleting: boolean;
}

/**
 * Plain elements styled with Mantine's CSS variables (journal-card.css) rather than Mantine
 * components: a month shows up to 31 of these at once, each with a checkbox per habit, and
 * rendering them as Card, Checkbox and Button trees was most of the journals page's start-up
 * time (issue 5). They look like their Mantine counterparts, in both colour schemes.
 */
export function JournalCard(props: JournalCardProps) {
  const { monthId, journal, dailyHabits, dailyMeasures, onEdit, onDelete, deleting } = props;
  const t = useTexts('journals', journals);
  const words = useTexts('app', app);
  const toggle = useToggleDailyHabit(monthId);
  const locale = useLocale();
  const date = formatJournalDate(journal.created_at, locale);
  const headingId = `journal-${journal.id}`;

  const tick = (dailyHabit: DailyHabit, isPracticed: boolean) => {
    toggle.mutate(
      { dailyHabitId: dailyHabit.id, isPracticed },
      {
        onSuccess: () => notifySuccess(texts('toasts', toasts).habitUpdated),
        onError: (error) => notifyFailure(texts('toasts', toasts).habitUpdateFailed, error),
      },
    );
  };

  return (
    <article aria-labelledby={headingId} className="mb-journal-card">
      {/* A search result links here (#journal-<id>): the whole card below the fixed 60 px header. */}
      <h3 id={headingId} className="mb-journal-date" tabIndex={-1}>
        <time dateTime={journal.created_at}>{date}</time>
      </h3>
      <p className="mb-journal-highlight">{journal.highlight}</p>
      {dailyMeasures.map((daily) => (
        <p key={daily.id} className="mb-journal-measure">
          <strong>{daily.measure.name}:</strong> {formatMetric(daily.metric, locale)}
        </p>
      ))}
      {dailyHabits.length > 0 && (
        <div className="mb-journal-habits">
          {dailyHabits.map((daily) => (
            <label key={daily.id} className="mb-check">
              <input
                type="checkbox"
                checked={daily.is_practiced}
                // Never disabled while its update runs: a disabled control drops keyboard focus.
                aria-busy={
                  (toggle.isPending && toggle.variables?.dailyHabitId === daily.id) || undefined
                }
                onChange={(event) => tick(daily, event.currentTarget.checked)}
              />
              <span>{daily.habit.name}</span>
            </label>
          ))}
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
}
