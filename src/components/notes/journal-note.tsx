// An entry's mood and note on its card: the face with its word, and the note collapsed to a few
// lines with "Show more".
import { useId, useState } from 'react';
import { notesMood } from '../../i18n/en/notes-mood';
import { useTexts } from '../../i18n/store';
import { LazyMarkdown } from './lazy-markdown';
import { moodFace, moodOf } from './mood';
import './notes.css';

/** A note longer than this, or of more lines, starts collapsed. */
const SHORT_NOTE_CHARACTERS = 280;
const SHORT_NOTE_LINES = 4;

export function isLongNote(note: string): boolean {
  return note.length > SHORT_NOTE_CHARACTERS || note.split('\n').length > SHORT_NOTE_LINES;
}

export function JournalMood({ mood }: { mood: unknown }) {
  const t = useTexts('notesMood', notesMood);
  const value = moodOf(mood);
  if (value === null) return null;
  const word = t.moodNames[value - 1] ?? '';
  return (
    <p className="mb-journal-mood">
      <span aria-hidden="true">{moodFace(value)}</span>{' '}
      <span className="mb-visually-hidden">{t.moodLabel(value, word)}</span>
      <span aria-hidden="true">{word}</span>
    </p>
  );
}

export function JournalNote({ note }: { note: string | undefined }) {
  const t = useTexts('notesMood', notesMood);
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!note) return null;
  const long = isLongNote(note);
  return (
    <div className="mb-journal-note">
      <div id={id} className="mb-journal-note-body" data-collapsed={(long && !open) || undefined}>
        <LazyMarkdown text={note} />
      </div>
      {long && (
        <button
          type="button"
          className="mb-note-toggle"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((was) => !was)}
        >
          {open ? t.showLess : t.showMore}
        </button>
      )}
    </div>
  );
}
