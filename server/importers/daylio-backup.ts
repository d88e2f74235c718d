// Daylio's `.daylio` backup: a zip whose `backup.daylio` file is base64 of one JSON document, with the moods the user defined, the activities (tags) and the entries pointing at both by id.
import { DAILY } from '../../contract/habit-schedule.js';
import {
  calendarDate,
  emptyHistory,
  type History,
  type HistoryHabit,
  note,
  UnreadableImport,
} from './history.js';

/** The zip entry that holds the data; photos sit beside it under `assets/`. */
export const isDaylioBackupName = (name: string) => /(^|\/)backup\.daylio$/.test(name);

interface CustomMood {
  id?: unknown;
  /** Daylio's five mood levels, 1 = its best ("rad") … 5 = its worst ("awful"). */
  mood_group_id?: unknown;
}

interface Tag {
  id?: unknown;
  name?: unknown;
}

interface DayEntry {
  year?: unknown;
  /** From 0, as Java's calendar counts. */
  month?: unknown;
  day?: unknown;
  hour?: unknown;
  minute?: unknown;
  mood?: unknown;
  tags?: unknown;
  note_title?: unknown;
  note?: unknown;
  assets?: unknown;
  isFavorite?: unknown;
}

interface Backup {
  customMoods: CustomMood[];
  dayEntries: DayEntry[];
  tags?: unknown;
}

const isBackup = (value: unknown): value is Backup =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as Backup).dayEntries) &&
  Array.isArray((value as Backup).customMoods);

/** The JSON inside `backup.daylio`; a file that is not base64 of that JSON is refused. */
export function parseDaylioBackup(base64: string): Backup {
  const compact = base64.replace(/\s+/g, '');
  // Node's decoder skips characters outside the alphabet: check first, so damage is not hidden.
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 !== 0)
    throw new UnreadableImport('daylioBackupDamaged');
  let value: unknown;
  try {
    value = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(compact, 'base64')),
    );
  } catch {
    throw new UnreadableImport('daylioBackupDamaged');
  }
  if (!isBackup(value)) throw new UnreadableImport('daylioBackupDamaged');
  return value;
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Newer Daylio versions write notes as small HTML (`<div>`, `<br>`, lists, bold): kept as plain lines. */
export function daylioNoteText(html: string): string {
  return html
    .replace(/<br\s*\/?>|<\/(div|p|li|h\d)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? Number.parseInt(name.slice(2), 16)
          : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const isInt = (value: unknown, min: number, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

const two = (value: number) => String(value).padStart(2, '0');

/**
 * Reads the backup. Each entry's mood is the level of the mood group its custom mood belongs to,
 * whatever the user renamed it to, so no question is asked; activities become habits done that
 * day. Entries keep the key the CSV export gives them (date and time), so importing a backup after
 * a CSV of the same diary adds only what is new.
 */
export function readDaylioBackup(backup: Backup): History {
  const history = emptyHistory('daylio');
  const levels = new Map<unknown, number>();
  for (const mood of backup.customMoods)
    if (isInt(mood?.mood_group_id, 1, 5)) levels.set(mood.id, 6 - mood.mood_group_id);
  const tagNames = new Map<unknown, string>();
  for (const tag of Array.isArray(backup.tags) ? (backup.tags as Tag[]) : [])
    if (typeof tag?.name === 'string' && tag.name.trim() !== '')
      tagNames.set(tag.id, tag.name.trim());
  const habits = new Map<string, HistoryHabit>();
  for (const entry of backup.dayEntries) {
    const { year, month, day, hour, minute } = entry ?? {};
    const date =
      isInt(year, 1, 9999) && isInt(month, 0, 11) && isInt(day, 1, 31)
        ? calendarDate(`${String(year).padStart(4, '0')}-${two(month + 1)}-${two(day)}`)
        : null;
    if (!date) {
      note(history, 'rows_unreadable');
      continue;
    }
    const time = isInt(hour, 0, 23) && isInt(minute, 0, 59) ? `${two(hour)}:${two(minute)}` : '';
    const done = [
      ...new Set(
        (Array.isArray(entry.tags) ? entry.tags : [])
          .map((id) => tagNames.get(id))
          .filter((name): name is string => name !== undefined),
      ),
    ];
    for (const name of done) {
      let habit = habits.get(name);
      if (!habit) {
        habit = { name, schedule: DAILY, days: new Map() };
        habits.set(name, habit);
      }
      habit.days.set(date, 'done');
    }
    const photos = Array.isArray(entry.assets) ? entry.assets.length : 0;
    if (photos > 0) note(history, 'photos_left_out', photos);
    const lines = [
      typeof entry.note_title === 'string' ? daylioNoteText(entry.note_title) : '',
      typeof entry.note === 'string' ? daylioNoteText(entry.note) : '',
    ];
    if (entry.isFavorite === true) {
      lines.push('⭐');
      note(history, 'starred_kept_in_note');
    }
    const level = levels.get(entry.mood);
    history.entries.push({
      key: `${date} ${time}`,
      date,
      time,
      text: lines.filter((line) => line !== '').join('\n\n'),
      ...(level === undefined ? {} : { mood: level }),
      done,
    });
  }
  history.habits.push(...habits.values());
  return history;
}
