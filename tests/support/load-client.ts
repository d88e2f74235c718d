// HTTP for the reliability tests: one request that never throws, accounts set up through the API, a load summary.
import type { AccountRecord, Ledger } from './ledger.js';

export const PASSWORD = 'Reliable@Day9';
const HABITS_PER_MONTH = 3;

export type Answer =
  | { kind: 'answer'; status: number; body: unknown; ms: number }
  /** No answer: `refused` never reached the server; `lost` may or may not have been handled. */
  | { kind: 'refused' | 'lost'; message: string; ms: number };

export interface LoadStats {
  requests: number;
  /** Writes answered 2xx. */
  acknowledged: number;
  /** Reads whose body was compared with the client's own acknowledged writes. */
  readsChecked: number;
  statuses: Record<number, number>;
  refused: number;
  lost: number;
  /** Entries refused because their month was full (400 quota_exceeded): they changed nothing. */
  quotaRefused: number;
  maxAnswerMs: number;
  /** 5xx answers (except a 503 when `tolerate503`), 4xx the load never causes, wrong bodies. */
  failures: string[];
}

export interface Account extends AccountRecord {
  username: string;
  access: string;
}

/** One HTTP request; never throws. */
export async function send(
  url: string,
  method: string,
  path: string,
  options: {
    token?: string;
    body?: unknown;
    timeoutMs?: number;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const started = performance.now();
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const text = await response.text();
    let body: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json') && text !== '') {
      body = JSON.parse(text);
    }
    return { kind: 'answer', status: response.status, body, ms: performance.now() - started };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    const ms = performance.now() - started;
    const message = `${(error as Error).message}${cause?.code ? ` (${cause.code})` : ''}`;
    return { kind: cause?.code === 'ECONNREFUSED' ? 'refused' : 'lost', message, ms };
  }
}

async function expectOk(
  url: string,
  method: string,
  path: string,
  token: string | undefined,
  body: unknown,
) {
  const answer = await send(url, method, path, { token, body });
  if (answer.kind !== 'answer' || answer.status >= 300)
    throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
  return answer.body as Record<string, unknown>;
}

/**
 * Registers and logs in a user through the API, and creates their month with three habits and a
 * measure, as the app's "Create a Month" does. Recorded in `ledger` as acknowledged.
 */
export async function createAccount(url: string, ledger: Ledger, label: string): Promise<Account> {
  const username = `${label}_${Math.random().toString(36).slice(2, 10)}`;
  const user = await expectOk(url, 'POST', '/api/user/register/', undefined, {
    username,
    password: PASSWORD,
  });
  const tokens = await expectOk(url, 'POST', '/api/token/', undefined, {
    username,
    password: PASSWORD,
  });
  const access = String(tokens.access);
  const month = await expectOk(url, 'POST', '/api/months/', access, { name: 'Load month' });
  const monthId = Number(month.id);
  const habitIds: number[] = [];
  for (let i = 0; i < HABITS_PER_MONTH; i += 1) {
    const habit = await expectOk(url, 'POST', '/api/habits/', access, {
      name: `Habit ${i}`,
      month_id: monthId,
    });
    habitIds.push(Number(habit.id));
  }
  const measure = await expectOk(url, 'POST', '/api/measures/', access, {
    name: 'Steps',
    month_id: monthId,
  });
  const account = {
    userId: Number(user.id),
    username,
    access,
    monthId,
    habitIds,
    measureId: Number(measure.id),
  };
  ledger.accounts.set(account.userId, account);
  return account;
}

/** Creates `count` accounts, a few at a time (password hashing is deliberately slow). */
export async function createAccounts(url: string, ledger: Ledger, count: number, label: string) {
  const accounts: Account[] = [];
  for (let start = 0; start < count; start += 4) {
    const batch = Array.from({ length: Math.min(4, count - start) }, (_, i) =>
      createAccount(url, ledger, `${label}${start + i}`),
    );
    accounts.push(...(await Promise.all(batch)));
  }
  return accounts;
}

/** One line for the test log: requests, acknowledged writes, statuses, the slowest answer. */
export function summary(label: string, stats: LoadStats, seconds: number): string {
  const serverErrors = Object.entries(stats.statuses)
    .filter(([status]) => Number(status) >= 500 && Number(status) !== 503)
    .reduce((sum, [, count]) => sum + count, 0);
  return [
    `${label}: ${stats.requests} requests in ${seconds.toFixed(1)} s`,
    `(${Math.round(stats.requests / seconds)}/s),`,
    `${stats.acknowledged} acknowledged writes, ${stats.readsChecked} read-backs checked,`,
    `statuses ${JSON.stringify(stats.statuses)}, 5xx other than 503: ${serverErrors},`,
    `unanswered: ${stats.lost} lost in flight, ${stats.refused} refused;`,
    `${stats.quotaRefused} entries refused by a full month;`,
    `slowest answer ${Math.round(stats.maxAnswerMs)} ms`,
  ].join(' ');
}
