// The keys the offline layer works on: the query key src/queries/keys.ts builds its keys from, and the storage keys on the device.

/**
 * Every query of a month's data lives under this key: the data queued changes are shown over,
 * and the data saved on the device.
 */
export const MONTH_DATA_KEY = ['months'] as const;

/**
 * Where the account key open on this device is kept (private months, docs/encryption.md): beside
 * the saved month data, and deleted with it at logout.
 */
export const ACCOUNT_KEY_STORAGE_KEY = 'account-key';
