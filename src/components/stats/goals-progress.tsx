// The month's goals as "3 of 5" with a progress bar whose value a screen reader hears the same way.
import { Progress, Text } from '@mantine/core';
import { CardTitle, EmptyMessage } from './card-parts';
import { useStatsWords } from './stats-words';

export function GoalsProgress({ completed, total }: { completed: number; total: number }) {
  const { t, formatPercent } = useStatsWords();
  if (total === 0) {
    return (
      <>
        <CardTitle>{t.goals}</CardTitle>
        <EmptyMessage>{t.noGoals}</EmptyMessage>
      </>
    );
  }
  const share = completed / total;
  return (
    <>
      <CardTitle>{t.goals}</CardTitle>
      <Text fz={28} fw={700} lh={1} mb="sm" aria-hidden="true">
        {t.goalsOf(completed, total)}
      </Text>
      <Progress.Root size="lg" radius="xl">
        {/* Mantine's own aria values are percentages; these say "3 of 5". */}
        <Progress.Section
          value={share * 100}
          withAria={false}
          role="progressbar"
          aria-label={t.goalsLabel}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={completed}
          aria-valuetext={t.goalsValueText(completed, total)}
        />
      </Progress.Root>
      <Text size="sm" c="dimmed" mt="xs">
        {formatPercent(share)}
      </Text>
    </>
  );
}
