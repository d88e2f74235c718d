// The account key (private months) kept on this device, so a reload does not ask for the password again: in the same storage as the saved month data, and deleted with it at logout.
import { ACCOUNT_KEY_STORAGE_KEY } from './keys';
import { currentStorage } from './query-persistence';

/** As stored: whose key it is, so another user signing in on this device never gets it. */
interface StoredAccountKey {
  user: number;
  key: number[];
}

/** Keeps the one account key of this device (a new user's replaces the last one's). */
export async function saveAccountKey(userId: number, key: Uint8Array): Promise<void> {
  const stored: StoredAccountKey = { user: userId, key: Array.from(key) };
  await currentStorage()?.setItem(ACCOUNT_KEY_STORAGE_KEY, JSON.stringify(stored));
}

/** The user's account key if this device keeps it; null otherwise, or when it is unreadable. */
export async function loadAccountKey(userId: number): Promise<Uint8Array | null> {
  const text = await currentStorage()?.getItem(ACCOUNT_KEY_STORAGE_KEY);
  if (!text) return null;
  try {
    const stored = JSON.parse(text) as Partial<StoredAccountKey>;
    if (stored.user !== userId || !Array.isArray(stored.key) || stored.key.length !== 32) {
      return null;
    }
    return Uint8Array.from(stored.key);
  } catch {
    return null;
  }
}
