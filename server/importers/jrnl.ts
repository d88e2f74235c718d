// jrnl's `--export json`: entries with a title, a body, a date and time, tags written in the text, and a star.
import { calendarDate, emptyHistory, type History, note } from './history.js';

interface JrnlEntry {
  title?: unknown;
  body?: unknown;
  date?: unknown;
  time?: unknown;
  starred?: unknown;
  uuid?: unknown;
}

/** jrnl's export: `{"tags": {…}, "entries": [{title, body, date, time, …}]}`. */
export function isJrnlExport(value: unknown): value is { entries: JrnlEntry[] } {
  if (typeof value !== 'object' || value === null) return false;
  const { entries, tags } = value as { entries?: unknown; tags?: unknown };
  return (
    Array.isArray(entries) &&
    typeof tags === 'object' &&
    entries.every(
      (entry) => typeof entry === 'object' && entry !== null && 'title' in entry && 'date' in entry,
    )
  );
}

const TIME = /^\d{2}:\d{2}$/;

/** The title is the entry's first line in jrnl, so the note starts with it too; tags stay in the text. */
export function readJrnl(file: { entries: JrnlEntry[] }): History {
  const history = emptyHistory('jrnl');
  for (const entry of file.entries) {
    const date = typeof entry.date === 'string' ? calendarDate(entry.date) : null;
    const title = typeof entry.title === 'string' ? entry.title.trim() : '';
    if (!date) {
      note(history, 'rows_unreadable');
      continue;
    }
    const time = typeof entry.time === 'string' && TIME.test(entry.time) ? entry.time : '';
    const body = typeof entry.body === 'string' ? entry.body.trim() : '';
    const lines = [title, body];
    if (entry.starred === true) {
      lines.push('⭐');
      note(history, 'starred_kept_in_note');
    }
    history.entries.push({
      key: typeof entry.uuid === 'string' ? entry.uuid : `${date} ${time} ${title}`,
      date,
      time,
      text: lines.filter((line) => line !== '').join('\n\n'),
    });
  }
  return history;
}
