// What an import created: a count per kind, links to the new months, and its undo.
import { Alert, Anchor, List, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { ImportCounts, ImportReport, ImportUndo } from '../../../contract/export';
import type { Messages } from '../../i18n/en';
import { settings } from '../../i18n/en/settings';
import { useTexts } from '../../i18n/store';
import { IMPORTED_PARTS, UndoImportButton, undoneSummary } from './import-undo';

/** `2 months with 3 habits, 1 measure, … and 4 measure values.`, in the given words. */
export function importSummary(
  counts: ImportCounts,
  words: Messages['settings'] = settings,
): string {
  const parts = IMPORTED_PARTS.map((kind) => words.counts[kind](counts[kind]));
  return words.importSummary(
    words.counts.months(counts.months),
    parts.slice(0, -1).join(', '),
    parts.at(-1) ?? '',
  );
}

/** The report's lines about another app's file: months added to, entries already there, notes. */
export function OtherAppDetails({ report }: { report: ImportReport }) {
  const t = useTexts('settings', settings);
  const lines = [
    ...((report.merged_months?.length ?? 0) > 0
      ? [t.mergedMonths((report.merged_months ?? []).join(', '))]
      : []),
    ...((report.already_imported ?? 0) > 0
      ? [t.alreadyImported(report.already_imported ?? 0)]
      : []),
    ...(report.notes ?? []).map((note) => t.notes[note.code](note.count)),
  ];
  if (lines.length === 0) return null;
  return (
    <List size="sm" mt="xs" spacing={2}>
      {lines.map((line) => (
        <List.Item key={line} style={{ overflowWrap: 'anywhere' }}>
          {line}
        </List.Item>
      ))}
    </List>
  );
}

export function ImportReportView({ report }: { report: ImportReport }) {
  const t = useTexts('settings', settings);
  const [undone, setUndone] = useState<ImportUndo | null>(null);
  // Once undone, its months (and their links) are in the bin: the report says so instead.
  if (undone) {
    return (
      <Alert color="gray" variant="light" title={t.importUndoneTitle} role="status">
        <Text size="sm">{t.importUndone(undoneSummary(undone.counts, t))}</Text>
      </Alert>
    );
  }
  return (
    <Alert color="teal" variant="light" title={t.importComplete} role="status">
      <Text size="sm">{t.imported(importSummary(report.imported, t))}</Text>
      {(report.skipped_months?.length ?? 0) > 0 && (
        <Text size="sm" mt="xs" style={{ overflowWrap: 'anywhere' }}>
          {t.skippedMonths((report.skipped_months ?? []).join(', '))}
        </Text>
      )}
      <OtherAppDetails report={report} />
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
      {!report.dry_run && report.import_id !== undefined && (
        <UndoImportButton importId={report.import_id} onUndone={setUndone} />
      )}
    </Alert>
  );
}
