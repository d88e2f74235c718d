// Undoing the first step of a multi-step creation when a later step fails.

/**
 * Runs `undo` and rethrows `cause`, so the caller sees the failure that mattered; a failing undo
 * is only logged, since the user can still delete the leftover by hand.
 */
export async function rollBack(
  what: string,
  undo: () => Promise<void>,
  cause: unknown,
): Promise<never> {
  try {
    await undo();
  } catch (undoError) {
    console.error(`Could not roll back ${what}`, undoError);
  }
  throw cause;
}
