// The importers read each app's export into a history, recognised by content; hostile files are refused with a message.
import { strToU8, zipSync } from 'fflate';
import { UnreadableImport } from '../../../server/importers/history.js';
import { readOtherExport } from '../../../server/importers/read-export.js';
import { REFUSALS } from '../../../server/importers/refusals.js';
import { readZip, TEXT_MAX_BYTES, textCollector } from '../../../server/importers/zip.js';
import {
  DAYLIO_8_PT,
  DAYLIO_9,
  daylioBackup,
  daylioBackupData,
  dayOneEntry,
  dayOneJournal,
  healthXml,
  JRNL,
  loopZip,
  record,
  zip,
} from './files.js';

const read = (bytes: Uint8Array | string, moodLevels?: Record<string, number>) =>
  readOtherExport(typeof bytes === 'string' ? strToU8(bytes) : bytes, {
    locale: 'en',
    ...(moodLevels ? { moodLevels } : {}),
  });

describe('Day One', () => {
  it('reads the zip: the day in the writer’s zone, text unescaped, photos counted, tags, star and place kept', () => {
    const history = read(
      zip({
        'Journal.json': dayOneJournal([dayOneEntry({ creationDate: '2025-02-01T01:30:00Z' })]),
        'photos/abc.jpeg': new Uint8Array([1, 2, 3]),
      }),
    );
    expect(history?.source).toBe('day-one');
    expect(history?.entries).toEqual([
      {
        key: 'A1B2C3D4E5F60718293A4B5C6D7E8F90',
        date: '2025-01-31',
        time: '22:30',
        text: 'Lunch with Ana. It rained!\n\nWe talked for hours.\n\n#friends #food\n\n⭐\n\n📍 Café Central, Lisbon, Portugal',
      },
    ]);
    expect(history?.notes).toEqual(
      expect.arrayContaining([
        { code: 'photos_left_out', count: 1 },
        { code: 'tags_kept_in_note', count: 1 },
      ]),
    );
  });

  it('reads a single journal JSON file too', () => {
    const history = read(
      dayOneJournal([dayOneEntry({ uuid: 'X', tags: [], starred: false, location: undefined })]),
    );
    expect(history?.entries.map((entry) => entry.key)).toEqual(['X']);
  });
});

describe('Daylio', () => {
  it('reads the 9-column CSV: BOM, 12-hour times, moods, activities as habits, <br> in notes', () => {
    const history = read(DAYLIO_9);
    expect(history?.source).toBe('daylio');
    expect(history?.entries[0]).toEqual({
      key: '2025-02-03 21:15',
      date: '2025-02-03',
      time: '21:15',
      text: 'Great day\n\nFinished the report.\nThen gym.',
      mood: 5,
      done: ['work', 'gym'],
    });
    expect(history?.entries[1]?.mood).toBe(3);
    expect(history?.habits.map((habit) => [habit.name, [...habit.days.keys()]])).toEqual([
      ['work', ['2025-02-03']],
      ['gym', ['2025-02-03', '2025-02-04']],
    ]);
    // A renamed mood is asked about, not guessed.
    expect(history?.entries[2]?.mood).toBeUndefined();
    expect(history?.notes).toContainEqual({
      code: 'unknown_moods',
      count: 1,
      names: ['super duper'],
    });
  });

  it('takes the user’s answer for a renamed mood', () => {
    expect(read(DAYLIO_9, { 'Super Duper': 4 })?.entries[2]?.mood).toBe(4);
  });

  it('reads the old 8-column CSV with Portuguese mood names', () => {
    const history = read(DAYLIO_8_PT);
    expect(history?.entries.map((entry) => entry.mood)).toEqual([5, 1]);
  });
});

