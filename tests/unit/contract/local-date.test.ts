// @vitest-environment node
// localToday and isCalendarDay: the entry date's default and its check in the browser.
import { isCalendarDay, localToday } from '../../../contract/local-date';

describe('localToday', () => {
  it('is the local calendar day, not the UTC one', () => {
    // 00:30 local time on March 1st, whatever the time zone the tests run in.
    expect(localToday(new Date(2025, 2, 1, 0, 30))).toBe('2025-03-01');
    expect(localToday(new Date(2024, 11, 31, 23, 59))).toBe('2024-12-31');
  });
});

describe('isCalendarDay', () => {
  it.each(['2024-02-29', '0001-01-01', '9999-12-31', '2025-04-30'])('accepts %s', (day) => {
    expect(isCalendarDay(day)).toBe(true);
  });

  it.each(['2023-02-29', '2025-04-31', '2025-13-01', '0000-01-01', '2025-1-1', '', 'today'])(
    'refuses %j',
    (day) => {
      expect(isCalendarDay(day)).toBe(false);
    },
  );
});
