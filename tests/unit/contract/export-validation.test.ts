// @vitest-environment node
// The export file's checks shared by the browser and the server: paths, calendar dates, first problem found.
import { EXPORT_FORMAT, type ExportFile, IMPORT_MESSAGES } from '../../../contract/export';
import {
  describeProblem,
  isCalendarDate,
  parseExport,
  readablePath,
  upgradeExport,
  validateExport,
} from '../../../contract/export-validation';

const file = (): ExportFile => ({
  format: EXPORT_FORMAT,
  version: 2,
  exported_at: '2024-01-01T00:00:00.000Z',
  months: [
    {
      name: 'January',
      habits: [{ id: 1, name: 'Read' }],
      measures: [],
      goals: [],
      journals: [
        {
          created_at: '2024-02-29',
          highlight: 'Leap day',
          daily_habits: [{ habit: 1, is_practiced: false }],
          daily_measures: [],
        },
      ],
    },
  ],
});

describe('readablePath', () => {
  it('turns a JSON pointer into the path a person reads', () => {
    expect(readablePath('/months/2/journals/15/created_at')).toBe(
      'months[2].journals[15].created_at',
    );
    expect(readablePath('/format')).toBe('format');
    expect(readablePath('')).toBe('');
  });
});

describe('isCalendarDate', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2000-02-29', true],
    ['1900-02-29', false],
    ['2024-04-31', false],
    ['2024-12-31', true],
    ['2024-13-01', false],
    ['2024-00-10', false],
    ['0000-01-01', false],
    ['0001-01-01', true],
  ])('%s is %s', (date, expected) => {
    expect(isCalendarDate(date)).toBe(expected);
  });
});

describe('validateExport', () => {
  it('refuses text with a lone surrogate, which no database stores as it is, and keeps real pairs', () => {
    const lone = file();
    lone.months[0]!.name = 'Jan\uD800uary';
    expect(validateExport(lone)).toEqual({
      path: 'months[0].name',
      message: 'must be valid Unicode text',
    });
    const highlight = file();
    highlight.months[0]!.journals[0]!.highlight = 'Leap \uDC00';
    expect(validateExport(highlight)?.path).toBe('months[0].journals[0].highlight');
    const emoji = file();
    emoji.months[0]!.name = 'January \u{1F600}';
    expect(validateExport(emoji)).toBeNull();
  });

  it('accepts a good file and ignores fields it does not know', () => {
    expect(validateExport(file())).toBeNull();
    expect(validateExport({ ...file(), app: 'a later Monthbook' })).toBeNull();
  });

  it('reports the first problem in file order, path first', () => {
    const bad = file();
    bad.months[0]!.journals[0]!.created_at = '2023-02-29';
    bad.months[0]!.journals[0]!.highlight = ' ';
    const problem = validateExport(bad);
    expect(problem).toEqual({
      path: 'months[0].journals[0].created_at',
      message: 'must be a date YYYY-MM-DD',
    });
    expect(describeProblem(problem!)).toBe(
      'months[0].journals[0].created_at: must be a date YYYY-MM-DD',
    );
  });

  it('names another kind of file before any field', () => {
    expect(validateExport([])).toEqual({ path: '', message: IMPORT_MESSAGES.notExport });
    expect(validateExport({ months: 'x' })).toEqual({
      path: 'format',
      message: IMPORT_MESSAGES.notExport,
    });
    expect(validateExport({ ...file(), version: '1' })).toEqual({
      path: 'version',
      message: IMPORT_MESSAGES.unsupportedVersion('1'),
    });
    expect(validateExport({ ...file(), version: 3 })).toEqual({
      path: 'version',
      message: IMPORT_MESSAGES.unsupportedVersion(3),
    });
    expect(IMPORT_MESSAGES.unsupportedVersion(3)).toBe(
      'Unsupported export version 3: this server reads versions 1 and 2.',
    );
  });

  it('reads version 1 as it always did: fields of later versions are ignored in it', () => {
    const v1 = { ...file(), version: 1 } as unknown as Record<string, unknown>;
    const journal = (v1.months as ExportFile['months'])[0]!.journals[0]!;
    Object.assign(journal, { note: 42, mood: 9 });
    expect(validateExport(v1)).toBeNull();
    const upgraded = upgradeExport(v1 as unknown as ExportFile);
    expect(upgraded.version).toBe(2);
    expect(upgraded.months[0]!.journals[0]).toEqual({
      created_at: '2024-02-29',
      highlight: 'Leap day',
      daily_habits: [{ habit: 1, is_practiced: false }],
      daily_measures: [],
    });
    expect(parseExport(JSON.stringify(v1))).toEqual({ file: { ...file(), version: 2 } });
  });

  it('checks version 2 fields: note length and Unicode, mood 1 to 5', () => {
    const withFields = (fields: Record<string, unknown>) => {
      const f = file();
      Object.assign(f.months[0]!.journals[0]!, fields);
      return f;
    };
    expect(validateExport(withFields({ note: '# Hi', mood: 5 }))).toBeNull();
    expect(validateExport(withFields({ note: '' }))).toBeNull();
    expect(validateExport(withFields({ mood: 0 }))).toEqual({
      path: 'months[0].journals[0].mood',
      message: 'must be at least 1',
    });
    expect(validateExport(withFields({ mood: 2.5 }))?.message).toBe('must be a whole number');
    expect(validateExport(withFields({ note: 'x'.repeat(20_001) }))).toEqual({
      path: 'months[0].journals[0].note',
      message: 'must have no more than 20000 characters',
    });
    expect(validateExport(withFields({ note: 'a\uD800b' }))).toEqual({
      path: 'months[0].journals[0].note',
      message: 'must be valid Unicode text',
    });
    const month = file();
    Object.assign(month.months[0]!, { mood_enabled: 'no' });
    expect(validateExport(month)?.path).toBe('months[0].mood_enabled');
  });

  it('with a fast check, walks for errors only when the check fails, and still cross-checks', () => {
    const bad = file();
    bad.months[0]!.journals[0]!.daily_habits[0]!.habit = 9;
    expect(validateExport(bad, () => true)).toEqual({
      path: 'months[0].journals[0].daily_habits[0].habit',
      message: 'no habit with id 9 in this month',
    });
    const wrongType = { ...file(), months: 'none' };
    expect(validateExport(wrongType, () => false)).toEqual({
      path: 'months',
      message: 'must be a list',
    });
  });

  it('keeps references inside their month', () => {
    const two = file();
    two.months.push({ ...two.months[0]!, habits: [{ id: 2, name: 'Walk' }] });
    expect(validateExport(two)).toEqual({
      path: 'months[1].journals[0].daily_habits[0].habit',
      message: 'no habit with id 1 in this month',
    });
  });
});

describe('parseExport', () => {
  it('parses and validates, or says what is wrong', () => {
    expect(parseExport(JSON.stringify(file()))).toEqual({ file: file() });
    expect(parseExport('not json')).toEqual({
      problem: { path: '', message: IMPORT_MESSAGES.notJson },
    });
  });
});
