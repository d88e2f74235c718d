// Load for the reliability tests: many clients writing journals like the app does, recording every answer in a Ledger.
import { QUOTA_EXCEEDED } from '../../contract/quota-code.js';
import type { DailyRecord, JournalRecord, Ledger, Outcome } from './ledger.js';
import { type Account, type Answer, type LoadStats, send } from './load-client.js';

export interface LoadOptions {
  url: string;
  /** The load stops by itself after this long… */
  durationMs: number;
  /** …or after each client sent this many requests. */
  maxRequestsPerClient: number;
  /** When false, a request without an answer is a failure (no crash or outage expected). */
  tolerateLostRequests: boolean;
  /** A 503 means "try again" (database outage) and leaves the write's outcome unknown. */
  tolerate503: boolean;
  /** Answers slower than this count as lost. */
  timeoutMs?: number;
  /** Called for every request, answered or not (for outage timing). */
  onRequest?: (answer: Answer, method: string, path: string, sentAt: number) => void;
}

/** How long a client waits to try again after a request went unanswered (server down). */
const RETRY_AFTER_LOST_MS = 100;

interface OwnJournal {
  record: JournalRecord;
  habits: Array<DailyRecord<boolean>>;
  measure: DailyRecord<number> | null;
}

interface Client {
  account: Account;
  id: string;
  /** The journals this client created and still writes to. */
  own: OwnJournal[];
  sent: number;
  /** Whether its last request went unanswered. */
  failed: boolean;
}

export interface LoadRun {
  stats: LoadStats;
  /**
   * Resolves true once `condition` holds, checked now and after each request is counted (no
   * polling), or false after `timeoutMs`.
   */
  until(condition: () => boolean, timeoutMs: number): Promise<boolean>;
  /** Asks every client to stop after its current step; resolves once all have. */
  stop(): Promise<LoadStats>;
  done: Promise<LoadStats>;
}

/**
 * Starts `clientsPerAccount[i]` clients for `accounts[i]`. Each client owns the journals it creates
 * and sends one request at a time, so the order of writes to any one object is defined.
 */
