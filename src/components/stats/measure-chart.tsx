// A measure by day: a line chart for the eye (with its target line), a visually hidden table for
// screen readers.
import { LineChart } from '@mantine/charts';
import { Text, VisuallyHidden } from '@mantine/core';
import { isOnTarget } from '../../../contract/measure-target-rules';
import type { MeasurePoint, MeasureStats, StatsEntry } from '../../../contract/stats';
import { measureTargets } from '../../i18n/en/measure-targets';
import { useLocale, useTexts } from '../../i18n/store';
import { goalText, labelWithUnit } from '../journals/measure-value';
import { CardTitle, EmptyMessage } from './card-parts';
import { everyDay } from './chart-days';
import { niceTicks } from './nice-ticks';
import { useStatsWords } from './stats-words';

/** Fits the chart card (.mb-stats-chart, 16rem) with its title above and the summary line below. */
const CHART_HEIGHT = 150;

/** The spec's single measure (id and name), or one of `measures` with its unit and target. */
type ChartedMeasure = Pick<MeasureStats, 'id' | 'name'> &
  Partial<Pick<MeasureStats, 'unit' | 'target' | 'target_direction' | 'days_on_target'>>;

interface MeasureChartProps {
  measure: ChartedMeasure | null;
  series: MeasurePoint[];
  entries: StatsEntry[];
  /** The days the x axis runs over (every day of the month); none: the series' own days. */
  days?: readonly string[];
}

type StatsWords = ReturnType<typeof useStatsWords>;

function summary(series: MeasurePoint[], { t, formatNumber }: StatsWords): string {
  const values = series.map((point) => point.value);
  const latest = values.at(-1) ?? 0;
  return t.measureSummary(
    formatNumber(latest),
    formatNumber(Math.min(...values)),
    formatNumber(Math.max(...values)),
  );
}

export function MeasureChart({ measure, series, entries, days = [] }: MeasureChartProps) {
  const words = useStatsWords();
  const { t, formatLongDate, formatNumber, formatShortDate } = words;
  const targetWords = useTexts('measureTargets', measureTargets);
  const locale = useLocale();
  if (!measure) {
    return (
      <>
        <CardTitle>{t.measure}</CardTitle>
        <EmptyMessage>{entries.length === 0 ? t.noEntries : t.noMeasure}</EmptyMessage>
      </>
    );
  }
  const title = t.byDay(labelWithUnit(measure.name, measure.unit));
  const target = measure.target ?? null;
  const direction = measure.target_direction ?? null;
  const goal = goalText(measure, locale, targetWords);
  if (series.length === 0) {
    return (
      <>
        <CardTitle>{title}</CardTitle>
        <EmptyMessage>{entries.length === 0 ? t.noEntries : t.noValues(measure.name)}</EmptyMessage>
      </>
    );
  }

  // Every day on the x axis, a day without a value a gap in the line.
  const data = everyDay(days.length > 0 ? days : series.map((point) => point.date), series).map(
    (point) => ({ day: formatShortDate(point.date), value: point.value }),
  );
  const values = series.map((point) => point.value);
  // The target line stays in view even when every value is far from it.
  const bounds = target === null ? values : [...values, target];
  const axis = niceTicks(Math.min(...bounds), Math.max(...bounds));
  return (
    <figure style={{ margin: 0 }}>
      <figcaption>
        <CardTitle>{title}</CardTitle>
      </figcaption>
      {/* The SVG says nothing useful to a screen reader; the table below says it all. */}
      <div aria-hidden="true">
        <LineChart
          h={CHART_HEIGHT}
          data={data}
          dataKey="day"
          series={[{ name: 'value', label: measure.name, color: 'blue.6' }]}
          curveType="linear"
          connectNulls={false}
          referenceLines={
            target === null || !goal
              ? undefined
              : [{ y: target, label: targetWords.targetLine(goal), color: 'red.7' }]
          }
          valueFormatter={formatNumber}
          // interval 0: every tick drawn, none dropped as crowded (which left 0, 2, 4, 8).
          yAxisProps={{ domain: axis.domain, ticks: axis.ticks, interval: 0, width: 48 }}
          tooltipAnimationDuration={0}
          lineProps={{ isAnimationActive: false }}
        />
      </div>
      <Text size="sm" mt="xs">
        {summary(series, words)}
      </Text>
      {goal && measure.days_on_target !== undefined && measure.days_on_target !== null && (
        <Text size="sm" fw={500}>
          {targetWords.daysOnTarget(measure.days_on_target, series.length)} ·{' '}
          {targetWords.targetLine(goal)}
        </Text>
      )}
      <VisuallyHidden>
        <table>
          <caption>{t.measureTableCaption(measure.name)}</caption>
          <thead>
            <tr>
              <th scope="col">{t.date}</th>
              <th scope="col">{measure.name}</th>
              {goal && <th scope="col">{targetWords.targetLine(goal)}</th>}
            </tr>
          </thead>
          <tbody>
            {series.map((point) => (
              <tr key={point.date}>
                <th scope="row">{formatLongDate(point.date)}</th>
                <td>{formatNumber(point.value)}</td>
                {goal && (
                  <td>
                    {isOnTarget(point.value, target, direction)
                      ? targetWords.onTarget
                      : targetWords.offTarget}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}
