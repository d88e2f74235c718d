// Properties of importing another app's history, over generated files (jrnl, Daylio CSV and backup, Apple Health): a second import of the same file changes nothing, and Monthbook's own export of the result imports into a fresh account unchanged.
import fc from 'fast-check';
import { strToU8 } from 'fflate';
import type { ExportFile, ImportReport } from '../../../contract/export.js';
import { snapshot } from '../../support/db-snapshot.js';
import { createUser, injectAs, setUpTestApp, type TestUser } from '../../support/test-app.js';
import { daylioBackup, daylioBackupData, healthXml, record } from './files.js';

const { t } = setUpTestApp();

/** Small histories, few runs: each run makes two or three imports through the whole route. */
const RUNS = 25;

const importAs = (as: TestUser, body: string | Uint8Array, contentType: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/import/?lang=en',
    headers: { ...as.headers, 'content-type': contentType },
    payload: Buffer.from(typeof body === 'string' ? strToU8(body) : body),
  });

/** The account's export file as downloaded. */
async function exportOf(as: TestUser): Promise<string> {
  const response = await injectAs(t, as, {
    method: 'GET',
    url: '/api/export/',
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

const monthsOf = (file: string) => JSON.parse(file).months as ExportFile['months'];

/** Days across a year's end, so a history spans several months and two years. */
const day = fc
  .integer({ min: 0, max: 75 })
  .map((offset) =>
    new Date(Date.UTC(2024, 10, 20) + offset * 86_400_000).toISOString().slice(0, 10),
  );
const clock = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([hour, minute]) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
/** Words, punctuation, accents, quotes and line breaks: what people write. */
const words = fc
  .array(
    fc.constantFrom('Lunch', 'with', 'Ana', 'é', 'ação', '"quoted"', 'a,b', '!', '.', '\n', '😀'),
    {
      maxLength: 8,
    },
  )
  .map((parts) => parts.join(' '));

const jrnlFile = fc
  .array(
    fc.record({
      title: words,
      body: words,
      date: day,
      time: clock,
      starred: fc.boolean(),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((entries) =>
    JSON.stringify({
      tags: {},
      entries: entries.map((entry) => ({ ...entry, tags: [] })),
    }),
  );

const csvField = (value: string) =>
  /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

const daylioFile = fc
  .array(
    fc.record({
      date: day,
      time: clock,
      mood: fc.constantFrom('rad', 'good', 'meh', 'bad', 'awful'),
      activities: fc.uniqueArray(fc.constantFrom('work', 'gym', 'reading', 'friends'), {
        maxLength: 3,
      }),
      title: words,
      note: words,
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map(
    (rows) =>
      '\uFEFFfull_date,date,weekday,time,mood,activities,scales,note_title,note\n' +
      rows
        .map((row) =>
          [
            row.date,
            '',
            '',
            row.time,
            row.mood,
            row.activities.join(' | '),
            '',
            row.title,
            row.note.replaceAll('\n', '<br>'),
          ]
            .map(csvField)
            .join(','),
        )
        .join('\n') +
      '\n',
  );

/** The moods and activities of daylioBackupData, in entries of generated days, times and notes. */
const daylioBackupFile = fc
  .array(
    fc.record({
      day,
      time: clock,
      mood: fc.constantFrom(1, 3, 7, 9),
      tags: fc.uniqueArray(fc.constantFrom(11, 12), { maxLength: 2 }),
      note_title: words,
      note: words.map(
        (text) => `<div>${text.replaceAll('&', '&amp;').replaceAll('\n', '<br>')}</div>`,
      ),
      isFavorite: fc.boolean(),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((entries) =>
    daylioBackup(
      daylioBackupData(
        entries.map(({ day: date, time, ...entry }) => ({
          ...entry,
          year: Number(date.slice(0, 4)),
          month: Number(date.slice(5, 7)) - 1,
          day: Number(date.slice(8, 10)),
          hour: Number(time.slice(0, 2)),
          minute: Number(time.slice(3, 5)),
          assets: [],
        })),
      ),
    ),
  );

/** Steps (summed by day) and body mass (the day's last) on generated days: measures and their values. */
const healthFile = fc
  .array(
    fc.oneof(
      fc
        .tuple(day, clock, fc.integer({ min: 1, max: 20_000 }))
        .map(([date, time, steps]) =>
          record('HKQuantityTypeIdentifierStepCount', `${date} ${time}:00 +0000`, String(steps)),
        ),
      fc.tuple(day, clock, fc.integer({ min: 400, max: 1500 })).map(([date, time, grams]) =>
        record('HKQuantityTypeIdentifierBodyMass', `${date} ${time}:00 +0000`, String(grams / 10), {
          unit: 'kg',
        }),
      ),
    ),
    { minLength: 1, maxLength: 15 },
  )
  .map((records) => healthXml(records.join('\n')));

const sources = [
  ['jrnl JSON', jrnlFile, 'application/json'],
  ['Daylio CSV', daylioFile, 'text/csv'],
  ['Daylio backup', daylioBackupFile, 'application/octet-stream'],
  ['Apple Health XML', healthFile, 'application/xml'],
] as const;

describe.each(sources)('%s', (_name, file, contentType) => {
  it('importing the same file twice leaves what importing it once did', async () => {
    await fc.assert(
      fc.asyncProperty(file, async (body) => {
        const as = await createUser(t);
        const first = await importAs(as, body, contentType);
        expect(first.statusCode).toBe(201);
        const before = await snapshot(t);
        const second = await importAs(as, body, contentType);
        expect(second.statusCode).toBe(201);
        const report = second.json<ImportReport>();
        expect(report.imported).toMatchObject({
          months: 0,
          journals: 0,
          daily_habits: 0,
          daily_measures: 0,
        });
        expect(report.already_imported).toBe(first.json<ImportReport>().imported.journals);
        expect(await snapshot(t)).toEqual(before);
      }),
      { numRuns: RUNS },
    );
  });

  it('Monthbook’s export of the imported history imports into a fresh account unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(file, async (body) => {
        const source = await createUser(t);
        expect((await importAs(source, body, contentType)).statusCode).toBe(201);
        const exported = await exportOf(source);
        expect(monthsOf(exported).length).toBeGreaterThan(0);
        const fresh = await createUser(t);
        expect((await importAs(fresh, exported, 'application/json')).statusCode).toBe(201);
        expect(monthsOf(await exportOf(fresh))).toEqual(monthsOf(exported));
      }),
      { numRuns: RUNS },
    );
  });
});
