// Links to the year view: one per year that has months with a calendar month, and one for a month's
// own year.
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Month } from '../../../contract/entities';
import { calendar } from '../../i18n/en/calendar';
import { useTexts } from '../../i18n/store';

function YearLink({ year, label, block }: { year: number; label: string; block?: boolean }) {
  return (
    <Anchor
      // On the month's page it stands on its own line, apart from the sections below.
      {...(block ? { display: 'inline-block', mb: 'md' } : {})}
      size="sm"
      renderRoot={(props) => <Link to="/years/$year" params={{ year: String(year) }} {...props} />}
    >
      {label}
    </Anchor>
  );
}

/** The months page: the years its months' periods fall in, newest first; nothing when none has one. */
export function YearLinks({ months }: { months: Month[] }) {
  const t = useTexts('calendar', calendar);
  const years = [
    ...new Set(months.flatMap((month) => (month.period ? [Number(month.period.slice(0, 4))] : []))),
  ].sort((a, b) => b - a);
  if (years.length === 0) return null;
  return (
    <nav aria-label={t.yearsNav}>
      <Group gap="xs" mb="md">
        <Text size="sm">{t.yearsNav}:</Text>
        {years.map((year) => (
          <YearLink key={year} year={year} label={String(year)} />
        ))}
      </Group>
    </nav>
  );
}

/** A month's page: its year at a glance, when it has a period. */
export function MonthYearLink({ period }: { period: string | null | undefined }) {
  const t = useTexts('calendar', calendar);
  if (!period) return null;
  const year = Number(period.slice(0, 4));
  return <YearLink year={year} label={t.viewYear(year)} block />;
}
