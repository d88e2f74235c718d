// Another app's history becomes Monthbook months that pass the import's own checks: a month per calendar month, nothing of the text lost.
import { strToU8 } from 'fflate';
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportFile } from '../../../contract/export.js';
import { validateExport } from '../../../contract/export-validation.js';
import { NOTE_MAX_LENGTH } from '../../../contract/rules.js';
import { emptyHistory } from '../../../server/importers/history.js';
import { readOtherExport } from '../../../server/importers/read-export.js';
import { historyToMonths, monthName } from '../../../server/importers/to-months.js';
import { DAYLIO_9, dayOneEntry, dayOneJournal, JRNL, loopZip } from './files.js';

const asFile = (months: ReturnType<typeof historyToMonths>): ExportFile => ({
  format: EXPORT_FORMAT,
  version: EXPORT_VERSION,
  exported_at: '2025-06-01T00:00:00Z',
  months: months.map((imported) => imported.month),
});

it('names months in the user’s language', () => {
  expect(monthName('2026-01', 'en')).toBe('January 2026');
  expect(monthName('2026-03', 'pt-BR')).toBe('Março de 2026');
});

it.each([
  [
    'Day One',
    strToU8(
      dayOneJournal([
        dayOneEntry(),
        dayOneEntry({ uuid: 'B', creationDate: '2025-03-05T10:00:00Z' }),
      ]),
    ),
  ],
  ['Daylio', strToU8(DAYLIO_9)],
  ['Loop', loopZip()],
  ['jrnl', strToU8(JRNL)],
])('%s: every month passes the import’s checks', (_name, bytes) => {
  const history = readOtherExport(bytes, { locale: 'en', moodLevels: { 'super duper': 4 } });
  if (!history) throw new Error('not read');
  const months = historyToMonths(history, 'en');
  expect(months.length).toBeGreaterThan(0);
  expect(validateExport(asFile(months))).toBeNull();
  for (const { period, month, keys } of months) {
    expect(month.period).toBe(period);
    expect(keys).toHaveLength(month.journals.length);
    expect(month.journals.every((journal) => journal.created_at.startsWith(period))).toBe(true);
  }
});

it('Loop: months by period, ticks on an entry of their own, habits and measures only where they have days', () => {
  const history = readOtherExport(loopZip(), { locale: 'pt-BR' });
  if (!history) throw new Error('not read');
  const [march, april] = historyToMonths(history, 'pt-BR');
  expect(march?.month.name).toBe('Março de 2025');
  expect(march?.month.habits.map((habit) => habit.name)).toEqual(['Gym']);
  expect(march?.month.measures).toEqual([]);
  expect(april?.month.habits.map((habit) => habit.name)).toEqual(['Gym', 'Read']);
  expect(april?.month.measures.map((measure) => measure.name)).toEqual(['Water']);
  const secondOfApril = april?.month.journals.filter(
    (journal) => journal.created_at === '2025-04-02',
  );
  // The day's note from Loop is its entry; the ticks and the value go on it.
  expect(secondOfApril).toHaveLength(1);
  expect(secondOfApril?.[0]?.highlight).toBe('Gym: Legs day');
  expect(secondOfApril?.[0]?.daily_habits).toHaveLength(2);
  expect(secondOfApril?.[0]?.daily_measures).toEqual([
    { measure: expect.any(Number), metric: 2.5 },
  ]);
  const first = april?.month.journals.find((journal) => journal.created_at === '2025-04-01');
  expect(first?.highlight).toBe('Loop Habit Tracker');
  expect(first?.daily_habits).toContainEqual({
    habit: expect.any(Number),
    is_practiced: false,
    is_skipped: true,
  });
});

it('keeps every character of a text longer than a note, in several entries of its day', () => {
  const history = emptyHistory('jrnl');
  const text = `Title line\n\n${'word '.repeat(6_000)}`;
  history.entries.push({ key: 'k', date: '2025-01-02', time: '', text });
  const [month] = historyToMonths(history, 'en');
  const notes = month?.month.journals.map((journal) => journal.note ?? '') ?? [];
  expect(notes.length).toBe(2);
  expect(notes.every((note) => note.length <= NOTE_MAX_LENGTH)).toBe(true);
  expect(notes.join(' ').replace(/\s+/g, ' ')).toBe(text.replace(/\s+/g, ' ').trim());
  expect(month?.keys).toEqual(['k#1', 'k#2']);
});
