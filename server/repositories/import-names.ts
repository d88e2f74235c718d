// How an import tells a habit or measure of the file is one the account has: by name, case, outer spaces and Unicode form aside.

export const fold = (name: string) => name.normalize('NFC').trim().toLowerCase();