describe('Daylio backup', () => {
  it('reads the .daylio zip: moods by their group whatever their name, activities as habits, HTML notes as text', () => {
    const history = read(daylioBackup());
    expect(history?.source).toBe('daylio');
    expect(history?.entries).toEqual([
      {
        key: '2025-02-03 21:15',
        date: '2025-02-03',
        time: '21:15',
        text: 'Great day\n\nFinished the report & more.\nThen gym.\n\n⭐',
        mood: 5,
        done: ['work', 'gym'],
      },
      {
        key: '2025-02-03 08:00',
        date: '2025-02-03',
        time: '08:00',
        text: 'Tired',
        mood: 3,
        done: [],
      },
      {
        key: '2025-03-01 07:05',
        date: '2025-03-01',
        time: '07:05',
        text: '',
        mood: 1,
        done: ['gym'],
      },
    ]);
    expect(history?.habits.map((habit) => [habit.name, [...habit.days.keys()]])).toEqual([
      ['work', ['2025-02-03']],
      ['gym', ['2025-02-03', '2025-03-01']],
    ]);
    expect(history?.notes).toEqual(
      expect.arrayContaining([
        { code: 'photos_left_out', count: 1 },
        { code: 'starred_kept_in_note', count: 1 },
      ]),
    );
    expect(history?.notes.some((item) => item.code === 'unknown_moods')).toBe(false);
  });

  it('gives its entries the keys the CSV export gives the same entries', () => {
    const csv = read(DAYLIO_9, { 'super duper': 4 });
    const backup = read(daylioBackup());
    expect(backup?.entries.slice(0, 2).map((entry) => entry.key)).toEqual(
      csv?.entries.slice(0, 2).map((entry) => entry.key),
    );
  });

  it('counts an entry with an impossible date as unreadable', () => {
    const history = read(
      daylioBackup(
        daylioBackupData([{ year: 2025, month: 1, day: 30, hour: 9, minute: 0, mood: 1 }]),
      ),
    );
    expect(history?.entries).toEqual([]);
    expect(history?.notes).toEqual([{ code: 'rows_unreadable', count: 1 }]);
  });

  it.each([
    ['not base64', 'this is not base64!'],
    ['base64 of something else', Buffer.from('{"hello": 1}').toString('base64')],
    ['base64 of broken JSON', Buffer.from('{"dayEntries": [').toString('base64')],
  ])('refuses a backup.daylio that is %s', (_name, content) => {
    expect(() => read(zip({ 'backup.daylio': content }))).toThrow(REFUSALS.daylioBackupDamaged.en);
  });

  it('refuses a backup zipped together with another app’s export', () => {
    expect(() =>
      read(zip({ 'backup.daylio': '', 'Journal.json': dayOneJournal([dayOneEntry()]) })),
    ).toThrow(/more than one app/);
  });
});

describe('Loop Habit Tracker', () => {
  it('reads habits with schedules, both checkmark layouts, notes, and numbers as measures', () => {
    const history = read(loopZip());
    expect(history?.source).toBe('loop');
    const [gym, read_] = history?.habits ?? [];
    expect(gym?.schedule).toEqual({ kind: 'times_per_week', times: 3 });
    expect(Object.fromEntries(gym?.days ?? [])).toEqual({
      '2025-04-02': 'done',
      '2025-04-01': 'skipped',
      '2025-03-31': 'not_done',
    });
    expect(read_?.schedule).toEqual({ kind: 'daily' });
    expect(Object.fromEntries(read_?.days ?? [])).toEqual({
      '2025-04-02': 'done',
      '2025-04-01': 'not_done',
    });
    expect(history?.measures).toEqual([
      {
        name: 'Water',
        values: new Map([
          ['2025-04-02', 2.5],
          ['2025-04-01', 1.75],
        ]),
      },
    ]);
    expect(history?.entries).toEqual([
      { key: 'Gym 2025-04-02', date: '2025-04-02', time: '', text: 'Gym: Legs day' },
    ]);
  });
});

describe('jrnl', () => {
  it('reads titles, bodies, dates and times', () => {
    const history = read(JRNL);
    expect(history?.source).toBe('jrnl');
    expect(history?.entries[0]).toEqual({
      key: '2024-12-31 18:05 Shipped the release.',
      date: '2024-12-31',
      time: '18:05',
      text: 'Shipped the release.\n\nIt went well @work\n\n⭐',
    });
  });
});

