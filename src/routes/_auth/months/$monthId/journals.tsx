// A month's journals (spec §2): the month name as h1 (back to /months), Registers and Goals columns.
import { Anchor, Title } from '@mantine/core';
import { useSuspenseQueries } from '@tanstack/react-query';
import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { MAX_ID } from '../../../../../contract/rules';
import { GoalsColumn } from '../../../../components/journals/goals-column';
import { RegistersColumn } from '../../../../components/journals/registers-column';
import { usePageTitle } from '../../../../components/page-title';
import { isGlanceOpen } from '../../../../components/stats/glance-open';
import { MonthStatsSection } from '../../../../components/stats/month-stats-section';
import { MonthYearLink } from '../../../../components/years/year-links';
import { journals as journalWords } from '../../../../i18n/en/journals';
import { useTexts } from '../../../../i18n/store';
import { journalsPageQueries } from '../../../../queries/journals-page';

interface JournalsSearch {
  /** `today`: open the new-entry dialog for today (a reminder's 'Write today's entry'). */
  write?: 'today';
}

export const Route = createFileRoute('/_auth/months/$monthId/journals')({
  // Params are text: a month id must be an integer the API could hold, else the page is a 404.
  params: {
    parse: ({ monthId }) => {
      // A negative one is a month made offline whose create waits (src/offline/sync.ts newTempId).
      const id = /^-?[1-9]\d{0,15}$/.test(monthId) ? Number(monthId) : Number.NaN;
      if (!(id <= MAX_ID && id >= Number.MIN_SAFE_INTEGER)) throw notFound();
      return { monthId: id };
    },
    stringify: ({ monthId }) => ({ monthId: String(monthId) }),
  },
  validateSearch: (search: Record<string, unknown>): JournalsSearch =>
    search.write === 'today' ? { write: 'today' } : {},
  loader: async ({ context: { queryClient }, params: { monthId } }) => {
    // Dynamic imports keep the data layer out of the bundle every page (the landing too) loads.
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
  const { monthId } = Route.useParams();
  const { write } = Route.useSearch();
  const navigate = Route.useNavigate();
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
      <MonthYearLink period={month.data.period} />
      <MonthStatsSection
        monthId={monthId}
        habitCount={habits.data.length}
        entryCount={journals.data.length}
        measureTargets={measures.data.map((measure) => (measure.target ?? null) !== null)}
        moodEnabled={month.data.mood_enabled !== false}
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
            month={month.data}
            writeToday={write === 'today'}
            // Once open, the request leaves the address: Back or a reload must not open it again.
            onWriteOpened={() =>
              navigate({ search: {}, replace: true, resetScroll: false, hashScrollIntoView: false })
            }
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
