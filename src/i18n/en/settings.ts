// English words of the account settings screen (issue 6 #5, #6): export, import, password, delete account.

export const settings = {
  /** Spec §2: the screen keeps these words. */
  settingsPage: 'settings page',
  // Export.
  exportTitle: 'Export your data',
  exportDescription:
    'Download a copy of everything you wrote: all months as one JSON file you can import again, or a month as a CSV spreadsheet.',
  downloadAll: 'Download everything (JSON)',
  monthAsCsv: 'A month as CSV',
  noMonths: 'No months yet.',
  csv: 'CSV',
  downloadMonthCsv: (name: string) => `Download ${name} as CSV`,
  monthsFailed: 'Your months could not be loaded',
  tryAgain: 'Try again',
  loadingMonths: 'Loading your months…',
  exportFailed: 'Export failed',
  // Import.
  importTitle: 'Import',
  importDescription: (maxMb: number) =>
    `Add the months of a Monthbook export (JSON, up to ${maxMb} MB) to your account. Your existing months stay as they are; the file is imported completely or not at all.`,
  exportFile: 'Export file',
  chooseJson: 'Choose a .json file',
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
  /** Before importing months that look already present (issue 15 #22). */
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
