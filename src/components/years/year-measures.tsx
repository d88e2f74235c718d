// The year view's measures (#17): a small chart per measure across the months, with a table for screen readers.
// Loaded on demand with @mantine/charts, as the month at a glance.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Text, Title, VisuallyHidden } from '@mantine/core';
import type { YearMeasure } from '../../../contract/year';
import { calendar } from '../../i18n/en/calendar';
import { useLocale, useTexts } from '../../i18n/store';

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
        return (
          <Card key={measure.name} withBorder padding="sm" component="figure" m={0}>
            <figcaption>
              <Title order={3} size="h5" mb="xs">
                {t.measureChart(label)}
              </Title>
            </figcaption>
            <div aria-hidden="true">
              <BarChart
                h={140}
                data={data}
                dataKey="month"
                series={[{ name: 'value', label, color: 'blue.6' }]}
                valueFormatter={(value) => number.format(value)}
                tooltipAnimationDuration={0}
                barProps={{ isAnimationActive: false }}
                yAxisProps={{ width: 40 }}
              />
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
