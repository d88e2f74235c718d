// Day One's JSON export (a zip of `<Journal>.json` files and their photos, or one such JSON file): entries with their uuid, date, zone, Markdown text, tags, star and place.
import { emptyHistory, type History, localDateTime, note, UnreadableImport } from './history.js';
import { unescapeMarkdown, withoutPhotoLinks } from './text.js';

interface DayOneLocation {
  placeName?: unknown;
  localityName?: unknown;
  administrativeArea?: unknown;
  country?: unknown;
}

interface DayOneEntry {
  uuid?: unknown;
  creationDate?: unknown;
  timeZone?: unknown;
  text?: unknown;
  starred?: unknown;
  tags?: unknown;
  photos?: unknown;
  location?: DayOneLocation;
}

/** A parsed JSON value that looks like one of Day One's journal files. */
export function isDayOneJournal(value: unknown): value is { entries: DayOneEntry[] } {
  if (typeof value !== 'object' || value === null) return false;
  const { entries, metadata } = value as { entries?: unknown; metadata?: unknown };
  return (
    Array.isArray(entries) &&
    (typeof metadata === 'object' ||
      entries.some(
        (entry) => typeof entry === 'object' && entry !== null && 'creationDate' in entry,
      ))
  );
}

const strings = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '')
    : [];

function placeOf(location: DayOneLocation | undefined): string {
  if (!location) return '';
  const parts = [
    location.placeName,
    location.localityName,
    location.administrativeArea,
    location.country,
  ];
  return [
    ...new Set(parts.filter((part): part is string => typeof part === 'string' && part !== '')),
  ].join(', ');
}

/**
 * Adds one journal file's entries. Tags, the star and the place are kept at the end of the note
 * (as `#tag`, ⭐ and 📍, which read the same in every language); photos are counted and left out.
 */
export function readDayOneJournal(history: History, journal: { entries: DayOneEntry[] }): void {
  for (const entry of journal.entries) {
    const created = typeof entry.creationDate === 'string' ? new Date(entry.creationDate) : null;
    if (!created || Number.isNaN(created.getTime()) || typeof entry.uuid !== 'string') {
      note(history, 'rows_unreadable');
      continue;
    }
    const { date, time } = localDateTime(
      created,
      typeof entry.timeZone === 'string' ? entry.timeZone : undefined,
    );
    const lines = [
      withoutPhotoLinks(unescapeMarkdown(typeof entry.text === 'string' ? entry.text : '')).trim(),
    ];
    const tags = strings(entry.tags);
    if (tags.length > 0) {
      lines.push(tags.map((tag) => `#${tag.replace(/\s+/g, '_')}`).join(' '));
      note(history, 'tags_kept_in_note');
    }
    if (entry.starred === true) {
      lines.push('⭐');
      note(history, 'starred_kept_in_note');
    }
    const place = placeOf(entry.location);
    if (place) {
      lines.push(`📍 ${place}`);
      note(history, 'location_kept_in_note');
    }
    const photos = Array.isArray(entry.photos) ? entry.photos.length : 0;
    if (photos > 0) note(history, 'photos_left_out', photos);
    history.entries.push({
      key: entry.uuid,
      date,
      time,
      text: lines.filter((line) => line !== '').join('\n\n'),
    });
  }
}

export function readDayOne(journals: unknown[]): History {
  const history = emptyHistory('day-one');
  for (const journal of journals) {
    if (!isDayOneJournal(journal)) throw new UnreadableImport('dayOneNoEntries');
    readDayOneJournal(history, journal);
  }
  return history;
}
