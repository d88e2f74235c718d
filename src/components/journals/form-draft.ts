// Unsaved form text kept on this device (localStorage), so a closed tab, a reload or Back does not lose it.

const PREFIX = 'monthbook:draft:';

export function readDraft<T>(key: string): T | null {
  try {
    const stored = localStorage.getItem(PREFIX + key);
    return stored === null ? null : (JSON.parse(stored) as T);
  } catch {
    return null;
  }
}

export function writeDraft(key: string, values: unknown): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(values));
  } catch {
    // Storage full or disabled: the modal still asks before closing; only the reload case is lost.
  }
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // Nothing stored, then.
  }
}
