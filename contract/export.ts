// The export file (a whole account as versioned JSON), the import's report and error, as TypeBox schemas and types.
import { type Static, Type } from '@sinclair/typebox';
import { MonthSchema } from './entities.js';
import {
  EXPORT_DATE_PATTERN,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  IMPORT_KINDS,
  type ImportKind,
} from './export-format.js';
import { NO_NUL_PATTERN } from './requests.js';
import {
  HIGHLIGHT_MAX_LENGTH,
  MAX_ID,
  METRIC_LIMIT,
  MONTH_NAME_MAX_LENGTH,
  NAME_MAX_LENGTH,
} from './rules.js';

export * from './export-format.js';

/**
 * Habits and measures carry an id that only means something inside the file: daily habits and
 * daily measures point at them with it. Ids are numbered from 1 in file order on export.
 */
const FileId = Type.Integer({ minimum: 1, maximum: MAX_ID });
const text = (maxLength: number) =>
  Type.String({ minLength: 1, maxLength, pattern: NO_NUL_PATTERN });

export const ExportItemSchema = Type.Object({ id: FileId, name: text(NAME_MAX_LENGTH) });
export type ExportItem = Static<typeof ExportItemSchema>;

export const ExportGoalSchema = Type.Object({
  name: text(NAME_MAX_LENGTH),
  is_completed: Type.Boolean(),
});
export type ExportGoal = Static<typeof ExportGoalSchema>;

export const ExportDailyHabitSchema = Type.Object({
  /** The `id` of one of the month's habits in this file. */
  habit: FileId,
  is_practiced: Type.Boolean(),
});
export type ExportDailyHabit = Static<typeof ExportDailyHabitSchema>;

export const ExportDailyMeasureSchema = Type.Object({
  /** The `id` of one of the month's measures in this file. */
  measure: FileId,
  metric: Type.Number({ minimum: -METRIC_LIMIT, maximum: METRIC_LIMIT }),
});
export type ExportDailyMeasure = Static<typeof ExportDailyMeasureSchema>;

export const ExportJournalSchema = Type.Object({
  created_at: Type.String({ pattern: EXPORT_DATE_PATTERN }),
  highlight: text(HIGHLIGHT_MAX_LENGTH),
  daily_habits: Type.Array(ExportDailyHabitSchema),
  daily_measures: Type.Array(ExportDailyMeasureSchema),
});
export type ExportJournal = Static<typeof ExportJournalSchema>;

export const ExportMonthSchema = Type.Object({
  name: text(MONTH_NAME_MAX_LENGTH),
  habits: Type.Array(ExportItemSchema),
  measures: Type.Array(ExportItemSchema),
  goals: Type.Array(ExportGoalSchema),
  /** By date, then by the order they were written. */
  journals: Type.Array(ExportJournalSchema),
});
export type ExportMonth = Static<typeof ExportMonthSchema>;

export const ExportFileSchema = Type.Object(
  {
    format: Type.Literal(EXPORT_FORMAT),
    version: Type.Literal(EXPORT_VERSION),
    /** ISO 8601 date and time of the export; informative only, import ignores it. */
    exported_at: Type.String({ maxLength: 64 }),
    months: Type.Array(ExportMonthSchema),
  },
  { $id: 'MonthbookExport' },
);
export type ExportFile = Static<typeof ExportFileSchema>;

const Count = Type.Integer({ minimum: 0 });
export const ImportCountsSchema = Type.Object(
  Object.fromEntries(IMPORT_KINDS.map((kind) => [kind, Count])) as Record<ImportKind, typeof Count>,
);
export type ImportCounts = Static<typeof ImportCountsSchema>;

export const ImportReportSchema = Type.Object(
  {
    /** How many rows of each kind were created. */
    imported: ImportCountsSchema,
    /** The new months, in file order. */
    months: Type.Array(MonthSchema),
  },
  { $id: 'ImportReport' },
);
export type ImportReport = Static<typeof ImportReportSchema>;

/** A refused import: `detail` names the first bad record, e.g. `months[2].journals[5].created_at: …`. */
export const ImportErrorSchema = Type.Object({
  detail: Type.String(),
  code: Type.Literal('invalid_import'),
  /** Where the problem is, as `months[2].journals[5].created_at`; '' for the file as a whole. */
  path: Type.String(),
});
export type ImportError = Static<typeof ImportErrorSchema>;
