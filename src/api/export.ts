// Export and import endpoints: the whole account as JSON, one month as CSV, and importing an export.
import type { ImportReport } from '../../contract/export';
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
