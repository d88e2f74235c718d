// The export file (a whole account as versioned JSON), the import's report and error, as TypeBox schemas and types.
import { type Static, Type } from '@sinclair/typebox';
import { HabitScheduleSchema, MonthSchema } from './entities.js';
import {
  EXPORT_DATE_PATTERN,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  IMPORT_KINDS,
  IMPORT_NOTE_CODES,
  IMPORT_SOURCES,
  type ImportKind,
} from './export-format.js';
import { MEASURE_UNIT_MAX_LENGTH, TARGET_DIRECTIONS } from './measure-targets.js';
import { PERIOD_PATTERN } from './month-period.js';
import { NO_NUL_PATTERN } from './requests.js';
import {
  HIGHLIGHT_MAX_LENGTH,
  MAX_ID,
  METRIC_LIMIT,
  MONTH_NAME_MAX_LENGTH,
  MOOD_MAX,
  MOOD_MIN,
  NAME_MAX_LENGTH,
  NOTE_MAX_LENGTH,
} from './rules.js';

export * from './export-format.js';

/**
 * Habits and measures carry an id that only means something inside the file: daily habits and
 * daily measures point at them with it. Ids are numbered from 1 in file order on export.
 */
const FileId = Type.Integer({ minimum: 1, maximum: MAX_ID });
const text = (maxLength: number) =>
  Type.String({ minLength: 1, maxLength, pattern: NO_NUL_PATTERN });

/*
 * Version 1's records, fixed forever: a version 1 file is checked against these (ExportFileV1Schema)
 * and imports exactly as it did. Version 2 (the current one, ExportFileSchema) is each record
 * plus the optional fields of the `…V2` objects below.
 */
const ItemV1 = { id: FileId, name: text(NAME_MAX_LENGTH) };
const GoalV1 = { name: text(NAME_MAX_LENGTH), is_completed: Type.Boolean() };
const DailyHabitV1 = {
  /** The `id` of one of the month's habits in this file. */
  habit: FileId,
  is_practiced: Type.Boolean(),
};
const DailyMeasureV1 = {
  /** The `id` of one of the month's measures in this file. */
  measure: FileId,
  metric: Type.Number({ minimum: -METRIC_LIMIT, maximum: METRIC_LIMIT }),
};
const JournalV1 = {
  created_at: Type.String({ pattern: EXPORT_DATE_PATTERN }),
  highlight: text(HIGHLIGHT_MAX_LENGTH),
};

/*
 * Version 2's additions. Every one is Type.Optional and left out of an export when it has its
 * default (so it imports as that default when absent). To add a field: put it in the right
 * object with a comment naming what it is, write it in server/services/export-import.ts (only
 * when not default), read it in server/repositories/import.ts (absent → default), and check what
 * the schema cannot (lone surrogates, references) in contract/export-validation.ts.
 */
/** Habits: schedule. */
const HabitV2 = {
  /** When it is due (contract/habit-schedule.ts); default daily, so left out when daily. */
  schedule: Type.Optional(HabitScheduleSchema),
};
/** Measures: unit and daily target; defaults none. */
const MeasureV2 = {
  /** "kg", "h", "km": at most 16 characters. */
  unit: Type.Optional(
    Type.String({ minLength: 1, maxLength: MEASURE_UNIT_MAX_LENGTH, pattern: NO_NUL_PATTERN }),
  ),
  /** A daily target; `target_direction` is given exactly when it is (export-validation.ts). */
  target: Type.Optional(Type.Number({ minimum: -METRIC_LIMIT, maximum: METRIC_LIMIT })),
  target_direction: Type.Optional(
    Type.Union(TARGET_DIRECTIONS.map((direction) => Type.Literal(direction))),
  ),
};
/** Goals. */
const GoalV2 = {};
/** A day's habit: is_skipped. */
const DailyHabitV2 = {
  /** A planned rest day (never with is_practiced); default false, so left out when false. */
  is_skipped: Type.Optional(Type.Boolean()),
};
/** A day's measure. */
const DailyMeasureV2 = {};
/** Entries. */
const JournalV2 = {
  /** Markdown, up to 20,000 characters; default ''. */
  note: Type.Optional(Type.String({ maxLength: NOTE_MAX_LENGTH, pattern: NO_NUL_PATTERN })),
  /** 1 … 5; default none. */
  mood: Type.Optional(Type.Integer({ minimum: MOOD_MIN, maximum: MOOD_MAX })),
};
/** Months: calendar period. */
const MonthV2 = {
  /** Whether entries ask for a mood; default true. */
  mood_enabled: Type.Optional(Type.Boolean()),
  /** The calendar month, `YYYY-MM` (contract/month-period.ts); default none, so left out then. */
  period: Type.Optional(Type.String({ pattern: PERIOD_PATTERN })),
};

export const ExportHabitSchema = Type.Object({ ...ItemV1, ...HabitV2 });
export const ExportMeasureSchema = Type.Object({ ...ItemV1, ...MeasureV2 });
/** A habit or a measure as version 1 has them. */
export const ExportItemSchema = Type.Object(ItemV1);
export type ExportItem = Static<typeof ExportItemSchema>;
export type ExportHabit = Static<typeof ExportHabitSchema>;
export type ExportMeasure = Static<typeof ExportMeasureSchema>;

