// Export and import: downloading the account (JSON) or a month (CSV), and importing an export with its progress.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExportFile, ImportReport } from '../../contract/export';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  type ImportMode,
  isMonthbookExportHead,
  OTHER_APP_IMPORT_MAX_BYTES,
} from '../../contract/export-format';
import { downloadExport, downloadMonthCsv, importExport, importOtherApp } from '../api/export';
import { errorBody, isHttpError } from '../api/http-error';
import type { PrivateExport } from './export-private';
import { journalSearchKeys, monthKeys } from './keys';
import { monthsQueryOptions } from './months';

/** The file to save, and what it holds of the account's private months (null: it has none). */
export interface DownloadedExport {
  blob: Blob;
  privateMonths: PrivateExport | null;
}

/**
 * The server's file, with the account's private months added, opened here: the server leaves
 * them out. The months are read after the file, so a month made private or plain meanwhile is in
 * one of the two.
 */
export function useDownloadExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<DownloadedExport> => {
      const blob = await downloadExport();
      const months = await queryClient.fetchQuery(monthsQueryOptions());
      const privateMonths = months.filter((month) => month.month_key != null);
      if (privateMonths.length === 0) return { blob, privateMonths: null };
      const { addPrivateMonths } = await import('./export-private');
      const file = JSON.parse(await blob.text()) as ExportFile;
      const added = await addPrivateMonths(queryClient, file, privateMonths);
      return {
        blob: added.added > 0 ? new Blob([JSON.stringify(file)], { type: blob.type }) : blob,
        privateMonths: added,
      };
    },
  });
}

export function useDownloadMonthCsv() {
  return useMutation({ mutationFn: (monthId: number) => downloadMonthCsv(monthId) });
}

/** Reading the file, checking it here, sending it, and the server writing it. */
export type ImportPhase = 'reading' | 'checking' | 'uploading' | 'importing';

export interface ImportProgress {
  phase: ImportPhase;
  /** 0 to 1 within the phase; reading and uploading are measured, the others are steps. */
  fraction: number;
}

/** An import refused, by the check here or by the server, with a message for the user. */
export class ImportRefusedError extends Error {
  override name = 'ImportRefusedError';
  constructor(
    message: string,
    /** Where in the file, e.g. `months[2].journals[5].created_at`; '' for the file as a whole. */
    readonly path = '',
  ) {
    super(message);
  }
}

function readText(file: Blob, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    reader.addEventListener('load', () => resolve(String(reader.result)));
    reader.addEventListener('error', () =>
      reject(reader.error ?? new Error('The file could not be read.')),
    );
    reader.readAsText(file);
  });
}

/** The server's `detail` of a refusal (400 naming the record, 413, 402), or null. */
async function refusal(error: unknown): Promise<ImportRefusedError | null> {
  if (!isHttpError(error) || error.response.status >= 500) return null;
  const body = await errorBody(error);
  const path = typeof body?.path === 'string' ? body.path : undefined;
  return typeof body?.detail === 'string' ? new ImportRefusedError(body.detail, path) : null;
}

export interface ImportVariables {
  file: Blob;
  onProgress?: (progress: ImportProgress) => void;
  /** `new`: only the months the account does not have yet (contract monthsAlreadyPresent). */
  mode?: ImportMode;
}

/**
 * Checks the file here first (size, JSON, the same validation the server runs), so a wrong file
 * is refused at once with the record at fault, then sends it with upload progress. The import
 * only adds months: the months list and searches (which may now find its entries) change.
 */
export function useImportExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      file,
      onProgress = () => {},
      mode = 'all',
    }: ImportVariables): Promise<ImportReport> => {
      if (file.size > IMPORT_MAX_BYTES) throw new ImportRefusedError(IMPORT_MESSAGES.tooLarge);
      onProgress({ phase: 'reading', fraction: 0 });
      const text = await readText(file, (fraction) => onProgress({ phase: 'reading', fraction }));
      onProgress({ phase: 'checking', fraction: 0 });
      // Loaded on first use: the settings page does not pay for the validator up front.
      const { describeProblem, parseExport } = await import('../../contract/export-validation');
      const parsed = parseExport(text);
      if ('problem' in parsed) {
        throw new ImportRefusedError(describeProblem(parsed.problem), parsed.problem.path);
      }
      onProgress({ phase: 'uploading', fraction: 0 });
      try {
        return await importExport(
          text,
          (sent, total) =>
            onProgress(
              sent < total
                ? { phase: 'uploading', fraction: sent / total }
                : { phase: 'importing', fraction: 0 },
            ),
          mode,
        );
      } catch (error) {
        throw (await refusal(error)) ?? error;
      }
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: monthKeys.list(), exact: true }),
        queryClient.invalidateQueries({ queryKey: journalSearchKeys.all }),
      ]),
  });
}

/**
 * Whether the file goes the Monthbook export's way, checked here before it is sent: it says it is
 * one, or it is JSON that does not start like Day One's or jrnl's (both hold `entries`), whose
 * fault is then named at once. Anything else is another app's, recognised by the server.
 */
export async function isMonthbookFile(file: Blob): Promise<boolean> {
  const head = file.slice(0, 4096);
  const text =
    typeof head.text === 'function'
      ? await head.text()
      : await new Promise<string>((resolve, reject) => {
          const reader = new FileReader();
          reader.addEventListener('load', () => resolve(String(reader.result)));
          reader.addEventListener('error', () => reject(reader.error));
          reader.readAsText(head);
        });
  return (
    isMonthbookExportHead(text) ||
    (/^\uFEFF?\s*\{/.test(text) && !/"(entries|metadata)"\s*:/.test(text))
  );
}

export interface OtherAppVariables {
  file: Blob;
  /** A preview: the server works the import out and writes nothing. */
  dryRun: boolean;
  lang: 'en' | 'pt-BR';
  moods?: Record<string, number>;
  onProgress?: (progress: ImportProgress) => void;
}

/**
 * Another app's export, sent as it is: first as a dry run (the preview's report), then for real.
 * The server recognises and checks it; a refusal comes back with its message.
 */
export function useImportOtherApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress = () => {}, ...options }: OtherAppVariables) => {
      if (file.size > OTHER_APP_IMPORT_MAX_BYTES)
        throw new ImportRefusedError(IMPORT_MESSAGES.tooLargeAny);
      onProgress({ phase: 'uploading', fraction: 0 });
      try {
        return await importOtherApp(file, {
          ...options,
          onProgress: (sent, total) =>
            onProgress(
              sent < total
                ? { phase: 'uploading', fraction: sent / total }
                : { phase: 'importing', fraction: 0 },
            ),
        });
      } catch (error) {
        throw (await refusal(error)) ?? error;
      }
    },
    onSuccess: (report) =>
      report.dry_run
        ? undefined
        : Promise.all([
            queryClient.invalidateQueries({ queryKey: monthKeys.all }),
            queryClient.invalidateQueries({ queryKey: journalSearchKeys.all }),
          ]),
  });
}
