// Which months of an export file look already present in the account (issue 15 #22): importing the
// same file twice would otherwise duplicate every month without a word.
import type { ExportFile, ExportMonth } from '../../../contract/export';

/** A month's identity for this check: its name and its entries (date and highlight), in any order. */
function fingerprint(month: ExportMonth): string {
  const entries = month.journals.map((entry) => `${entry.created_at} ${entry.highlight}`).sort();
  return JSON.stringify([month.name, entries]);
}

/** The names of the file's months that the account already has with the same name and entries, in file order. */
export function monthsAlreadyPresent(file: ExportFile, account: ExportFile): string[] {
  const present = new Set(account.months.map(fingerprint));
  return file.months.filter((month) => present.has(fingerprint(month))).map((month) => month.name);
}
