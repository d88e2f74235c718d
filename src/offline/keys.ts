// The query keys the offline layer works on, which src/queries/keys.ts builds its keys from.

/**
 * Every query of a month's data lives under this key: the data queued changes are shown over,
 * and the data saved on the device.
 */
export const MONTH_DATA_KEY = ['months'] as const;
