// What an import from another app will add (its dry run's report), with the mood names to place, before anything is written.
import { Alert, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import type { ImportReport } from '../../../contract/export';
import { SOURCE_NAMES } from '../../../contract/export-format';
import { settings } from '../../i18n/en/settings';
import { useTexts } from '../../i18n/store';
import { importSummary, OtherAppDetails } from './import-report';

export function ImportPreview({
  report,
  moods,
  onMoods,
  onImport,
  onCancel,
  busy,
}: {
  report: ImportReport;
  moods: Record<string, number>;
  onMoods: (moods: Record<string, number>) => void;
  onImport: () => void;
  onCancel: () => void;
  busy: boolean;
}) {
  const t = useTexts('settings', settings);
  const unknown = report.notes?.find((note) => note.code === 'unknown_moods')?.names ?? [];
  const source = report.source ? SOURCE_NAMES[report.source] : '';
  return (
    <Alert color="blue" variant="light" title={t.previewTitle(source)} role="status">
      <Stack gap="xs">
        <Text size="sm">{t.previewSummary(importSummary(report.imported, t))}</Text>
        <OtherAppDetails report={report} />
        {unknown.map((name) => (
          <NativeSelect
            key={name}
            size="sm"
            label={t.moodLevelLabel(name)}
            value={String(moods[name] ?? '')}
            data={[
              { value: '', label: t.moodLevelNone },
              ...[5, 4, 3, 2, 1].map((level) => ({
                value: String(level),
                label: t.moodLevel(level),
              })),
            ]}
            onChange={(event) => {
              const { [name]: _, ...rest } = moods;
              const level = Number(event.currentTarget.value);
              onMoods(level ? { ...rest, [name]: level } : rest);
            }}
          />
        ))}
        <Group>
          <Button size="sm" onClick={onImport} loading={busy}>
            {t.confirmImport}
          </Button>
          <Button size="sm" variant="default" onClick={onCancel} disabled={busy}>
            {t.cancelImport}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
