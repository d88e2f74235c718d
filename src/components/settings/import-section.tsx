// Settings: import a JSON export; checked here first, then sent with a progress bar, then a report or the reason.
import { Alert, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { IMPORT_MAX_MB } from '../../../contract/export-format';
import { settings } from '../../i18n/en/settings';
import { translateMessage, useTexts } from '../../i18n/store';
import { errorMessage } from '../../queries/errors';
import { type ImportProgress, ImportRefusedError, useImportExport } from '../../queries/export';
import { SettingsSection } from './settings-section';

// Not needed until a file is chosen: loaded then, so the page's first load stays small.
const loadFeedback = () => import('./import-feedback');
const ImportProgressBar = lazy(() =>
  loadFeedback().then((module) => ({ default: module.ImportProgressBar })),
);
const ImportReportView = lazy(() =>
  loadFeedback().then((module) => ({ default: module.ImportReportView })),
);

export function ImportSection() {
  const t = useTexts('settings', settings);
  const importer = useImportExport();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return;
    importer.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => setFile(null),
        onError: (error) => {
          if (!(error instanceof ImportRefusedError)) console.error('Import failed', error);
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  return (
    <SettingsSection title={t.importTitle} description={t.importDescription(IMPORT_MAX_MB)}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <FileInput
            label={t.exportFile}
            placeholder={t.chooseJson}
            // Drawn as text, not a native placeholder: the theme's dimmed grey keeps AA contrast.
            styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
            accept="application/json,.json"
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              importer.reset();
              if (chosen) void loadFeedback();
            }}
            disabled={importer.isPending}
          />
          <Group>
            <Button type="submit" disabled={!file} loading={importer.isPending}>
              {t.importButton}
            </Button>
          </Group>
          <Suspense fallback={progress && <Text size="sm">{t.importing}</Text>}>
            {progress && <ImportProgressBar progress={progress} />}
            {importer.isSuccess && <ImportReportView report={importer.data} />}
          </Suspense>
          {importer.isError && (
            <Alert color="red" variant="light" title={t.nothingImported} role="alert">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {importer.error instanceof ImportRefusedError
                  ? translateMessage(importer.error.message)
                  : t.importFailed(errorMessage(importer.error))}
              </Text>
            </Alert>
          )}
        </Stack>
      </form>
    </SettingsSection>
  );
}