export const ExportGoalSchema = Type.Object({ ...GoalV1, ...GoalV2 });
export type ExportGoal = Static<typeof ExportGoalSchema>;

export const ExportDailyHabitSchema = Type.Object({ ...DailyHabitV1, ...DailyHabitV2 });
export type ExportDailyHabit = Static<typeof ExportDailyHabitSchema>;

export const ExportDailyMeasureSchema = Type.Object({ ...DailyMeasureV1, ...DailyMeasureV2 });
export type ExportDailyMeasure = Static<typeof ExportDailyMeasureSchema>;

export const ExportJournalSchema = Type.Object({
  ...JournalV1,
  daily_habits: Type.Array(ExportDailyHabitSchema),
  daily_measures: Type.Array(ExportDailyMeasureSchema),
  ...JournalV2,
});
export type ExportJournal = Static<typeof ExportJournalSchema>;

export const ExportMonthSchema = Type.Object({
  name: text(MONTH_NAME_MAX_LENGTH),
  habits: Type.Array(ExportHabitSchema),
  measures: Type.Array(ExportMeasureSchema),
  goals: Type.Array(ExportGoalSchema),
  /** By date, then by the order they were written. */
  journals: Type.Array(ExportJournalSchema),
  ...MonthV2,
});
export type ExportMonth = Static<typeof ExportMonthSchema>;

/** The current version's file (version 2): what export writes and import works on. */
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

/** A version 1 file, checked as version 1 checked it (fields it did not have are ignored). */
export const ExportFileV1Schema = Type.Object({
  format: Type.Literal(EXPORT_FORMAT),
  version: Type.Literal(1),
  exported_at: Type.String({ maxLength: 64 }),
  months: Type.Array(
    Type.Object({
      name: text(MONTH_NAME_MAX_LENGTH),
      habits: Type.Array(Type.Object(ItemV1)),
      measures: Type.Array(Type.Object(ItemV1)),
      goals: Type.Array(Type.Object(GoalV1)),
      journals: Type.Array(
        Type.Object({
          ...JournalV1,
          daily_habits: Type.Array(Type.Object(DailyHabitV1)),
          daily_measures: Type.Array(Type.Object(DailyMeasureV1)),
        }),
      ),
    }),
  ),
});
export type ExportFileV1 = Static<typeof ExportFileV1Schema>;

const Count = Type.Integer({ minimum: 0 });
export const ImportCountsSchema = Type.Object(
  Object.fromEntries(IMPORT_KINDS.map((kind) => [kind, Count])) as Record<ImportKind, typeof Count>,
);
export type ImportCounts = Static<typeof ImportCountsSchema>;

/** One line of an import's notes: a code, how often, and the names involved (mood names…). */
export const ImportNoteSchema = Type.Object({
  code: Type.Union(IMPORT_NOTE_CODES.map((code) => Type.Literal(code))),
  count: Type.Integer({ minimum: 1 }),
  names: Type.Optional(Type.Array(Type.String())),
});
export type ImportNote = Static<typeof ImportNoteSchema>;

export const ImportReportSchema = Type.Object(
  {
    /** How many rows of each kind were created. */
    imported: ImportCountsSchema,
    /** The new months, in file order. */
    months: Type.Array(MonthSchema),
    /** Months of the file left out because the account has them (`?months=new`), by name. */
    skipped_months: Type.Optional(Type.Array(Type.String())),
    /** Another app's file: which app it came from. */
    source: Type.Optional(Type.Union(IMPORT_SOURCES.map((source) => Type.Literal(source)))),
    /** Another app's file: the account's months it added to (same calendar month), by name. */
    merged_months: Type.Optional(Type.Array(Type.String())),
    /** Another app's file: entries left out because an earlier import brought them already. */
    already_imported: Type.Optional(Type.Integer({ minimum: 0 })),
    /** Another app's file: what was left out or changed, and how often. */
    notes: Type.Optional(Type.Array(ImportNoteSchema)),
    /** `?dry_run=true`: nothing was written; the report says what an import would do. */
    dry_run: Type.Optional(Type.Boolean()),
    /**
     * A real import that created something: its id, for `POST /api/import/{id}/undo/` (absent
     * for a dry run, and for an import that added nothing).
     */
    import_id: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { $id: 'ImportReport' },
);
export type ImportReport = Static<typeof ImportReportSchema>;

/**
 * What undoing an import moved into the bin, or restoring it brought back: the rows of each kind
 * that were still there (an entry the user deleted since is in the bin on its own).
 */
export const ImportUndoSchema = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    source: Type.Union(
      [...IMPORT_SOURCES, 'monthbook' as const].map((source) => Type.Literal(source)),
    ),
    /** When the import ran, ISO 8601. */
    imported_at: Type.String(),
    counts: ImportCountsSchema,
  },
  { $id: 'ImportUndo' },
);
export type ImportUndo = Static<typeof ImportUndoSchema>;

/** A refused import: `detail` names the first bad record, e.g. `months[2].journals[5].created_at: …`. */
export const ImportErrorSchema = Type.Object({
  detail: Type.String(),
  code: Type.Literal('invalid_import'),
  /** Where the problem is, as `months[2].journals[5].created_at`; '' for the file as a whole. */
  path: Type.String(),
});
export type ImportError = Static<typeof ImportErrorSchema>;
