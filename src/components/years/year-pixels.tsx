// The year in pixels: one square per day, coloured by mood or by the share of habits done, with a
// legend.
import { Button, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMemo, useState } from 'react';
import { daysInPeriod, periodDay } from '../../../contract/month-period';
import type { YearDay } from '../../../contract/year';
import { calendar } from '../../i18n/en/calendar';
import { useLocale, useTexts } from '../../i18n/store';
import './year.css';

type ColourBy = 'mood' | 'habits';

/** 0 (none done) to 4 (all done); null when the day had no habit to do. */
export function habitLevel(day: YearDay): number | null {
  if (day.habits_total === 0) return null;
  return Math.round((day.habits_done / day.habits_total) * 4);
}

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);
const DAYS = Array.from({ length: 31 }, (_, index) => index + 1);

export function YearPixels({ year, days }: { year: number; days: YearDay[] }) {
  const t = useTexts('calendar', calendar);
  const locale = useLocale();
  const [by, setBy] = useState<ColourBy>(() =>
    days.some((day) => day.mood !== null) ? 'mood' : 'habits',
  );
  const byDate = useMemo(() => new Map(days.map((day) => [day.date, day])), [days]);
  const monthShort = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
  const monthLong = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const longDate = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });

  const detail = (day: YearDay | undefined) => {
    if (!day) return t.noEntry;
    const words = [t.entries(day.entries)];
    if (by === 'mood') words.push(day.mood === null ? t.noMood : t.mood(Math.round(day.mood)));
    if (day.habits_total > 0) words.push(t.habitsDone(day.habits_done, day.habits_total));
    return words.join(', ');
  };

  return (
    <Stack gap="xs">
      <Title order={2} size="h3" id="pixels-title">
        {t.pixelsTitle}
      </Title>
      <Group gap="xs" align="center">
        <Text size="sm" id="pixels-colour-by">
          {t.colourBy}
        </Text>
        <Button.Group aria-labelledby="pixels-colour-by">
          <Button
            size="xs"
            variant={by === 'mood' ? 'filled' : 'default'}
            aria-pressed={by === 'mood'}
            onClick={() => setBy('mood')}
          >
            {t.byMood}
          </Button>
          <Button
            size="xs"
            variant={by === 'habits' ? 'filled' : 'default'}
            aria-pressed={by === 'habits'}
            onClick={() => setBy('habits')}
          >
            {t.byHabits}
          </Button>
        </Button.Group>
      </Group>
      <table className="mb-pixels" aria-labelledby="pixels-title">
        <thead>
          <tr>
            {/* Sized as the month names below it: a fixed table takes its columns from this row. */}
            <td className="mb-pixels-month" />
            {DAYS.map((day) => (
              <th key={day} scope="col">
                {day % 5 === 1 || day === 31 ? day : <VisuallyHidden>{day}</VisuallyHidden>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {MONTHS.map((month) => {
            const first = new Date(Date.UTC(year, month - 1, 1));
            const length = daysInPeriod({ year, month });
            return (
              <tr key={month}>
                <th scope="row" className="mb-pixels-month">
                  <span aria-hidden="true">{monthShort.format(first)}</span>
                  <VisuallyHidden>{monthLong.format(first)}</VisuallyHidden>
                </th>
                {DAYS.map((dayNumber) => {
                  if (dayNumber > length) {
                    return (
                      <td key={dayNumber}>
                        <span className="mb-pixel" data-outside />
                      </td>
                    );
                  }
                  const date = periodDay({ year, month }, dayNumber);
                  const day = byDate.get(date);
                  const level = day ? habitLevel(day) : null;
                  const mood = day?.mood == null ? null : Math.round(day.mood);
                  return (
                    <td key={dayNumber}>
                      <span
                        className="mb-pixel"
                        data-date={date}
                        data-entry={day ? true : undefined}
                        data-mood={by === 'mood' && mood !== null ? mood : undefined}
                        data-nomood={by === 'mood' && day && mood === null ? true : undefined}
                        data-level={by === 'habits' && level !== null ? level : undefined}
                        title={`${longDate.format(new Date(`${date}T00:00:00Z`))}: ${detail(day)}`}
                      />
                      <VisuallyHidden>{detail(day)}</VisuallyHidden>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="mb-pixels-legend" aria-hidden="true">
        {by === 'mood' ? (
          <>
            <span>{t.legendMoodLow}</span>
            {[1, 2, 3, 4, 5].map((mood) => (
              <span key={mood} className="mb-pixel" data-entry data-mood={mood} />
            ))}
            <span>{t.legendMoodHigh}</span>
          </>
        ) : (
          <>
            <span>{t.legendLess}</span>
            {[0, 1, 2, 3, 4].map((level) => (
              <span key={level} className="mb-pixel" data-entry data-level={level} />
            ))}
            <span>{t.legendMore}</span>
          </>
        )}
        <span className="mb-pixel" style={{ marginInlineStart: '0.75rem' }} />
        <span>{t.legendEmpty}</span>
      </div>
    </Stack>
  );
}
