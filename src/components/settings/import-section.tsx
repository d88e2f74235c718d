// Settings: import a JSON export; checked here first, then sent with a progress bar, then a report or the reason.
// Months the account already has (same name and calendar month) are named first, and the user chooses:
// only the new months (a backup restores what was deleted without doubling the rest), all, or none.
import { Alert, Button, FileInput, Group, List, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { ExportFile } from '../../../contract/export';
import {
  IMPORT_MAX_MB,
  type ImportMode,
  OTHER_APP_IMPORT_MAX_GB,
} from '../../../contract/export-format';
import { settings } from '../../i18n/en/settings';
import { translateMessage, useLocale, useTexts } from '../../i18n/store';
import { errorMessage } from '../../queries/errors';
import {
  type ImportProgress,
  ImportRefusedError,
  isMonthbookFile,
  useDownloadExport,
  useImportExport,
  useImportOtherApp,
} from '../../queries/export';
import { monthsAlreadyPresent } from './import-duplicates';
import { SettingsSection } from './settings-section';

// Not needed until a file is chosen: loaded then, so the page's first load stays small.
const loadFeedback = () => import('./import-feedback');
const ImportProgressBar = lazy(() =>
  loadFeedback().then((module) => ({ default: module.ImportProgressBar })),
);
const ImportReportView = lazy(() =>
  loadFeedback().then((module) => ({ default: module.ImportReportView })),
);
const ImportPreview = lazy(() =>
  loadFeedback().then((module) => ({ default: module.ImportPreview })),
);

/** A file's or a download's text (FileReader where a Blob lacks text(), as jsdom's File does). */
function textOf(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => resolve(String(reader.result)));
    reader.addEventListener('error', () => reject(reader.error));
    reader.readAsText(blob);
  });
}

/** The file's months, or null when it is no valid export (the import itself then says why). */
async function exportOf(blob: Blob): Promise<ExportFile | null> {
  const { parseExport } = await import('../../../contract/export-validation');
  const parsed = parseExport(await textOf(blob));
  return 'file' in parsed ? parsed.file : null;
}

export function ImportSection() {
  const t = useTexts('settings', settings);
  const importer = useImportExport();
  const other = useImportOtherApp();
  const locale = useLocale();
  const account = useDownloadExport();
  /** Another app's file: the user's levels for its unknown mood names. */
  const [moods, setMoods] = useState<Record<string, number>>({});
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [checking, setChecking] = useState(false);
  /** Names of the file's months already in the account, while the user is asked; else null. */
  const [duplicates, setDuplicates] = useState<string[] | null>(null);

  const runImport = (chosen: File, mode: ImportMode = 'all') => {
    setDuplicates(null);
    importer.mutate(
      { file: chosen, onProgress: setProgress, mode },
      {
        onSuccess: () => setFile(null),
        onError: (error) => {
          if (!(error instanceof ImportRefusedError)) console.error('Import failed', error);
        },
        onSettled: () => setProgress(null),
      },
    );
  };

  /** Compares the file with the account's own export; a failed comparison does not stop the import. */
  const findDuplicates = async (chosen: File): Promise<string[]> => {
    try {
      const incoming = await exportOf(chosen);
      if (!incoming || incoming.months.length === 0) return [];
      const current = await exportOf((await account.mutateAsync()).blob);
      return current ? monthsAlreadyPresent(incoming, current) : [];
    } catch (error) {
      console.error('Could not compare the file with your months', error);
      return [];
    }
  };

  /** Another app's file: a dry run first (the preview), then the import with the mood answers. */
  const runOtherApp = (chosen: File, dryRun: boolean) =>
    other.mutate(
      { file: chosen, dryRun, lang: locale, moods, onProgress: setProgress },
      {
        onSuccess: (report) => {
          if (!report.dry_run) setFile(null);
        },
        onError: (error) => {
          if (!(error instanceof ImportRefusedError)) console.error('Import failed', error);
        },
        onSettled: () => setProgress(null),
      },
    );

  const busy = checking || importer.isPending || other.isPending;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file || busy) return;
    importer.reset();
    other.reset();
    if (!(await isMonthbookFile(file))) {
      setMoods({});
      runOtherApp(file, true);
      return;
    }
    setChecking(true);
    const present = await findDuplicates(file);
    setChecking(false);
    if (present.length > 0) setDuplicates(present);
    else runImport(file);
  };

  return (
    <SettingsSection title={t.importTitle} description={t.importDescription(IMPORT_MAX_MB)}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t.importOtherApps(OTHER_APP_IMPORT_MAX_GB)}
          </Text>
          <FileInput
            label={t.exportFile}
            placeholder={t.chooseJson}
            // Drawn as text, not a native placeholder: the theme's dimmed grey keeps AA contrast.
            styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
            accept="application/json,.json,application/zip,.zip,text/csv,.csv,.daylio,application/xml,.xml"
            value={file}
            onChange={(chosen) => {
              setFile(chosen);
              setDuplicates(null);
              importer.reset();
              other.reset();
              if (chosen) void loadFeedback();
            }}
            disabled={importer.isPending || other.isPending}
          />
          {duplicates === null && !other.data?.dry_run && (
            <Group>
              <Button type="submit" disabled={!file} loading={busy}>
                {t.importButton}
              </Button>
            </Group>
          )}
          {checking && <Text size="sm">{t.checkingDuplicates}</Text>}
          {duplicates !== null && file && (
            <Alert
              color="yellow"
              variant="light"
              title={t.alreadyPresentTitle}
              role="alert"
              // Yellow text on the yellow tint would fall below 4.5:1: the title keeps the text colour.
              styles={{ title: { color: 'var(--mantine-color-text)' } }}
            >
              <Text size="sm">{t.alreadyPresent(duplicates.length)}</Text>
              <List size="sm" mt="xs" spacing={2}>
                {duplicates.map((name, index) => (
                  // Names may repeat within a file.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
                  <List.Item key={`${index}-${name}`} style={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </List.Item>
                ))}
              </List>
              <Group mt="sm">
                <Button size="sm" onClick={() => runImport(file, 'new')}>
                  {t.importNewOnly}
                </Button>
                <Button size="sm" variant="default" onClick={() => runImport(file)}>
                  {t.importAnyway}
                </Button>
                <Button size="sm" variant="default" onClick={() => setDuplicates(null)}>
                  {t.cancelImport}
                </Button>
              </Group>
            </Alert>
          )}
          <Suspense fallback={progress && <Text size="sm">{t.importing}</Text>}>
            {progress && <ImportProgressBar progress={progress} />}
            {importer.isSuccess && <ImportReportView report={importer.data} />}
            {other.data?.dry_run && file && (
              <ImportPreview
                report={other.data}
                moods={moods}
                onMoods={setMoods}
                busy={other.isPending}
                onImport={() => runOtherApp(file, false)}
                onCancel={() => other.reset()}
              />
            )}
            {other.data && !other.data.dry_run && <ImportReportView report={other.data} />}
          </Suspense>
          {[
            { name: 'monthbook', mutation: importer },
            { name: 'other-app', mutation: other },
          ].map(
            ({ name, mutation }) =>
              mutation.isError && (
                <Alert
                  key={name}
                  color="red"
                  variant="light"
                  title={t.nothingImported}
                  role="alert"
                >
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {mutation.error instanceof ImportRefusedError
                      ? translateMessage(mutation.error.message)
                      : t.importFailed(errorMessage(mutation.error))}
                  </Text>
                </Alert>
              ),
          )}
        </Stack>
      </form>
    </SettingsSection>
  );
}
