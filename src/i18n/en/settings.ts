// English words of the account settings screen: export, import, password, delete account.

export const settings = {
  /** Fixed words of the screen (docs/product-rules.md section 2). */
  settingsPage: 'settings page',
  // Export.
  exportTitle: 'Export your data',
  exportDescription:
    'Download a copy of everything you wrote: all months as one JSON file you can import again, or a month as a CSV spreadsheet.',
  downloadAll: 'Download everything (JSON)',
  monthAsCsv: 'A month as CSV',
  noMonths: 'No months yet.',
  csv: 'CSV',
  // The server cannot read a private month, so it cannot make its CSV.
  csvNotPrivate: 'Private: no CSV',
  downloadMonthCsv: (name: string) => `Download ${name} as CSV`,
  monthsFailed: 'Your months could not be loaded',
  tryAgain: 'Try again',
  loadingMonths: 'Loading your months…',
  exportFailed: 'Export failed',
  // Private months are opened in the browser and written into the file readable.
  exportPrivateNote:
    'Your private months are opened on this device and written into the file as plain text: keep the file somewhere safe.',
  exportPrivateLocked: (count: number) =>
    `The file holds only your plain months: ${count === 1 ? 'your private month is' : `your ${count} private months are`} locked on this device. Open them in Private months below, then download again.`,
  exportPrivateLeftOut: (count: number) =>
    `${count === 1 ? 'One item' : `${count} items`} of your private months could not be opened on this device and ${count === 1 ? 'is' : 'are'} not in the file.`,
  // Import.
  importTitle: 'Import',
  importDescription: (maxMb: number) =>
    `Add the months of a Monthbook export (JSON, up to ${maxMb} MB) to your account. Your existing months stay as they are; the file is imported completely or not at all.`,
  /** Other apps' exports, taken by the same form. */
  importOtherApps: (maxGb: number) =>
    `Or bring your history from Day One, Daylio, Loop Habit Tracker, jrnl or Apple Health: choose the export file the app made, as it is (up to ${maxGb} GB). You see what it will add before anything is written, and importing it again adds only what is new.`,
  exportFile: 'Export file',
  chooseJson: 'Choose an export file',
  previewTitle: (source: string) => `Ready to import from ${source}`,
  previewSummary: (summary: string) => `This adds ${summary}`,
  mergedMonths: (names: string) => `Into your months of the same calendar month: ${names}.`,
  alreadyImported: (n: number) =>
    `${n} ${n === 1 ? 'entry was' : 'entries were'} imported before and ${n === 1 ? 'is' : 'are'} left out.`,
  notes: {
    photos_left_out: (n: number) =>
      `${n} ${n === 1 ? 'photo' : 'photos'} left out: Monthbook keeps no photos.`,
    tags_kept_in_note: (n: number) =>
      `Tags of ${n} ${n === 1 ? 'entry' : 'entries'} kept at the end of the note.`,
    starred_kept_in_note: (n: number) =>
      `The star of ${n} ${n === 1 ? 'entry' : 'entries'} kept as ⭐ in the note.`,
    location_kept_in_note: (n: number) =>
      `The place of ${n} ${n === 1 ? 'entry' : 'entries'} kept as 📍 in the note.`,
    unknown_moods: (n: number) =>
      `${n} ${n === 1 ? 'entry has a mood' : 'entries have moods'} whose level is not known: choose it below, or they come without a mood.`,
    schedule_approximated: (n: number) =>
      `${n} ${n === 1 ? 'habit schedule' : 'habit schedules'} made the nearest number of times a week.`,
    types_left_out: (n: number) => `${n} kinds of Health records not imported.`,
    rows_unreadable: (n: number) => `${n} unreadable ${n === 1 ? 'row' : 'rows'} left out.`,
  },
  moodLevelLabel: (name: string) => `Level of the mood “${name}”`,
  moodLevelNone: 'No mood',
  moodLevel: (level: number) => `${level} of 5`,
  confirmImport: 'Import',
  importButton: 'Import',
  importing: 'Importing…',
  nothingImported: 'Nothing was imported',
  importFailed: (reason: string) => `The import failed: ${reason}`,
  importProgress: 'Import progress',
  phases: {
    reading: 'Reading the file…',
    checking: 'Checking the file…',
    uploading: 'Sending the file…',
    importing: 'Importing…',
  },
  importComplete: 'Import complete',
  /** Before importing months that look already present. */
  checkingDuplicates: 'Comparing with your months…',
  alreadyPresentTitle: 'Some months look already imported',
  alreadyPresent: (count: number) =>
    `${count === 1 ? 'This month has' : 'These months have'} the same name and calendar month as ${count === 1 ? 'one' : 'months'} in your account. Importing everything adds ${count === 1 ? 'it' : 'them'} again.`,
  importNewOnly: 'Import only the new months',
  importAnyway: 'Import anyway',
  cancelImport: 'Cancel',
  imported: (summary: string) => `Imported ${summary}`,
  /** The months an "only the new months" import left out, by name. */
  skippedMonths: (names: string) => `Left out, already in your account: ${names}.`,
  /** One count of the report, e.g. `3 journal entries`. */
  counts: {
    months: (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`,
    habits: (n: number) => `${n} ${n === 1 ? 'habit' : 'habits'}`,
    measures: (n: number) => `${n} ${n === 1 ? 'measure' : 'measures'}`,
    goals: (n: number) => `${n} ${n === 1 ? 'goal' : 'goals'}`,
    journals: (n: number) => `${n} ${n === 1 ? 'journal entry' : 'journal entries'}`,
    daily_habits: (n: number) => `${n} ${n === 1 ? 'habit tick' : 'habit ticks'}`,
    daily_measures: (n: number) => `${n} ${n === 1 ? 'measure value' : 'measure values'}`,
  },
  /** `2 months with 3 habits, 1 measure and 4 goals.` */
  importSummary: (months: string, parts: string, last: string) =>
    `${months} with ${parts} and ${last}.`,
  /** Under a real import's report: everything it created into Recently deleted, as one item. */
  undoImport: 'Undo this import',
  undoImportTitle: 'Undo this import?',
  undoImportBody:
    'Everything this import created goes to Recently deleted as one item, including any changes you made to it since. You can restore it from there for 30 days.',
  importUndoneTitle: 'Import undone',
  importUndone: (summary: string) => `Moved to Recently deleted: ${summary}`,
  /** What an undo moved, kinds it moved none of left out: `1 month with 3 journal entries and 2 habit ticks.` (either part may be ''). */
  undoneSummary: (months: string, list: string) => {
    if (months === '') return list === '' ? 'nothing.' : `${list}.`;
    return list === '' ? `${months}.` : `${months} with ${list}.`;
  },
  /** `3 habits, 1 measure and 2 habit ticks`: the last of a list and the others before it. */
  listOf: (others: string, last: string) => `${others} and ${last}`,
  undoImportFailed: 'Failed to undo the import',
  // Password.
  passwordTitle: 'Change password',
  passwordDescription: 'Your other devices are signed out at once; this one stays signed in.',
  openPasswordForm: 'Change password…',
  loading: 'Loading…',
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',
  changePassword: 'Change password',
  passwordChanged: 'Password changed',
  passwordChangeFailed: 'Failed to change password',
  // Delete account.
  deleteTitle: 'Delete account',
  deleteDescription:
    'Deletes your account with every month, journal entry and goal, and cancels your subscription. This cannot be undone: download your data first if you want to keep it.',
  openDeleteDialog: 'Delete account…',
  deleteQuestion: 'Delete your account?',
  deleteWarning:
    'Everything you wrote in Monthbook will be deleted for good and your subscription cancelled. Type your password to confirm.',
  deleteMine: 'Delete my account',
  notDeleted: (reason: string) => `Your account was not deleted: ${reason}`,
} as const;
