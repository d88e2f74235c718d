// A year at a glance: its months with a calendar month, each measure across them, the year in
// pixels, each habit's rate.
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { PERIOD_MAX_YEAR, PERIOD_MIN_YEAR } from '../../../../contract/month-period';
import type { YearView } from '../../../../contract/year';
import { shownMonthName } from '../../../components/months/month-name';
import { usePageTitle } from '../../../components/page-title';
import { parseYear } from '../../../components/years/parse-year';
import { YearPixels } from '../../../components/years/year-pixels';
import { calendar } from '../../../i18n/en/calendar';
import { habitSchedules } from '../../../i18n/en/habit-schedules';
import { monthCard } from '../../../i18n/en/month-card';
import { useLocale, useTexts } from '../../../i18n/store';
import { yearQueryOptions } from '../../../queries/years';

/** The charts (@mantine/charts) load with their own chunk, as the month at a glance's. */
const YearMeasures = lazy(() => import('../../../components/years/year-measures'));

export const Route = createFileRoute('/_auth/years/$year')({
  loader: async ({ context: { queryClient }, params }) => {
    // Dynamic imports keep the data layer out of the bundle every page (the landing too) loads.
    const { parseYear } = await import('../../../components/years/parse-year');
    const year = parseYear(params.year);
    if (year === null) throw notFound();
    const { yearQueryOptions } = await import('../../../queries/years');
    // Not awaited: the page shows at once with its loading state.
    void queryClient.prefetchQuery(yearQueryOptions(year));
  },
  component: YearPage,
});

function YearPage() {
  const t = useTexts('calendar', calendar);
  const year = parseYear(Route.useParams().year) ?? PERIOD_MIN_YEAR;
  usePageTitle(t.yearTitle(year));
  const query = useQuery(yearQueryOptions(year));
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="xs">
        <Title order={1}>{t.yearTitle(year)}</Title>
        <Group gap="xs">
          {year > PERIOD_MIN_YEAR && (
            <Anchor
              renderRoot={(props) => (
                <Link to="/years/$year" params={{ year: String(year - 1) }} {...props} />
              )}
              aria-label={t.previousYear(year - 1)}
            >
              ← {year - 1}
            </Anchor>
          )}
          {year < PERIOD_MAX_YEAR && (
            <Anchor
              renderRoot={(props) => (
                <Link to="/years/$year" params={{ year: String(year + 1) }} {...props} />
              )}
              aria-label={t.nextYear(year + 1)}
            >
              {year + 1} →
            </Anchor>
          )}
        </Group>
      </Group>
      {query.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>{t.yearLoading}</Text>
        </Group>
      ) : query.isError ? (
        <Alert color="red" title={t.yearFailed} role="alert">
          <Button variant="light" color="red" size="xs" onClick={() => void query.refetch()}>
            {t.retry}
          </Button>
        </Alert>
      ) : query.data.months.length === 0 ? (
        <Text>{t.yearEmpty(year)}</Text>
      ) : (
        <YearBody view={query.data} />
      )}
    </Stack>
  );
}

function YearBody({ view }: { view: YearView }) {
  const t = useTexts('calendar', calendar);
  const schedules = useTexts('habitSchedules', habitSchedules);
  const monthWords = useTexts('monthCard', monthCard);
  const locale = useLocale();
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <>
      <nav aria-label={t.monthsOfYear(String(view.year))}>
        <Group gap="xs">
          {view.months.map((month) => (
            <Anchor
              key={month.id}
              renderRoot={(props) => (
                <Link to="/months/$monthId/journals" params={{ monthId: month.id }} {...props} />
              )}
            >
              {shownMonthName(month, monthWords)}
            </Anchor>
          ))}
        </Group>
        {view.truncated && (
          <Text size="sm" c="dimmed">
            {t.yearTruncated(view.months.length)}
          </Text>
        )}
      </nav>
      <section aria-labelledby="year-measures-title">
        <Title order={2} size="h3" id="year-measures-title" mb="xs">
          {t.measuresTitle}
        </Title>
        {view.measures.some((measure) => measure.points.length > 0) ? (
          <Suspense
            fallback={
              <Group gap="xs" role="status">
                <Loader size="xs" />
                <Text size="sm">{t.yearLoading}</Text>
              </Group>
            }
          >
            <YearMeasures measures={view.measures.filter((m) => m.points.length > 0)} />
          </Suspense>
        ) : (
          <Text size="sm" c="dimmed">
            {t.noMeasures}
          </Text>
        )}
      </section>
      <section>
        <YearPixels year={view.year} days={view.days} />
      </section>
      <section aria-labelledby="year-habits-title">
        <Title order={2} size="h3" id="year-habits-title" mb="xs">
          {t.habitsTitle}
        </Title>
        {view.habits.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.noHabits}
          </Text>
        ) : (
          <div className="mb-year-cards">
            {view.habits.map((habit) => (
              <Card key={habit.name} withBorder padding="sm">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {habit.name}
                </Text>
                {/* The line below says it in words. */}
                <Progress value={habit.rate * 100} my={6} aria-hidden />
                <Text size="sm">
                  {habit.unit === 'weeks'
                    ? schedules.weeksRate(habit.done, habit.total, percent.format(habit.rate))
                    : t.habitRate(habit.done, habit.total, percent.format(habit.rate))}
                </Text>
                <Text size="xs" c="dimmed">
                  {t.habitMonths(habit.months)}
                </Text>
              </Card>
            ))}
          </div>
        )}
      </section>
    </>
  );
}
