// What the import shows once it runs (progress, report), loaded as one chunk when a file is chosen.
export { ImportProgressBar } from './import-progress';
export { ImportReportView } from './import-report';
