// The year view's measures: a small chart per measure across the months (bars from 0, or a line on
// an axis around the values when they sit far from 0), with a table for screen readers. Loaded on
// demand with @mantine/charts, as the month at a glance.
import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Card, Text, Title, VisuallyHidden } from '@mantine/core';
import type { YearMeasure } from '../../../contract/year';
import { calendar } from '../../i18n/en/calendar';
import { useLocale, useTexts } from '../../i18n/store';
import { valueAxis } from '../stats/nice-ticks';

export default function YearMeasures({ measures }: { measures: YearMeasure[] }) {
  const t = useTexts('calendar', calendar);
  const locale = useLocale();
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const month = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
  const monthLong = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
  const dateOf = (period: string) => new Date(`${period}-01T00:00:00Z`);
  return (
    <div className="mb-year-cards">
      {measures.map((measure) => {
        const label = measure.unit ? `${measure.name} (${measure.unit})` : measure.name;
        const data = measure.points.map((point) => ({
          month: month.format(dateOf(point.period)),
          value: Math.round(point.value * 10) / 10,
        }));
        const axis = valueAxis(data.map((point) => point.value));
        const chart = {
          h: 140,
          data,
          dataKey: 'month',
          series: [{ name: 'value', label, color: 'blue.6' }],
          valueFormatter: (value: number) => number.format(value),
          tooltipAnimationDuration: 0,
          // Round, evenly spaced ticks, every one drawn (recharts drops those it finds crowded).
          yAxisProps: { domain: axis.domain, ticks: axis.ticks, interval: 0, width: 40 },
        };
        return (
          <Card key={measure.name} withBorder padding="sm" component="figure" m={0}>
            <figcaption>
              <Title order={3} size="h5" mb="xs">
                {t.measureChart(label)}
              </Title>
            </figcaption>
            <div aria-hidden="true">
              {axis.fromZero ? (
                <BarChart {...chart} barProps={{ isAnimationActive: false }} />
              ) : (
                <LineChart {...chart} curveType="linear" lineProps={{ isAnimationActive: false }} />
              )}
            </div>
            <VisuallyHidden>
              <table>
                <caption>{t.measureChart(label)}</caption>
                <tbody>
                  {measure.points.map((point) => (
                    <tr key={point.period}>
                      <th scope="row">{monthLong.format(dateOf(point.period))}</th>
                      <td>{number.format(point.value)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </VisuallyHidden>
            <Text size="xs" c="dimmed" aria-hidden="true">
              {t.measureSummary(
                label,
                measure.points
                  .map((p) => `${month.format(dateOf(p.period))} ${number.format(p.value)}`)
                  .join(' · '),
              )}
            </Text>
          </Card>
        );
      })}
    </div>
  );
}
