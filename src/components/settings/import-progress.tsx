// The import's progress bar: reading and sending are measured, checking and the server's writing are steps.
import { Progress, Stack, Text } from '@mantine/core';
import { settings } from '../../i18n/en/settings';
import { useTexts } from '../../i18n/store';
import type { ImportPhase, ImportProgress } from '../../queries/export';

/** Share of the bar each phase fills, in order; sending a large file is the long part. */
const SPANS: Record<ImportPhase, readonly [number, number]> = {
  reading: [0, 20],
  checking: [20, 30],
  uploading: [30, 90],
  importing: [90, 100],
};

export function importPercent({ phase, fraction }: ImportProgress): number {
  const [from, to] = SPANS[phase];
  return Math.round(from + (to - from) * Math.min(Math.max(fraction, 0), 1));
}

export function ImportProgressBar({ progress }: { progress: ImportProgress }) {
  const t = useTexts('settings', settings);
  const percent = importPercent(progress);
  return (
    <Stack gap={4}>
      <Progress
        value={percent}
        animated={progress.phase === 'importing'}
        striped={progress.phase === 'importing'}
        aria-label={t.importProgress}
        size="lg"
        radius="xl"
      />
      <Text size="sm" aria-live="polite">
        {t.phases[progress.phase]} {percent}%
      </Text>
    </Stack>
  );
}
