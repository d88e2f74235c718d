// @vitest-environment node
// The calendar period read from a month's name, and the period helpers the calendar uses.
import {
  calendarWeeks,
  daysInPeriod,
  defaultEntryDate,
  inPeriod,
  isPeriod,
  periodDay,
  periodFromName,
  periodParts,
} from '../../../contract/month-period';

describe('periodFromName', () => {
  it.each([
    ['January 2026', '2026-01'],
    ['Jan 2026', '2026-01'],
    ['jan. 2026', '2026-01'],
    ['  MARCH 2026 ', '2026-03'],
    ['September, 2025', '2025-09'],
    ['Sept 2025', '2025-09'],
    ['2026 May', '2026-05'],
    ['2026-01', '2026-01'],
    ['2026/3', '2026-03'],
    ['12/2024', '2024-12'],
    ['Janeiro de 2026', '2026-01'],
    ['março de 2026', '2026-03'],
    ['Marco 2026', '2026-03'],
    ['fev 2026', '2026-02'],
    ['Dezembro de 1999', '1999-12'],
  ])('reads %j as %s', (name, period) => {
    expect(periodFromName(name)).toBe(period);
  });

  it.each([
    'January',
    '2026',
    'Trip to Lisbon, May 2026',
    'Smarch 2026',
    '2026-13',
    '2026-00',
    '13/2026',
    'January 1899',
    'January 3000',
    'January 20266',
    '',
  ])('reads nothing from %j', (name) => {
    expect(periodFromName(name)).toBeNull();
  });
});

describe('period helpers', () => {
  it('checks the pattern and splits a period', () => {
    expect(isPeriod('2026-03')).toBe(true);
    expect(isPeriod('2026-3')).toBe(false);
    expect(isPeriod('1899-12')).toBe(false);
    expect(periodParts('2026-03')).toEqual({ year: 2026, month: 3 });
    expect(periodParts(null)).toBeNull();
    expect(periodParts('nope')).toBeNull();
  });

  it('knows the days of a month, leap years included', () => {
    expect(daysInPeriod({ year: 2024, month: 2 })).toBe(29);
    expect(daysInPeriod({ year: 2026, month: 2 })).toBe(28);
    expect(daysInPeriod({ year: 2026, month: 4 })).toBe(30);
    expect(daysInPeriod({ year: 2026, month: 12 })).toBe(31);
    expect(periodDay({ year: 2026, month: 3 }, 9)).toBe('2026-03-09');
    expect(inPeriod('2026-03-09', '2026-03')).toBe(true);
    expect(inPeriod('2026-04-01', '2026-03')).toBe(false);
  });
});

describe('defaultEntryDate', () => {
  it('is today when today is in the period', () => {
    expect(defaultEntryDate('2026-03', ['2026-03-10'], '2026-03-10')).toBe('2026-03-10');
  });
  it('is the first day without an entry when today is outside it', () => {
    expect(defaultEntryDate('2026-03', ['2026-03-01', '2026-03-02'], '2026-05-10')).toBe(
      '2026-03-03',
    );
  });
  it('is the first day when every day has an entry', () => {
    const all = Array.from({ length: 28 }, (_, i) => `2026-02-${String(i + 1).padStart(2, '0')}`);
    expect(defaultEntryDate('2026-02', all, '2026-05-10')).toBe('2026-02-01');
  });
  it('is today without a period', () => {
    expect(defaultEntryDate(null, [], '2026-05-10')).toBe('2026-05-10');
  });
});

describe('calendarWeeks', () => {
  it('lays March 2026 out in weeks from Sunday', () => {
    const weeks = calendarWeeks({ year: 2026, month: 3 });
    // 1 March 2026 is a Sunday; 31 days fill five weeks.
    expect(weeks).toHaveLength(5);
    expect(weeks[0]?.[0]).toBe('2026-03-01');
    expect(weeks[4]?.slice(0, 3)).toEqual(['2026-03-29', '2026-03-30', '2026-03-31']);
    expect(weeks[4]?.[3]).toBeNull();
  });
  it('pads the first week of a month starting mid-week', () => {
    // 1 April 2026 is a Wednesday.
    const weeks = calendarWeeks({ year: 2026, month: 4 });
    expect(weeks[0]).toEqual([
      null,
      null,
      null,
      '2026-04-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-04',
    ]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
  });
});
