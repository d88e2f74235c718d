// The month's mood by day (1 awful … 5 great): a line chart for the eye, the average in words, a
// visually hidden table for screen readers.
import { LineChart } from '@mantine/charts';
import { Text, VisuallyHidden } from '@mantine/core';
import type { MeasurePoint } from '../../../contract/stats';
import { notesMood } from '../../i18n/en/notes-mood';
import { useTexts } from '../../i18n/store';
import { CardTitle, EmptyMessage } from './card-parts';
import { everyDay } from './chart-days';
import { useStatsWords } from './stats-words';

const CHART_HEIGHT = 150;
const MOOD_TICKS = [1, 2, 3, 4, 5];

export function MoodChart({
  series,
  entries,
  days = [],
}: {
  series: MeasurePoint[];
  entries: number;
  /** The days the x axis runs over (every day of the month); none: the series' own days. */
  days?: readonly string[];
}) {
  const { t, formatLongDate, formatNumber, formatShortDate } = useStatsWords();
  const words = useTexts('notesMood', notesMood);
  const nameOf = (value: number) => words.moodNames[Math.round(value) - 1] ?? '';
  if (series.length === 0) {
    return (
      <>
        <CardTitle>{words.moodChartTitle}</CardTitle>
        <EmptyMessage>{entries === 0 ? t.noEntries : t.noValues(words.mood)}</EmptyMessage>
      </>
    );
  }
  // Every day on the x axis, a day without a mood a gap in the line.
  const data = everyDay(days.length > 0 ? days : series.map((point) => point.date), series).map(
    (point) => ({ day: formatShortDate(point.date), value: point.value }),
  );
  const average = series.reduce((sum, point) => sum + point.value, 0) / series.length;
  return (
    <figure style={{ margin: 0 }}>
      <figcaption>
        <CardTitle>{words.moodChartTitle}</CardTitle>
      </figcaption>
      <div aria-hidden="true">
        <LineChart
          h={CHART_HEIGHT}
          data={data}
          dataKey="day"
          series={[{ name: 'value', label: words.mood, color: 'grape.6' }]}
          curveType="linear"
          connectNulls={false}
          valueFormatter={formatNumber}
          yAxisProps={{ domain: [1, 5], ticks: MOOD_TICKS, interval: 0, width: 32 }}
          tooltipAnimationDuration={0}
          lineProps={{ isAnimationActive: false }}
        />
      </div>
      <Text size="sm" mt="xs">
        {words.moodAverage(formatNumber(average))}
      </Text>
      <VisuallyHidden>
        <table>
          <caption>{words.moodChartLabel(series.length)}</caption>
          <thead>
            <tr>
              <th scope="col">{t.date}</th>
              <th scope="col">{words.mood}</th>
            </tr>
          </thead>
          <tbody>
            {series.map((point) => (
              <tr key={point.date}>
                <th scope="row">{formatLongDate(point.date)}</th>
                <td>
                  {formatNumber(point.value)} · {nameOf(point.value)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}
