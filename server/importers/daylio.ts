// Daylio's CSV export, the old 8-column file and today's 9-column one (with `scales`): a mood by name, activities and a note per entry.
import { parse } from 'csv-parse/sync';
import { DAILY } from '../../contract/habit-schedule.js';
import {
  calendarDate,
  emptyHistory,
  type History,
  type HistoryHabit,
  note,
  UnreadableImport,
} from './history.js';

/** The columns both of Daylio's CSV layouts have. */
const REQUIRED = ['full_date', 'time', 'mood', 'activities', 'note'] as const;

/** The header line of a Daylio CSV export (the BOM aside). */
export function isDaylioCsv(text: string): boolean {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const columns = header.split(',').map((column) => column.trim().replace(/^"|"$/g, ''));
  return REQUIRED.every((column) => columns.includes(column));
}

/**
 * Daylio's five default mood names in the languages it ships, by level (5 = best). A renamed mood
 * matches none of them: the user is asked which level it is.
 */
const DEFAULT_MOODS: Record<string, number> = Object.fromEntries(
  (
    [
      [5, ['rad', 'radiante', 'genial', 'super', 'génial', 'fantastico', 'großartig']],
      [4, ['good', 'bem', 'bien', 'gut', 'bene', 'bom']],
      [
        3,
        [
          'meh',
          'mais ou menos',
          'normal',
          'regular',
          'más o menos',
          'naja',
          'geht so',
          'bof',
          'moyen',
          'così così',
          'ok',
          'okay',
        ],
      ],
      [2, ['bad', 'mal', 'schlecht', 'male', 'ruim']],
      [
        1,
        [
          'awful',
          'horrível',
          'péssimo',
          'fatal',
          'horrible',
          'terrible',
          'furchtbar',
          'schrecklich',
          'mies',
          'affreux',
          'malissimo',
          'orribile',
        ],
      ],
    ] as const
  ).flatMap(([level, names]) => names.map((name) => [name, level])),
);

const foldName = (name: string) => name.trim().toLowerCase().normalize('NFC');

/** `21:30`, `21:30:00`, `9:30 PM` → `HH:MM`; '' when unreadable. */
function clockTime(text: string): string {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?\s*([AaPp][Mm])?$/.exec(text.trim());
  if (!match) return '';
  let hour = Number(match[1]);
  const pm = match[3]?.toLowerCase() === 'pm';
  if (match[3]) hour = (hour % 12) + (pm ? 12 : 0);
  return hour < 24 ? `${String(hour).padStart(2, '0')}:${match[2]}` : '';
}

/**
 * Reads the CSV. `moodLevels` holds the user's answers for renamed moods (name → 1…5); a mood
 * still unknown is left out of its entry and named in the report's `unknown_moods` note.
 * Activities become habits, done on the days they are listed.
 */
export function readDaylio(text: string, moodLevels: Record<string, number> = {}): History {
  let rows: Record<string, string>[];
  try {
    rows = parse(text, { columns: true, bom: true, skip_empty_lines: true, trim: false });
  } catch {
    throw new UnreadableImport('daylioDamaged');
  }
  const history = emptyHistory('daylio');
  const answers = new Map(
    Object.entries(moodLevels).map(([name, level]) => [foldName(name), level]),
  );
  const habits = new Map<string, HistoryHabit>();
  for (const row of rows) {
    const date = calendarDate((row.full_date ?? '').trim());
    if (!date) {
      note(history, 'rows_unreadable');
      continue;
    }
    const time = clockTime(row.time ?? '');
    const moodName = (row.mood ?? '').trim();
    const level =
      moodName === ''
        ? undefined
        : (answers.get(foldName(moodName)) ?? DEFAULT_MOODS[foldName(moodName)]);
    if (moodName !== '' && level === undefined) note(history, 'unknown_moods', 1, moodName);
    const done = (row.activities ?? '')
      .split('|')
      .map((name) => name.trim())
      .filter((name) => name !== '');
    for (const name of done) {
      let habit = habits.get(name);
      if (!habit) {
        habit = { name, schedule: DAILY, days: new Map() };
        habits.set(name, habit);
      }
      habit.days.set(date, 'done');
    }
    const title = (row.note_title ?? '').trim();
    const body = (row.note ?? '').replace(/<br\s*\/?>/gi, '\n').trim();
    history.entries.push({
      key: `${date} ${time}`,
      date,
      time,
      text: [title, body].filter((part) => part !== '').join('\n\n'),
      ...(level === undefined ? {} : { mood: level }),
      done,
    });
  }
  history.habits.push(...habits.values());
  return history;
}
