// The reminder job's calendar: a moment in a user's zone (DST included), ISO weekdays and ISO weeks across year ends.
import { addDays, isoWeek, isoWeekday, localMoment } from '../../server/services/local-time.js';

describe('localMoment', () => {
  it('reads the date and time in the zone, across DST changes', () => {
    // Los Angeles: UTC-7 until 2026-11-01 02:00, UTC-8 after.
    expect(localMoment(new Date('2026-10-31T20:00:00Z'), 'America/Los_Angeles')).toEqual({
      date: '2026-10-31',
      time: '13:00',
      weekday: 6,
    });
    expect(localMoment(new Date('2026-11-02T20:00:00Z'), 'America/Los_Angeles')).toEqual({
      date: '2026-11-02',
      time: '12:00',
      weekday: 1,
    });
    // Auckland is already tomorrow; midnight is 00:00, not 24:00.
    expect(localMoment(new Date('2026-11-25T11:00:00Z'), 'Pacific/Auckland')).toEqual({
      date: '2026-11-26',
      time: '00:00',
      weekday: 4,
    });
    expect(localMoment(new Date('2026-03-29T01:30:00Z'), 'Europe/Lisbon').time).toBe('02:30');
  });
});

describe('ISO weeks', () => {
  it.each([
    ['2026-11-16', '2026-W47'],
    ['2026-12-31', '2026-W53'],
    ['2027-01-03', '2026-W53'],
    ['2027-01-04', '2027-W01'],
    ['2024-12-30', '2025-W01'],
    ['2021-01-03', '2020-W53'],
  ])('%s is in %s', (date, week) => {
    expect(isoWeek(date)).toBe(week);
  });

  it('numbers weekdays from Monday and adds days across months and years', () => {
    expect(isoWeekday('2026-11-16')).toBe(1);
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
