// The month's measure by day: a line chart for the eye, a visually hidden table for screen readers.
import { LineChart } from '@mantine/charts';
import { Text, VisuallyHidden } from '@mantine/core';
import type { MeasurePoint, MonthStats, StatsEntry } from '../../../contract/stats';
import { CardTitle, EmptyMessage } from './card-parts';
import { niceTicks } from './nice-ticks';
import { useStatsWords } from './stats-words';

/** Fits the chart card (.mb-stats-chart, 16rem) with its title above and the summary line below. */
const CHART_HEIGHT = 150;

interface MeasureChartProps {
  measure: MonthStats['measure'];
  series: MeasurePoint[];
  entries: StatsEntry[];
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

export function MeasureChart({ measure, series, entries }: MeasureChartProps) {
  const words = useStatsWords();
  const { t, formatLongDate, formatNumber, formatShortDate } = words;
  if (!measure) {
    return (
      <>
        <CardTitle>{t.measure}</CardTitle>
        <EmptyMessage>{entries.length === 0 ? t.noEntries : t.noMeasure}</EmptyMessage>
      </>
    );
  }
  const title = t.byDay(measure.name);
  if (series.length === 0) {
    return (
      <>
        <CardTitle>{title}</CardTitle>
        <EmptyMessage>{entries.length === 0 ? t.noEntries : t.noValues(measure.name)}</EmptyMessage>
      </>
    );
  }

  const data = series.map((point) => ({ day: formatShortDate(point.date), value: point.value }));
  const values = series.map((point) => point.value);
  const axis = niceTicks(Math.min(...values), Math.max(...values));
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
          valueFormatter={formatNumber}
          yAxisProps={{ domain: axis.domain, ticks: axis.ticks, width: 48 }}
          tooltipAnimationDuration={0}
          lineProps={{ isAnimationActive: false }}
        />
      </div>
      <Text size="sm" mt="xs">
        {summary(series, words)}
      </Text>
      <VisuallyHidden>
        <table>
          <caption>{t.measureTableCaption(measure.name)}</caption>
          <thead>
            <tr>
              <th scope="col">{t.date}</th>
              <th scope="col">{measure.name}</th>
            </tr>
          </thead>
          <tbody>
            {series.map((point) => (
              <tr key={point.date}>
                <th scope="row">{formatLongDate(point.date)}</th>
                <td>{formatNumber(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}
