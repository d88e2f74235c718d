// Five labelled faces as one radio group: arrows move between them, a button clears the mood.
import { useId } from 'react';
import { notesMood } from '../../i18n/en/notes-mood';
import { useTexts } from '../../i18n/store';
import { MOODS, moodFace } from './mood';
import './notes.css';

interface MoodPickerProps {
  value: number | null;
  onChange: (mood: number | null) => void;
}

/**
 * Native radio inputs (one name), so the browser gives the group its keyboard: Tab enters it,
 * arrows move and choose, and screen readers say "Mood 4 of 5: good, 4 of 5". The words show
 * under each face, so the faces never carry the meaning alone.
 */
export function MoodPicker({ value, onChange }: MoodPickerProps) {
  const t = useTexts('notesMood', notesMood);
  const name = useId();
  return (
    <fieldset className="mb-mood">
      <legend className="mb-mood-legend">{t.mood}</legend>
      <div className="mb-mood-faces">
        {MOODS.map((mood) => {
          const word = t.moodNames[mood - 1] ?? '';
          return (
            <label key={mood} className="mb-mood-face" data-checked={value === mood || undefined}>
              <input
                type="radio"
                className="mb-mood-input"
                name={name}
                value={mood}
                checked={value === mood}
                onChange={() => onChange(mood)}
                aria-label={t.moodLabel(mood, word)}
              />
              <span className="mb-mood-emoji" aria-hidden="true">
                {moodFace(mood)}
              </span>
              <span className="mb-mood-word" aria-hidden="true">
                {word}
              </span>
            </label>
          );
        })}
      </div>
      {value !== null && (
        <button type="button" className="mb-mood-clear" onClick={() => onChange(null)}>
          {t.clearMood}
        </button>
      )}
    </fieldset>
  );
}
