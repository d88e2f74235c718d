// Classifies database driver errors that mean "the database is unreachable right now".

const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL: connection exceptions, admin shutdown, crash shutdown, cannot connect now.
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
  // statement_timeout ran out: the database is too busy for this query now.
  '57014',
  // SQLite: another writer holds the lock beyond busy_timeout.
  'SQLITE_BUSY',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && unavailableCodes.has(code)) return true;
  return /timeout exceeded when trying to connect|Connection terminated|connection is closed|Client has encountered a connection error/i.test(
    error.message,
  );
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
