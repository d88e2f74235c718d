// Seeds a paid account with a month of data through the HTTP API (BILLING=local), for audits that start logged in.
import type {
  CheckoutSession,
  Goal,
  Habit,
  Journal,
  Measure,
  Month,
  TokenPair,
} from '../../../contract/entities.js';
import { STORAGE_KEYS } from '../../../contract/rules.js';

export const SEED_PASSWORD = 'Str0ng!Pass';

export interface SeededAccount {
  username: string;
  tokens: TokenPair;
}

export interface SeededMonth {
  month: Month;
  habits: Habit[];
  measure: Measure;
}

async function call<T>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  access?: string,
): Promise<T> {
  const response = await fetch(`${baseUrl}/${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(access ? { authorization: `Bearer ${access}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok)
    throw new Error(`${method} /${path} → ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Registers and logs in; with `pay`, completes the local test-mode checkout for the monthly plan. */
export async function seedAccount(
  baseUrl: string,
  username: string,
  { pay = true } = {},
): Promise<SeededAccount> {
  await call(baseUrl, 'POST', 'api/user/register/', { username, password: SEED_PASSWORD });
  const tokens = await call<TokenPair>(baseUrl, 'POST', 'api/token/', {
    username,
    password: SEED_PASSWORD,
  });
  if (pay) {
    const { checkout_url } = await call<CheckoutSession>(
      baseUrl,
      'POST',
      'api/stripe/create-checkout-session',
      { product_type: 'subscription' },
      tokens.access,
    );
    // The local checkout page posts its form to <checkout path>/pay.
    const checkout = new URL(checkout_url);
    const token = checkout.searchParams.get('token');
    if (!token) throw new Error(`checkout URL without a token: ${checkout_url}`);
    const paid = await fetch(`${baseUrl}${checkout.pathname}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
      redirect: 'manual',
    });
    if (paid.status !== 303) throw new Error(`local checkout answered ${paid.status}`);
  }
  return { username, tokens };
}

export async function seedMonth(
  baseUrl: string,
  { tokens }: SeededAccount,
  name: string,
  measureName: string,
  habitNames: string[],
): Promise<SeededMonth> {
  const month = await call<Month>(baseUrl, 'POST', 'api/months/', { name }, tokens.access);
  const habits: Habit[] = [];
  for (const habit of habitNames) {
    habits.push(
      await call<Habit>(
        baseUrl,
        'POST',
        'api/habits/',
        { name: habit, month_id: month.id },
        tokens.access,
      ),
    );
  }
  const measure = await call<Measure>(
    baseUrl,
    'POST',
    'api/measures/',
    { name: measureName, month_id: month.id },
    tokens.access,
  );
  return { month, habits, measure };
}

/** A journal entry with its measure value and one daily habit per habit (`ticked` by index). */
export async function seedJournal(
  baseUrl: string,
  { tokens }: SeededAccount,
  { month, habits, measure }: SeededMonth,
  highlight: string,
  metric: number,
  ticked: boolean[] = [],
): Promise<Journal> {
  const access = tokens.access;
  const journal = await call<Journal>(
    baseUrl,
    'POST',
    'api/journals/',
    { highlight, month_id: month.id },
    access,
  );
  await call(
    baseUrl,
    'POST',
    'api/dailymeasures/',
    { journal_id: journal.id, measure_id: measure.id, metric },
    access,
  );
  for (const [index, habit] of habits.entries()) {
    await call(
      baseUrl,
      'POST',
      'api/dailyhabits/',
      { journal_id: journal.id, habit_id: habit.id, is_practiced: ticked[index] ?? false },
      access,
    );
  }
  return journal;
}

export async function seedGoal(
  baseUrl: string,
  { tokens }: SeededAccount,
  { month }: SeededMonth,
  name: string,
  completed = false,
): Promise<Goal> {
  const goal = await call<Goal>(
    baseUrl,
    'POST',
    'api/goals/',
    { name, month_id: month.id },
    tokens.access,
  );
  if (!completed) return goal;
  return call<Goal>(
    baseUrl,
    'PATCH',
    `api/goals/${goal.id}/`,
    { is_completed: true },
    tokens.access,
  );
}

/** Playwright `storageState` of a browser signed in with these tokens: the tokens in localStorage. */
export function sessionStorageState(baseUrl: string, tokens: { access: string; refresh: string }) {
  const { origin } = new URL(baseUrl);
  return {
    cookies: [],
    origins: [
      {
        origin,
        localStorage: [
          { name: STORAGE_KEYS.access, value: tokens.access },
          { name: STORAGE_KEYS.refresh, value: tokens.refresh },
        ],
      },
    ],
  };
}

/** Playwright `storageState` that starts a context logged in as this account. */
export function loggedInStorage(baseUrl: string, { tokens }: SeededAccount) {
  return sessionStorageState(baseUrl, tokens);
}

/** One API call as `account`, for seeding what the seed helpers above do not make; its JSON answer. */
export async function apiAs<T>(
  baseUrl: string,
  account: SeededAccount,
  method: string,
  path: string,
  body: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}/${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${account.tokens.access}`,
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} /${path} → ${response.status}`);
  return (await response.json()) as T;
}
