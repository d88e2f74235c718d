// What an import created: a count per kind and links to the new months.
import { Alert, Anchor, List, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ImportCounts, ImportReport } from '../../../contract/export';
import type { Messages } from '../../i18n/en';
import { settings } from '../../i18n/en/settings';
import { useTexts } from '../../i18n/store';

const KINDS = [
  'habits',
  'measures',
  'goals',
  'journals',
  'daily_habits',
  'daily_measures',
] as const satisfies readonly (keyof ImportCounts)[];

/** `2 months with 3 habits, 1 measure, … and 4 measure values.`, in the given words. */
export function importSummary(
  counts: ImportCounts,
  words: Messages['settings'] = settings,
): string {
  const parts = KINDS.map((kind) => words.counts[kind](counts[kind]));
  return words.importSummary(
    words.counts.months(counts.months),
    parts.slice(0, -1).join(', '),
    parts.at(-1) ?? '',
  );
}

export function ImportReportView({ report }: { report: ImportReport }) {
  const t = useTexts('settings', settings);
  return (
    <Alert color="teal" variant="light" title={t.importComplete} role="status">
      <Text size="sm">{t.imported(importSummary(report.imported, t))}</Text>
      {(report.skipped_months?.length ?? 0) > 0 && (
        <Text size="sm" mt="xs" style={{ overflowWrap: 'anywhere' }}>
          {t.skippedMonths((report.skipped_months ?? []).join(', '))}
        </Text>
      )}
      {report.months.length > 0 && (
        <List size="sm" mt="xs" spacing={2}>
          {report.months.map((month) => (
            <List.Item key={month.id}>
              <Anchor
                size="sm"
                renderRoot={(props) => (
                  <Link {...props} to="/months/$monthId/journals" params={{ monthId: month.id }} />
                )}
              >
                {month.name}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
