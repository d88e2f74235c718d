// Month at a glance on the journals page: a disclosure, closed by default; once open, its code and
// data load after the page's first paint.
import { Title, UnstyledButton } from '@mantine/core';
import { useQueryClient, useSuspenseQueries } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { MonthStats } from '../../../contract/stats';
import { journals } from '../../i18n/en/journals';
import { useTexts } from '../../i18n/store';
import { statsKeys } from '../../queries/keys';
import { monthStatsQueryOptions } from '../../queries/stats';
import { ChevronIcon } from '../icons';
import './stats-frame.css';
import { useGlanceOpen } from './glance-open';
import { StatsErrorBoundary } from './stats-error-boundary';
import { StatsPlaceholder } from './stats-placeholder';

/**
 * The chart library is big: the drawing comes in its own chunk, which imports nothing from this
 * side (the journals page's chunk) — otherwise the bundler makes the page's chunk export to it,
 * and the route's chunk loses its name in the build manifest the bundle budget reads. So the data
 * is read here, with the hooks the page already loads, and handed over.
 */
const loadCards = () =>
  import('./month-stats').then((module) => ({ default: module.MonthStatsCards }));

type Cards = ComponentType<{ stats: MonthStats; period?: string | null | undefined }>;

/** Suspends until the stats are in; a failure goes to the error boundary. */
function LoadedStats({
  monthId,
  period,
  Cards,
}: {
  monthId: number;
  period?: string | null | undefined;
  Cards: Cards;
}) {
  // useSuspenseQueries rather than useSuspenseQuery: the page loads its code already.
  const [{ data }] = useSuspenseQueries({ queries: [monthStatsQueryOptions(monthId)] });
  return <Cards stats={data} period={period} />;
}

interface MonthStatsSectionProps {
  monthId: number;
  habitCount: number;
  entryCount: number;
  /** The month's measures (has a target or not) and its mood switch, for the placeholder. */
  measureTargets?: boolean[];
  moodEnabled?: boolean;
  /** The month's calendar period (`YYYY-MM`), if it has one: the charts run over its days. */
  period?: string | null | undefined;
}

export function MonthStatsSection(props: MonthStatsSectionProps) {
  const [open, toggle] = useGlanceOpen();
  const t = useTexts('journals', journals);
  return (
    <section aria-labelledby="month-stats-title" className="mb-stats">
      <Title order={2} size="h3" mb={open ? 'md' : 0}>
        <UnstyledButton
          id="month-stats-title"
          className="mb-stats-toggle"
          aria-expanded={open}
          aria-controls="month-stats-body"
          onClick={toggle}
        >
          <ChevronIcon size={20} className="mb-stats-chevron" />
          {t.statsTitle}
        </UnstyledButton>
      </Title>
      <div id="month-stats-body" hidden={!open}>
        {open && <OpenStats {...props} />}
      </div>
    </section>
  );
}

function OpenStats({
  monthId,
  habitCount,
  entryCount,
  measureTargets,
  moodEnabled,
  period,
}: MonthStatsSectionProps) {
  // A new lazy component per attempt: React keeps a failed chunk load's error for good otherwise.
  // Its download starts here, alongside the stats request, not once the data has come.
  const [attempt, setAttempt] = useState(0);
  // The section's own words are the page's (journals namespace); the loaded cards' are in src/i18n/en/stats.ts.
  const t = useTexts('journals', journals);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the attempt is what makes a new one
  const Cards = useMemo(() => {
    const loading = loadCards();
    // Handled here too: a failure before the data comes would otherwise read as unhandled.
    loading.catch(() => undefined);
    return lazy(() => loading);
  }, [attempt]);
  const queryClient = useQueryClient();
  const retry = () => {
    // A failed query is refetched by the next render, not served from the cache's error.
    void queryClient.resetQueries({ queryKey: statsKeys.month(monthId), exact: true });
    setAttempt((count) => count + 1);
  };
  return (
    <StatsErrorBoundary onRetry={retry} texts={{ failed: t.statsFailed, retry: t.statsRetry }}>
      <Suspense
        fallback={
          <LoadingStats
            habitCount={habitCount}
            entryCount={entryCount}
            measureTargets={measureTargets}
            moodEnabled={moodEnabled}
          />
        }
      >
        <LoadedStats monthId={monthId} period={period} Cards={Cards} />
      </Suspense>
    </StatsErrorBoundary>
  );
}

/** The section while its code and data load: shaped like the cards to come. */
function LoadingStats({
  habitCount,
  entryCount,
  measureTargets,
  moodEnabled,
}: Omit<MonthStatsSectionProps, 'monthId'>) {
  const t = useTexts('journals', journals);
  return (
    <StatsPlaceholder
      habitCount={habitCount}
      entryCount={entryCount}
      measureTargets={measureTargets}
      moodEnabled={moodEnabled}
      label={t.statsLoading}
    />
  );
}