export function startLoad(
  accounts: Account[],
  clientsPerAccount: number[],
  ledger: Ledger,
  options: LoadOptions,
): LoadRun {
  const stats: LoadStats = {
    requests: 0,
    acknowledged: 0,
    readsChecked: 0,
    statuses: {},
    refused: 0,
    lost: 0,
    quotaRefused: 0,
    maxAnswerMs: 0,
    failures: [],
  };
  const deadline = Date.now() + options.durationMs;
  let stopping = false;
  let serial = 0;
  const fail = (message: string) => {
    if (stats.failures.length < 20) stats.failures.push(message);
  };

  /** What `until` waits on: each checked after every request, once its answer is counted. */
  const waiters = new Set<{ condition: () => boolean; met: () => void }>();
  const until = (condition: () => boolean, timeoutMs: number) =>
    new Promise<boolean>((resolve) => {
      if (condition()) {
        resolve(true);
        return;
      }
      const waiter = {
        condition,
        met: () => {
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        resolve(false);
      }, timeoutMs);
      waiters.add(waiter);
    });

  /** Sends and classifies, then wakes the `until` waiters whose condition now holds. */
  async function request(
    client: Client,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ outcome: Outcome; body: Record<string, unknown> | null }> {
    try {
      return await sendAndCount(client, method, path, body);
    } finally {
      for (const waiter of [...waiters]) if (waiter.condition()) waiter.met();
    }
  }

  /** Sends and classifies: the outcome of a write, or null for an answer that is a failure. */
  async function sendAndCount(
    client: Client,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ outcome: Outcome; body: Record<string, unknown> | null }> {
    stats.requests += 1;
    client.sent += 1;
    const sentAt = Date.now();
    const answer = await send(options.url, method, path, {
      token: client.account.access,
      body,
      timeoutMs: options.timeoutMs ?? 10_000,
    });
    options.onRequest?.(answer, method, path, sentAt);
    client.failed = answer.kind !== 'answer';
    if (answer.kind !== 'answer') {
      stats[answer.kind] += 1;
      if (!options.tolerateLostRequests) fail(`${method} ${path}: no answer: ${answer.message}`);
      return { outcome: answer.kind === 'refused' ? 'refused' : 'unknown', body: null };
    }
    // A month holds at most 200 entries (contract/quotas.ts): a full month refuses new ones with a
    // 400 that changed nothing, which the ledger then checks (a refused write must leave no row).
    if (
      answer.status === 400 &&
      (answer.body as { code?: unknown } | null)?.code === QUOTA_EXCEEDED
    ) {
      stats.quotaRefused += 1;
      return { outcome: 'refused', body: null };
    }
    stats.statuses[answer.status] = (stats.statuses[answer.status] ?? 0) + 1;
    stats.maxAnswerMs = Math.max(stats.maxAnswerMs, answer.ms);
    if (answer.status >= 200 && answer.status < 300) {
      if (method !== 'GET') stats.acknowledged += 1;
      return { outcome: 'acked', body: answer.body as Record<string, unknown> };
    }
    if (answer.status === 503 && options.tolerate503) {
      const detail = (answer.body as { detail?: unknown } | null)?.detail;
      if (typeof detail !== 'string') fail(`${method} ${path}: 503 without a JSON detail`);
      return { outcome: 'unknown', body: null };
    }
    fail(
      `${method} ${path} ${JSON.stringify(body ?? null)} → ${answer.status} ${JSON.stringify(answer.body)}`,
    );
    return { outcome: 'unknown', body: null };
  }

  /** A client's pause after an unanswered request: the load's pacing, not a wait for anything. */
  const backOff = () => new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_LOST_MS));
  const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)] as T;
  const randomMetric = () => Math.round(Math.random() * 1e6) / 100;

  async function createJournal(client: Client) {
    const { account } = client;
    serial += 1;
    const record: JournalRecord = {
      highlight: `${client.id} entry ${serial}`,
      authorId: account.userId,
      monthId: account.monthId,
      id: null,
      created: 'pending',
      deleted: 'no',
    };
    ledger.journals.set(record.highlight, record);
    const journal = await request(client, 'POST', '/api/journals/', {
      highlight: record.highlight,
      month_id: account.monthId,
    });
    record.created = journal.outcome;
    if (journal.outcome !== 'acked' || !journal.body) return;
    record.id = Number(journal.body.id);
    const entry: OwnJournal = { record, habits: [], measure: null };
    client.own.push(entry);
    // As the app does (src/queries/journals.ts): the daily measure, then one daily habit per habit.
    const metric = randomMetric();
    const measure: DailyRecord<number> = {
      journalHighlight: record.highlight,
      parentId: account.measureId,
      id: null,
      created: 'pending',
      possible: new Set([metric]),
    };
    ledger.dailyMeasures.set(record.highlight, measure);
    const created = await request(client, 'POST', '/api/dailymeasures/', {
      journal_id: record.id,
      measure_id: account.measureId,
      metric,
    });
    measure.created = created.outcome;
    if (created.outcome !== 'acked' || !created.body) return;
    measure.id = Number(created.body.id);
    if (created.body.metric !== metric)
      fail(`daily measure answered ${String(created.body.metric)}, sent ${metric}`);
    entry.measure = measure;
    for (const habitId of account.habitIds) {
      const practiced = Math.random() < 0.5;
      const habit: DailyRecord<boolean> = {
        journalHighlight: record.highlight,
        parentId: habitId,
        id: null,
        created: 'pending',
        possible: new Set([practiced]),
      };
      ledger.dailyHabits.set(`${record.highlight}:${habitId}`, habit);
      const answer = await request(client, 'POST', '/api/dailyhabits/', {
        journal_id: record.id,
        habit_id: habitId,
        is_practiced: practiced,
      });
      habit.created = answer.outcome;
      if (answer.outcome !== 'acked' || !answer.body) return;
      habit.id = Number(answer.body.id);
      entry.habits.push(habit);
    }
  }

  /** PATCHes a value; the object may hold any value sent since the last acknowledged one. */
  async function change<Value>(
    client: Client,
    record: DailyRecord<Value>,
    path: string,
    field: string,
    value: Value,
  ) {
    const wasPossible = record.possible.has(value);
    record.possible.add(value);
    const answer = await request(client, 'PATCH', path, { [field]: value });
    if (answer.outcome === 'acked') {
      record.possible = new Set([value]);
      if (answer.body?.[field] !== value)
        fail(`PATCH ${path} answered ${JSON.stringify(answer.body)}`);
    } else if (answer.outcome === 'refused' && !wasPossible) {
      record.possible.delete(value);
    }
  }

  /** Reads the journal's daily habits back: each must show this client's last acknowledged tick. */
  async function readBack(client: Client, entry: OwnJournal) {
    const answer = await request(client, 'GET', `/api/dailyhabits/?journal=${entry.record.id}`);
    if (answer.outcome !== 'acked' || !answer.body) return;
    const items = answer.body as unknown as Array<{ id: number; is_practiced: boolean }>;
    for (const habit of entry.habits) {
      if (habit.possible.size !== 1) continue;
      const [expected] = habit.possible;
      const found = items.find((item) => item.id === habit.id);
      if (found?.is_practiced !== expected)
        fail(
          `read of daily habit ${habit.id}: ${JSON.stringify(found)}, acknowledged ${String(expected)}`,
        );
    }
    stats.readsChecked += 1;
  }

  async function deleteJournal(client: Client, entry: OwnJournal) {
    client.own.splice(client.own.indexOf(entry), 1);
    entry.record.deleted = 'maybe';
    const answer = await request(client, 'DELETE', `/api/journals/${entry.record.id}/`);
    if (answer.outcome === 'acked') entry.record.deleted = 'yes';
    else if (answer.outcome === 'refused') entry.record.deleted = 'no';
  }

  /** One step: mostly ticking habits, as people do, with new entries, metrics, reads and deletes. */
  async function step(client: Client) {
    const roll = Math.random();
    const entry = client.own.length > 0 ? pick(client.own) : null;
    if (!entry || client.own.length < 2 || roll < 0.2) return createJournal(client);
    if (roll < 0.7 && entry.habits.length > 0) {
      const habit = pick(entry.habits);
      const next = !(habit.possible.size === 1 && habit.possible.has(true));
      return change(client, habit, `/api/dailyhabits/${habit.id}/`, 'is_practiced', next);
    }
    if (roll < 0.8 && entry.measure) {
      const path = `/api/dailymeasures/${entry.measure.id}/`;
      return change(client, entry.measure, path, 'metric', randomMetric());
    }
    if (roll < 0.96) return readBack(client, entry);
    return deleteJournal(client, entry);
  }

  async function run(client: Client) {
    while (!stopping && Date.now() < deadline && client.sent < options.maxRequestsPerClient) {
      await step(client);
      // While the server is down, do not spin: wait a little before the next attempt.
      if (client.failed) await backOff();
    }
  }

  const clients: Array<Promise<void>> = [];
  accounts.forEach((account, index) => {
    for (let c = 0; c < (clientsPerAccount[index] ?? 1); c += 1) {
      const id = `u${account.userId}c${c}`;
      clients.push(run({ account, id, own: [], sent: 0, failed: false }));
    }
  });
  const done = Promise.all(clients).then(() => stats);
  return {
    stats,
    until,
    done,
    stop: () => {
      stopping = true;
      return done;
    },
  };
}