describe('Apple Health', () => {
  const steps = 'HKQuantityTypeIdentifierStepCount';
  const xml = healthXml(
    [
      record(steps, '2025-05-01 08:00:00 +0100', '1000'),
      record(steps, '2025-05-01 18:00:00 +0100', '500'),
      // The watch counted the same walk: the day is the larger device total, not the sum.
      record(steps, '2025-05-01 08:00:00 +0100', '1200', { source: 'Watch' }),
      record('HKQuantityTypeIdentifierBodyMass', '2025-05-01 07:00:00 +0100', '81', { unit: 'kg' }),
      record('HKQuantityTypeIdentifierBodyMass', '2025-05-01 21:00:00 +0100', '80.5', {
        unit: 'kg',
      }),
      record(
        'HKCategoryTypeIdentifierSleepAnalysis',
        '2025-05-01 23:00:00 +0100',
        'HKCategoryValueSleepAnalysisAsleepCore',
        {
          end: '2025-05-02 06:30:00 +0100',
        },
      ),
      record(
        'HKCategoryTypeIdentifierSleepAnalysis',
        '2025-05-01 22:30:00 +0100',
        'HKCategoryValueSleepAnalysisInBed',
        {
          end: '2025-05-02 07:00:00 +0100',
        },
      ),
      record('HKQuantityTypeIdentifierHeartRate', '2025-05-01 08:00:00 +0100', '70'),
    ].join('\n'),
  );

  it('reads export.xml with Apple’s internal DTD: sums, the day’s last body mass, sleep by waking day', () => {
    const history = read(xml);
    expect(history?.measures).toEqual([
      {
        name: 'Steps',
        key: 'HKQuantityTypeIdentifierStepCount',
        unit: 'steps',
        values: new Map([['2025-05-01', 1500]]),
      },
      {
        name: 'Body mass',
        key: 'HKQuantityTypeIdentifierBodyMass',
        unit: 'kg',
        values: new Map([['2025-05-01', 80.5]]),
      },
      {
        name: 'Sleep',
        key: 'HKCategoryTypeIdentifierSleepAnalysis',
        unit: 'h',
        values: new Map([['2025-05-02', 7.5]]),
      },
    ]);
    expect(history?.notes).toContainEqual({
      code: 'types_left_out',
      count: 1,
      names: ['HeartRate'],
    });
  });

  it('reads it inside the export zip', () => {
    const history = read(
      zip({ 'apple_health_export/export.xml': xml, 'apple_health_export/export_cda.xml': '<x/>' }),
    );
    expect(history?.measures.map((measure) => measure.name)).toEqual([
      'Steps',
      'Body mass',
      'Sleep',
    ]);
  });

  it('refuses entities and external DTDs, and a cut-short file', () => {
    const external = healthXml('', '<!DOCTYPE HealthData SYSTEM "http://127.0.0.1:9/evil.dtd">');
    const entity = healthXml('', '<!DOCTYPE HealthData [<!ENTITY x "xx">]>');
    expect(() => read(external)).toThrow(/entities or fetches a DTD/);
    expect(() => read(entity)).toThrow(/entities or fetches a DTD/);
    expect(() => read(xml.slice(0, xml.length - 40))).toThrow(/damaged or cut short/);
  });
});

describe('hostile and unknown files', () => {
  it('refuses a zip bomb before inflating it', () => {
    const bomb = zipSync({ 'export.xml': new Uint8Array(16 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(50_000);
    expect(() => read(bomb)).toThrow(REFUSALS.zipBomb.en);
  });

  it('refuses a file inside the zip larger than a collected text may be, before collecting it all', () => {
    const collected: string[] = [];
    const archive = zip({ 'backup.daylio': 'A'.repeat(5000) });
    expect(() =>
      readZip(archive, () => textCollector((text) => collected.push(text), 4096)),
    ).toThrow(REFUSALS.zipFileTooLarge.en);
    expect(collected).toEqual([]);
    expect(readZip(archive, () => textCollector((text) => collected.push(text), 5000))).toEqual([
      'backup.daylio',
    ]);
    expect(collected[0]).toHaveLength(5000);
    // Below the longest string JavaScript can make, so the limit is met before that failure.
    expect(TEXT_MAX_BYTES).toBeLessThan(2 ** 29 - 24);
  });

  it('refuses a path that leaves its folder', () => {
    expect(() => read(zip({ '../Journal.json': dayOneJournal([dayOneEntry()]) }))).toThrow(
      REFUSALS.zipUnsafePath.en,
    );
  });

  it('refuses a truncated zip', () => {
    const whole = loopZip();
    expect(() => read(whole.subarray(0, Math.floor(whole.length / 2)))).toThrow(
      /damaged or cut short/,
    );
  });

  it('refuses a zip that mixes apps', () => {
    const mixed = zip({
      'Journal.json': dayOneJournal([dayOneEntry()]),
      'Habits.csv': 'Position,Name\n001,Gym\n',
      '001 Gym/Checkmarks.csv': '2025-01-01,2\n',
    });
    expect(() => read(mixed)).toThrow(/more than one app/);
  });

  it('refuses text it does not know, and leaves other JSON to the Monthbook import', () => {
    expect(() => read('just some words')).toThrow(/not an export Monthbook can read/);
    expect(read('{"format": "monthbook-export", "version": 2}')).toBeNull();
  });
});

describe('refusals in the user’s language', () => {
  it('every reason has its own Portuguese text', () => {
    const reasons = Object.values(REFUSALS);
    for (const { en, 'pt-BR': pt } of reasons) {
      expect(pt).not.toBe(en);
      expect(pt.trim()).not.toBe('');
    }
    expect(new Set(reasons.map((texts) => texts['pt-BR'])).size).toBe(reasons.length);
  });

  it('a refusal keeps its reason, so it can be told in Portuguese', () => {
    let refused: unknown;
    try {
      read(zip({ '../Journal.json': dayOneJournal([dayOneEntry()]) }));
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(UnreadableImport);
    expect((refused as UnreadableImport).messageIn('pt-BR')).toBe(
      'O arquivo zip tem um caminho que sai da própria pasta ("..").',
    );
    expect((refused as UnreadableImport).messageIn('en')).toBe(REFUSALS.zipUnsafePath.en);
  });
});
