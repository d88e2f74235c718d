// What the import shows once it runs (preview, progress, report), loaded as one chunk when a file is chosen.
export { ImportPreview } from './import-preview';
export { ImportProgressBar } from './import-progress';
export { ImportReportView } from './import-report';
