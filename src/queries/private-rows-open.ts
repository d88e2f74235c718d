// Opening a private month's rows, loaded with the first sealed row: the account key, each month's key, the cache opened in place once the key opens here, and the month data saved on the device sealed.
import type { QueryClient } from '@tanstack/react-query';
import type { Month } from '../../contract/entities';
import type { ItemKind } from '../crypto/aead';
import { monthKeys, statsKeys } from './keys';
import { cachedMonth } from './month-privacy';
import { isSealed, type Unreadable, unreadable } from './sealed-marks';

const loadCrypto = () => import('./private-rows-crypto');
const loadSession = () => import('./account-key-session');

const marked = <T>(rows: readonly T[], mark: Unreadable): T[] =>
  rows.map((row) => (isSealed(row) ? { ...row, unreadable: mark } : row));

const watched = new WeakSet<QueryClient>();

/** The account key for opening, or null (locked here), watching for it to open meanwhile. */
async function accountKey(queryClient: QueryClient): Promise<Uint8Array | null> {
  const session = await loadSession();
  const key = await session.accountKeyForReading();
  if (!key && !watched.has(queryClient)) {
    watched.add(queryClient);
    // Once per client: when the account key opens here, what was shown locked opens.
    session.onAccountKeyOpened(() => void openCachedRows(queryClient));
  }
  return key;
}

export async function openMonthsNow<T extends Month>(
  queryClient: QueryClient,
  months: readonly T[],
): Promise<T[]> {
  const key = await accountKey(queryClient);
  if (!key) return marked(months, 'locked');
  const crypto = await loadCrypto();
  return months.map((month) => {
    if (!isSealed(month)) return month;
    const monthKey = month.month_key ? crypto.openMonthKey(key, month.id, month.month_key) : null;
    return monthKey
      ? crypto.openRow(monthKey, 'month', month)
      : { ...month, unreadable: 'undecryptable' };
  });
}

export async function openMonthRowsNow<T extends { id: number }>(
  queryClient: QueryClient,
  month: Month | undefined,
  kind: Exclude<ItemKind, 'month'>,
  rows: readonly T[],
): Promise<T[]> {
  const key = await accountKey(queryClient);
  if (!key) return marked(rows, 'locked');
  const crypto = await loadCrypto();
  const monthKey = month?.month_key ? crypto.openMonthKey(key, month.id, month.month_key) : null;
  if (!monthKey) return marked(rows, 'undecryptable');
  return rows.map((row) => (isSealed(row) ? crypto.openRow(monthKey, kind, row) : row));
}

/** Which list of a month a cache entry is, by its key's last part. */
const KIND_OF_LIST: Record<string, Exclude<ItemKind, 'month'>> = {
  journals: 'entry',
  goals: 'goal',
  habits: 'habit',
  measures: 'measure',
  'daily-habits': 'tick',
  'daily-measures': 'value',
};

const holdsLocked = (data: unknown): boolean =>
  Array.isArray(data)
    ? data.some((row) => unreadable(row) === 'locked')
    : typeof data === 'object' && data !== null && unreadable(data) === 'locked';

/**
 * Opens what the cache holds locked, in place and without a request: once the account key opens
 * on this device, and after the saved month data is restored (saved sealed: `sealAtRest`).
 */
export async function openCachedRows(queryClient: QueryClient): Promise<void> {
  const locked = queryClient
    .getQueryCache()
    .findAll({ queryKey: monthKeys.all, predicate: (query) => holdsLocked(query.state.data) });
  for (const query of locked) {
    const [, scope, list] = query.queryKey as readonly unknown[];
    const data = query.state.data;
    let opened: unknown;
    if (scope === 'list' && Array.isArray(data)) opened = await openMonthsNow(queryClient, data);
    else if (typeof scope === 'number' && list === 'detail')
      opened = (await openMonthsNow(queryClient, [data as Month]))[0];
    else if (typeof scope === 'number' && typeof list === 'string' && KIND_OF_LIST[list])
      opened = await openMonthRowsNow(
        queryClient,
        cachedMonth(queryClient, scope),
        KIND_OF_LIST[list],
        data as { id: number }[],
      );
    else continue;
    // Only if nothing newer came meanwhile: a fetch's answer was opened on its own way in.
    if (query.state.data === data) queryClient.setQueryData(query.queryKey, opened);
    // A private month's figures are computed from its lists: again, now they are open.
    if (typeof scope === 'number')
      void queryClient.invalidateQueries({ queryKey: statsKeys.month(scope), exact: true });
  }
}

/**
 * Whether a cache entry may be saved on the device as it is: a private month's figures, computed
 * here from its opened content (stats.ts), may not; they are computed again when next shown.
 */
function keeps(queryClient: QueryClient, queryKey: readonly unknown[]): boolean {
  const [, scope, list] = queryKey;
  if (list !== 'stats' || typeof scope !== 'number') return true;
  return cachedMonth(queryClient, scope)?.month_key == null;
}

/** Neutral values for a sealed row's opened fields, so none of them is saved on the device. */
function neutral(value: unknown): unknown {
  if (typeof value === 'string') return '';
  if (typeof value === 'number') return 0;
  if (typeof value === 'boolean') return false;
  return value === null ? null : undefined;
}

/** Every field any kind seals (src/crypto/month-content.ts), named here to keep the ciphers out. */
const OPENED_FIELDS = [
  'name',
  'highlight',
  'note',
  'mood',
  'is_completed',
  'schedule',
  'unit',
  'target',
  'target_direction',
  'is_practiced',
  'is_skipped',
  'metric',
] as const;

function sealedAgain(row: unknown): unknown {
  if (!isSealed(row)) return row;
  const copy: Record<string, unknown> = { ...(row as object), unreadable: 'locked' };
  for (const field of OPENED_FIELDS) {
    if (!(field in copy)) continue;
    const value = neutral(copy[field]);
    if (value === undefined) delete copy[field];
    else copy[field] = value;
  }
  return copy;
}

/**
 * The month data as saved on the device: a private month's rows keep only their envelopes, so
 * its content is on disk only as the server has it. Restored, they show locked until opened.
 */
export function sealAtRest(data: unknown): unknown {
  if (Array.isArray(data)) return data.some(isSealed) ? data.map(sealedAgain) : data;
  return sealedAgain(data);
}

/** Handed to the saving of month data (src/offline sits below src/queries). */
export const monthDataAtRest = { seal: sealAtRest, keeps, restored: openCachedRows };
