// Recognises foreign-key violations, which mean a referenced row vanished between check and insert.

export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** Runs an insert whose parents were checked; a parent deleted meanwhile becomes `onMissing()`. */
export async function insertChecked<T>(
  insert: () => Promise<T>,
  onMissing: () => Error | Promise<Error>,
): Promise<T> {
  try {
    return await insert();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw await onMissing();
    throw error;
  }
}

/** Today's date in UTC as `YYYY-MM-DD`, the journals' `created_at`. */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}
