// A month's journals (spec §2): the month name as h1 (back to /months), Registers and Goals columns.
import { Anchor, Title } from '@mantine/core';
import { useSuspenseQueries } from '@tanstack/react-query';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { GoalsColumn } from '../../../../components/journals/goals-column';
import { parseMonthId } from '../../../../components/journals/parse-month-id';
import { RegistersColumn } from '../../../../components/journals/registers-column';
import { usePageTitle } from '../../../../components/page-title';
import { isGlanceOpen } from '../../../../components/stats/glance-open';
import { MonthStatsSection } from '../../../../components/stats/month-stats-section';
import { journals as journalWords } from '../../../../i18n/en/journals';
import { useTexts } from '../../../../i18n/store';
import { journalsPageQueries } from '../../../../queries/journals-page';

export const Route = createFileRoute('/_auth/months/$monthId/journals')({
  loader: async ({ context: { queryClient }, params }) => {
    // Dynamic imports keep the data layer out of the bundle every page (the landing too) loads.
    const ids = await import('../../../../components/journals/parse-month-id');
    const monthId = ids.parseMonthId(params.monthId);
    if (monthId === null) throw notFound();
    const [page, errors] = await Promise.all([
      import('../../../../queries/journals-page'),
      import('../../../../queries/errors'),
    ]);
    // The month at a glance (issue 6), when the user keeps it open: requested alongside, never
    // awaited, so the page does not wait for it.
    if (isGlanceOpen()) {
      void import('../../../../queries/stats').then((stats) =>
        queryClient.prefetchQuery(stats.monthStatsQueryOptions(monthId)),
      );
    }
    try {
      await page.ensureJournalsPage(queryClient, monthId);
    } catch (error) {
      if (errors.errorStatus(error) === 404) throw notFound();
      throw error;
    }
  },
  component: JournalsPage,
});

function JournalsPage() {
  const params = Route.useParams();
  // The loader has rejected anything else, so this is a valid id here.
  const monthId = parseMonthId(params.monthId) ?? 0;
  const [month, journals, goals, habits, measures, dailyHabits, dailyMeasures] = useSuspenseQueries(
    { queries: journalsPageQueries(monthId) },
  );

  usePageTitle(month.data.name);
  const t = useTexts('journals', journalWords);

  return (
    <>
      <Title order={1} mb="lg" style={{ overflowWrap: 'anywhere' }}>
        <Anchor component={Link} to="/months" c="inherit" inherit title={t.backToMonths}>
          {month.data.name}
        </Anchor>
      </Title>
      <MonthStatsSection
        monthId={monthId}
        habitCount={habits.data.length}
        entryCount={journals.data.length}
      />
      <div className="mb-journals-grid">
        <div>
          <RegistersColumn
            monthId={monthId}
            journals={journals.data}
            habits={habits.data}
            measureName={measures.data[0]?.name ?? t.measure}
            dailyHabits={dailyHabits.data}
            dailyMeasures={dailyMeasures.data}
          />
        </div>
        {/* Below 900 px the goals come first (global.css): under a month of entries they were
            thousands of pixels down. */}
        <div className="mb-journals-goals">
          <GoalsColumn monthId={monthId} goals={goals.data} />
        </div>
      </div>
    </>
  );
}
