// Which months of an export file the account already has, by the server's own rule (contract
// monthsAlreadyPresent: the same calendar month and name): importing the same file twice, or a
// backup after deleting one month, would otherwise double them without a word.
import type { ExportFile } from '../../../contract/export';
import { monthsAlreadyPresent as presentIndexes } from '../../../contract/export-format';

/** The names of the file's months that the account already has, in file order. */
export function monthsAlreadyPresent(file: ExportFile, account: ExportFile): string[] {
  return presentIndexes(file.months, account.months).map((index) => file.months[index]?.name ?? '');
}
