// A month's journals (docs/product-rules.md section 2): the month name as h1 (back to /months),
// Registers and Goals columns.
import { Anchor, Text, Title } from '@mantine/core';
import { useQueryClient, useSuspenseQueries } from '@tanstack/react-query';
import { createFileRoute, Link, notFound, redirect } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { localToday } from '../../../../../contract/local-date';
import { inPeriod } from '../../../../../contract/month-period';
import { MAX_ID } from '../../../../../contract/rules';
import { EntriesColumn } from '../../../../components/journals/entries-column';
import { GoalsColumn } from '../../../../components/journals/goals-column';
import { shownMonthName } from '../../../../components/months/month-name';
import { usePageTitle } from '../../../../components/page-title';
import { isGlanceOpen } from '../../../../components/stats/glance-open';
import { MonthStatsSection } from '../../../../components/stats/month-stats-section';
import { MonthYearLink } from '../../../../components/years/year-links';
import { journals as journalWords } from '../../../../i18n/en/journals';
import { monthCard } from '../../../../i18n/en/month-card';
import { useTexts } from '../../../../i18n/store';
import { journalsPageQueries } from '../../../../queries/journals-page';
import { unreadable } from '../../../../queries/private-rows';

/** Shown only when a reminder's link finds no month holding today: loaded then, not with the page. */
const TodayOffer = lazy(() =>
  import('../../../../components/journals/today-offer').then((m) => ({ default: m.TodayOffer })),
);

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
  loaderDeps: ({ search }) => ({ write: search.write }),
  loader: async ({ context: { queryClient }, params: { monthId }, deps }) => {
    // Dynamic imports keep the data layer out of the bundle every page (the landing too) loads.
    const [page, errors, months] = await Promise.all([
      import('../../../../queries/journals-page'),
      import('../../../../queries/errors'),
      import('../../../../queries/months'),
    ]);
    // The month at a glance, when the user keeps it open: requested alongside, never
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
    if (deps.write === 'today') {
      const holding = await months.monthHoldingDay(queryClient, monthId, localToday());
      // A reminder links to the latest month made, whatever its calendar month: today's entry
      // goes to the month that holds today instead.
      if (holding !== null && holding !== monthId) {
        throw redirect({
          to: '/months/$monthId/journals',
          params: { monthId: holding },
          search: { write: 'today' },
          replace: true,
        });
      }
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

  const queryClient = useQueryClient();
  // A month opened before its create landed (its address holds the temporary id): once the server
  // gave its id, which the cached month now holds, the page moves there. Writes made from here on
  // are sent with the server's id, and shown in that id's lists, not in the temporary id's.
  const landedId = month.data.id;
  useEffect(() => {
    if (landedId !== monthId)
      void navigate({
        params: { monthId: landedId },
        search: (search) => search,
        replace: true,
        resetScroll: false,
      });
  }, [navigate, landedId, monthId]);
  const isPrivate = month.data.month_key != null;
  // A private month still holding rows in the clear (made private in a tab closed halfway):
  // sealed from here. Its code loads only for a private month.
  useEffect(() => {
    if (!isPrivate) return;
    let stop: (() => void) | undefined;
    let left = false;
    void import('../../../../queries/month-sealing').then((sealing) => {
      if (!left) stop = sealing.keepSealed(queryClient, monthId);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [queryClient, monthId, isPrivate]);

  const t = useTexts('journals', journalWords);
  const name = shownMonthName(month.data, useTexts('monthCard', monthCard));
  usePageTitle(name);
  // A private month whose content this device cannot show: which, and where to open it.
  const marks = [month, journals, goals, habits, measures, dailyHabits, dailyMeasures].flatMap(
    ({ data }) => (Array.isArray(data) ? data : [data]).map(unreadable),
  );
  // Asked to write today's entry, in a month whose calendar month is another and with none
  // holding today (the loader went to that one otherwise): no entry dated in the wrong month,
  // an offer to create today's month instead. Kept after the request leaves the address.
  const today = localToday();
  const period = month.data.period;
  const [dismissed, setDismissed] = useState<number | null>(null);
  const offerToday =
    write === 'today' && period != null && !inPeriod(today, period) && dismissed !== monthId;

  return (
    <>
      <Title order={1} mb="lg" style={{ overflowWrap: 'anywhere' }}>
        <Anchor component={Link} to="/months" c="inherit" inherit title={t.backToMonths}>
          {name}
        </Anchor>
      </Title>
      {marks.includes('locked') ? (
        <Text mb="md" role="status">
          {t.privateLocked}{' '}
          <Anchor component={Link} to="/settings" inherit>
            {t.openSettings}
          </Anchor>
        </Text>
      ) : (
        marks.includes('undecryptable') && (
          <Text mb="md" role="status" c="red">
            {t.privateUndecryptable}
          </Text>
        )
      )}
      <MonthYearLink period={month.data.period} />
      {offerToday && (
        <Suspense fallback={null}>
          <TodayOffer today={today} onDismiss={() => setDismissed(monthId)} />
        </Suspense>
      )}
      <MonthStatsSection
        monthId={monthId}
        habitCount={habits.data.length}
        entryCount={journals.data.length}
        measureTargets={measures.data.map((measure) => (measure.target ?? null) !== null)}
        moodEnabled={month.data.mood_enabled !== false}
        period={month.data.period}
      />
      <div className="mb-journals-grid">
        <div>
          <EntriesColumn
            monthId={monthId}
            journals={journals.data}
            habits={habits.data}
            measureName={measures.data[0]?.name ?? t.measure}
            dailyHabits={dailyHabits.data}
            dailyMeasures={dailyMeasures.data}
            month={month.data}
            writeToday={write === 'today' && !offerToday}
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
