// Export and import endpoints: the whole account as JSON, one month as CSV, and importing an export.
import type { ImportReport, ImportUndo } from '../../contract/export';
import type { ImportMode } from '../../contract/export-format';
import { client } from './client';
import { fetchWithUploadProgress, type UploadProgress } from './upload-progress';

/** The server's bytes as they are, to be saved as a file. */
export function downloadExport(): Promise<Blob> {
  return client.get('api/export/').blob();
}

export function downloadMonthCsv(monthId: number): Promise<Blob> {
  return client.get(`api/months/${monthId}/export.csv`).blob();
}

/**
 * `fileText`: an export file's JSON, sent as read (it was validated, not rebuilt). `mode` `new`:
 * only the months the account does not have yet.
 */
export function importExport(
  fileText: string,
  onProgress?: UploadProgress,
  mode: ImportMode = 'all',
): Promise<ImportReport> {
  return client
    .post('api/import/', {
      ...(mode === 'all' ? {} : { searchParams: { months: mode } }),
      body: fileText,
      headers: { 'content-type': 'application/json' },
      ...(onProgress ? { fetch: fetchWithUploadProgress(onProgress) } : {}),
    })
    .json<ImportReport>();
}

/** The content type another app's file is sent with (the server recognises it by its content). */
function contentTypeOf(file: Blob & { name?: string }): string {
  const name = file.name?.toLowerCase() ?? '';
  if (file.type) return file.type;
  if (name.endsWith('.zip')) return 'application/zip';
  if (name.endsWith('.csv')) return 'text/csv';
  if (name.endsWith('.xml')) return 'application/xml';
  if (name.endsWith('.json')) return 'application/json';
  return 'application/octet-stream';
}

export interface OtherAppImportOptions {
  /** Work the import out and answer its report, writing nothing. */
  dryRun: boolean;
  /** The language the new months are named in. */
  lang: 'en' | 'pt-BR';
  /** Daylio mood names the user placed: name → level 1…5. */
  moods?: Record<string, number>;
  onProgress?: UploadProgress;
}

/** Another app's export (Day One, Daylio, Loop, jrnl, Apple Health), sent as the file it is. */
export function importOtherApp(file: Blob, options: OtherAppImportOptions): Promise<ImportReport> {
  return client
    .post('api/import/', {
      searchParams: {
        dry_run: String(options.dryRun),
        lang: options.lang,
        ...(options.moods && Object.keys(options.moods).length > 0
          ? { moods: JSON.stringify(options.moods) }
          : {}),
      },
      body: file,
      headers: { 'content-type': contentTypeOf(file) },
      // Years of Health records take longer than ky's default 10 s to send and import.
      timeout: false,
      ...(options.onProgress ? { fetch: fetchWithUploadProgress(options.onProgress) } : {}),
    })
    .json<ImportReport>();
}

/** Moves what import `id` created into the bin, as one item (online only). */
export function undoImport(id: number): Promise<ImportUndo> {
  return client.post(`api/import/${id}/undo/`).json<ImportUndo>();
}

/** Brings an undone import back from the bin, whole. */
export function restoreImport(id: number): Promise<ImportUndo> {
  return client.post(`api/import/${id}/restore/`).json<ImportUndo>();
}
