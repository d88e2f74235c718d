// POST /api/import/ with another app's export: recognised by content, merged by calendar month, each item once, a dry run that writes nothing, hostile files refused with nothing written.
import { strToU8, zipSync } from 'fflate';
import type { Habit, Month } from '../../contract/entities.js';
import type { ImportReport } from '../../contract/export.js';
import { snapshot } from '../support/db-snapshot.js';
import { setUpTestApp } from '../support/test-app.js';
import {
  DAYLIO_9,
  daylioBackup,
  dayOneEntry,
  dayOneJournal,
  healthXml,
  loopZip,
  record,
  zip,
} from './importers/files.js';

const { t, user, api } = setUpTestApp();

const importBytes = (body: Uint8Array | string, contentType: string, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/import/${query}`,
    headers: { ...user.headers, 'content-type': contentType },
    payload: Buffer.from(typeof body === 'string' ? strToU8(body) : body),
  });

const months = async () => (await api('GET', '/api/months/')).json<Month[]>();

it('a dry run answers 200 with the report and writes nothing', async () => {
  const before = await snapshot(t);
  const response = await importBytes(loopZip(), 'application/zip', '?dry_run=true&lang=en');
  expect(response.statusCode).toBe(200);
  const report = response.json<ImportReport>();
  expect(report).toMatchObject({
    source: 'loop',
    dry_run: true,
    imported: { months: 2, habits: 3, measures: 1 },
  });
  expect(report.months.map((month) => [month.name, month.period])).toEqual([
    ['March 2025', '2025-03'],
    ['April 2025', '2025-04'],
  ]);
  expect(await snapshot(t)).toEqual(before);
});

it('imports Loop by calendar month, and a second import of the same file adds nothing', async () => {
  const first = await importBytes(loopZip(), 'application/zip', '?lang=pt-BR');
  expect(first.statusCode).toBe(201);
  expect(first.json<ImportReport>().months.map((month) => month.name)).toEqual([
    'Março de 2025',
    'Abril de 2025',
  ]);
  const journals = first.json<ImportReport>().imported.journals;
  expect(journals).toBeGreaterThan(0);

  const before = await snapshot(t);
  const second = await importBytes(loopZip(), 'application/zip');
  expect(second.statusCode).toBe(201);
  expect(second.json<ImportReport>()).toMatchObject({
    imported: { months: 0, journals: 0, habits: 0, daily_habits: 0 },
    already_imported: journals,
  });
  expect(await snapshot(t)).toEqual(before);
});

it('merges into the account’s month of the same period, reusing a habit of the same name', async () => {
  const month = (
    await api('POST', '/api/months/', { name: 'My April', period: '2025-04' })
  ).json<Month>();
  await api('POST', '/api/habits/', { name: 'gym', month_id: month.id });
  const response = await importBytes(loopZip(), 'application/zip', '?lang=en');
  expect(response.statusCode).toBe(201);
  const report = response.json<ImportReport>();
  expect(report.merged_months).toEqual(['My April']);
  expect(report.months.map((item) => item.name)).toEqual(['March 2025']);
  const habits = (await api('GET', `/api/habits/?month=${month.id}`)).json<Habit[]>();
  expect(habits.map((habit) => habit.name).sort()).toEqual(['Read', 'gym']);
  expect((await months()).length).toBe(2);
});

it('Daylio: names unknown moods in the report, and takes the user’s answer', async () => {
  const asked = await importBytes(DAYLIO_9, 'text/csv', '?dry_run=true');
  expect(asked.json<ImportReport>().notes).toContainEqual({
    code: 'unknown_moods',
    count: 1,
    names: ['super duper'],
  });
  const answered = await importBytes(
    DAYLIO_9,
    'text/csv',
    `?moods=${encodeURIComponent('{"super duper": 4}')}`,
  );
  expect(answered.statusCode).toBe(201);
  expect(answered.json<ImportReport>().notes?.some((note) => note.code === 'unknown_moods')).toBe(
    false,
  );
});

it('Daylio’s .daylio backup: moods by group with no question, activities as habits, and once only', async () => {
  const first = await importBytes(daylioBackup(), 'application/octet-stream', '?lang=en');
  expect(first.statusCode).toBe(201);
  const report = first.json<ImportReport>();
  expect(report).toMatchObject({
    source: 'daylio',
    imported: { months: 2, journals: 3, habits: 3, daily_habits: 3 },
  });
  expect(report.months.map((month) => month.name)).toEqual(['February 2025', 'March 2025']);
  expect(report.notes?.some((note) => note.code === 'unknown_moods')).toBe(false);

  const before = await snapshot(t);
  const second = await importBytes(daylioBackup(), 'application/zip');
  expect(second.statusCode).toBe(201);
  expect(second.json<ImportReport>()).toMatchObject({
    imported: { months: 0, journals: 0, daily_habits: 0 },
    already_imported: 3,
  });
  expect(await snapshot(t)).toEqual(before);
});

it('Day One and Apple Health import through the same route', async () => {
  const dayOne = await importBytes(
    zip({ 'Journal.json': dayOneJournal([dayOneEntry()]) }),
    'application/zip',
  );
  expect(dayOne.statusCode).toBe(201);
  expect(dayOne.json<ImportReport>()).toMatchObject({
    source: 'day-one',
    imported: { journals: 1 },
  });
  const health = await importBytes(
    healthXml(record('HKQuantityTypeIdentifierStepCount', '2025-05-01 08:00:00 +0100', '1000')),
    'application/xml',
  );
  expect(health.statusCode).toBe(201);
  expect(health.json<ImportReport>()).toMatchObject({
    source: 'apple-health',
    imported: { measures: 1, daily_measures: 1 },
  });
});

describe('refused with a 400 and nothing written', () => {
  it.each([
    [
      'a zip bomb',
      () => zipSync({ 'export.xml': new Uint8Array(16 * 1024 * 1024) }, { level: 9 }),
      'application/zip',
      /expands to too much/,
    ],
    [
      'a climbing path',
      () => zip({ '../Journal.json': dayOneJournal([dayOneEntry()]) }),
      'application/zip',
      /leaves its folder/,
    ],
    [
      'a cut-short zip',
      () => loopZip().subarray(0, 200),
      'application/zip',
      /damaged or cut short/,
    ],
    [
      'XML with an outside DTD',
      () => healthXml('', '<!DOCTYPE HealthData SYSTEM "http://127.0.0.1:9/x.dtd">'),
      'application/xml',
      /DTD/,
    ],
    ['an unknown text', () => 'hello', 'text/csv', /not an export Monthbook can read/],
    [
      'a damaged Daylio backup',
      () => zip({ 'backup.daylio': 'bm90IEpTT04=' }),
      'application/octet-stream',
      /Daylio backup is damaged/,
    ],
  ])('%s', async (_name, make, type, message) => {
    const before = await snapshot(t);
    const response = await importBytes(make(), type);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'invalid_import',
      detail: expect.stringMatching(message),
    });
    expect(await snapshot(t)).toEqual(before);
  });

  it('in Portuguese when asked with ?lang=pt-BR or Accept-Language', async () => {
    const before = await snapshot(t);
    const asked = await importBytes(loopZip().subarray(0, 200), 'application/zip', '?lang=pt-BR');
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({
      code: 'invalid_import',
      detail: 'O arquivo zip está danificado ou incompleto.',
    });
    const header = await t.app.inject({
      method: 'POST',
      url: '/api/import/',
      headers: { ...user.headers, 'content-type': 'text/csv', 'accept-language': 'pt-BR,pt;q=0.9' },
      payload: Buffer.from(strToU8('hello')),
    });
    expect(header.statusCode).toBe(400);
    expect(header.json<{ detail: string }>().detail).toMatch(/^Este arquivo não é uma exportação/);
    const english = await importBytes('hello', 'text/csv', '?lang=en');
    expect(english.json<{ detail: string }>().detail).toMatch(/^This file is not an export/);
    expect(await snapshot(t)).toEqual(before);
  });

  it('bad options', async () => {
    expect((await importBytes(DAYLIO_9, 'text/csv', '?dry_run=maybe')).statusCode).toBe(400);
    expect((await importBytes(DAYLIO_9, 'text/csv', '?moods=%7B%22x%22%3A9%7D')).statusCode).toBe(
      400,
    );
    expect((await importBytes(DAYLIO_9, 'text/csv', '?lang=fr')).statusCode).toBe(400);
  });
});
