// What load clients were told by the server, and the check that the database holds exactly that.

/**
 * A write's outcome as the client knows it: `pending` while in flight, `acked` after a 2xx,
 * `unknown` when it failed without an answer (or with a 503), `refused` when it never reached the
 * server (connection refused), so it must have had no effect.
 */
export type Outcome = 'pending' | 'acked' | 'unknown' | 'refused';

export interface JournalRecord {
  highlight: string;
  authorId: number;
  monthId: number;
  id: number | null;
  created: Outcome;
  /** `no` until a delete is sent; `yes` once one is acknowledged. */
  deleted: 'no' | 'maybe' | 'yes';
}

/** A daily habit or measure: the values it may hold now, given what was acknowledged. */
export interface DailyRecord<Value> {
  journalHighlight: string;
  parentId: number;
  id: number | null;
  created: Outcome;
  /** Every value it may hold: the last acknowledged one, plus any sent since without an answer. */
  possible: Set<Value>;
}

export interface AccountRecord {
  userId: number;
  monthId: number;
  habitIds: number[];
  measureId: number;
}

export interface DatabaseRows {
  months: Array<{ id: number; author_id: number }>;
  habits: Array<{ id: number; month_id: number }>;
  measures: Array<{ id: number; month_id: number }>;
  journals: Array<{ id: number; author_id: number; month_id: number; highlight: string }>;
  daily_habits: Array<{ id: number; journal_id: number; habit_id: number; is_practiced: number }>;
  daily_measures: Array<{ id: number; journal_id: number; measure_id: number; metric: number }>;
}

/** The SQL that reads `DatabaseRows` (same on SQLite and PostgreSQL). */
export const LEDGER_QUERIES: Record<keyof DatabaseRows, string> = {
  months: 'select id, author_id from months',
  habits: 'select id, month_id from habits',
  measures: 'select id, month_id from measures',
  journals: 'select id, author_id, month_id, highlight from journals',
  daily_habits: 'select id, journal_id, habit_id, is_practiced from daily_habits',
  daily_measures: 'select id, journal_id, measure_id, metric from daily_measures',
};

export interface Verification {
  problems: string[];
  /** Acknowledged rows found as acknowledged (journals, daily habits, daily measures). */
  confirmed: number;
  /** Rows of writes with unknown outcome that did take effect. */
  unknownPresent: number;
}

const isCertain = (outcome: Outcome) => outcome === 'acked';
const mayExist = (outcome: Outcome) => outcome !== 'refused';

export class Ledger {
  readonly accounts = new Map<number, AccountRecord>();
  readonly journals = new Map<string, JournalRecord>();
  /** Keyed by `journalHighlight:habitId`. */
  readonly dailyHabits = new Map<string, DailyRecord<boolean>>();
  /** Keyed by journal highlight (one measure per month, so one daily measure per journal). */
  readonly dailyMeasures = new Map<string, DailyRecord<number>>();

  /** Compares the database with what was acknowledged; an empty `problems` means nothing was lost or invented. */
  verify(rows: DatabaseRows): Verification {
    const problems: string[] = [];
    const report = (problem: string) => {
      if (problems.length < 25) problems.push(problem);
    };
    let confirmed = 0;
    let unknownPresent = 0;

    for (const account of this.accounts.values()) {
      if (!rows.months.some((m) => m.id === account.monthId && m.author_id === account.userId))
        report(`month ${account.monthId} of user ${account.userId} is missing`);
      for (const habitId of account.habitIds)
        if (!rows.habits.some((h) => h.id === habitId)) report(`habit ${habitId} is missing`);
      if (!rows.measures.some((m) => m.id === account.measureId))
        report(`measure ${account.measureId} is missing`);
    }

    const journalRows = new Map<number, (typeof rows.journals)[number]>();
    const highlightOf = new Map<number, string>();
    for (const row of rows.journals) {
      journalRows.set(row.id, row);
      const record = this.journals.get(row.highlight);
      if (!record) {
        report(`journal ${row.id} "${row.highlight}" was never requested`);
        continue;
      }
      highlightOf.set(row.id, row.highlight);
      if (!mayExist(record.created))
        report(`journal "${row.highlight}" exists but never reached the server`);
      if (record.id !== null && record.id !== row.id)
        report(`journal "${row.highlight}" has id ${row.id}, acknowledged as ${record.id}`);
      if (record.deleted === 'yes') report(`journal ${row.id} exists after an acknowledged delete`);
      if (row.month_id !== record.monthId || row.author_id !== record.authorId)
        report(`journal ${row.id} has month ${row.month_id}/author ${row.author_id}`);
      if (isCertain(record.created)) confirmed += 1;
      else unknownPresent += 1;
    }
    const present = new Set(highlightOf.values());
    for (const record of this.journals.values()) {
      if (isCertain(record.created) && record.deleted === 'no' && !present.has(record.highlight))
        report(`acknowledged journal ${record.id} "${record.highlight}" is missing`);
    }

    const checkDaily = <Value>(
      kind: string,
      records: Map<string, DailyRecord<Value>>,
      dbRows: Array<{ id: number; journal_id: number; parent: number; value: Value }>,
      keyOf: (highlight: string, parent: number) => string,
    ) => {
      const seen = new Set<string>();
      for (const row of dbRows) {
        const highlight = highlightOf.get(row.journal_id);
        if (highlight === undefined) {
          report(`${kind} ${row.id} belongs to journal ${row.journal_id}, which should not exist`);
          continue;
        }
        const key = keyOf(highlight, row.parent);
        const record = records.get(key);
        if (!record) {
          report(`${kind} ${row.id} (${key}) was never requested`);
          continue;
        }
        if (seen.has(key)) report(`${kind} ${key} exists twice`);
        seen.add(key);
        if (!mayExist(record.created))
          report(`${kind} ${row.id} exists but never reached the server`);
        if (record.id !== null && record.id !== row.id)
          report(`${kind} ${key} has id ${row.id}, acknowledged as ${record.id}`);
        if (!record.possible.has(row.value))
          report(
            `${kind} ${row.id} holds ${String(row.value)}, acknowledged ${[...record.possible].join(' or ')}`,
          );
        if (isCertain(record.created)) confirmed += 1;
        else unknownPresent += 1;
      }
      for (const [key, record] of records) {
        if (isCertain(record.created) && present.has(record.journalHighlight) && !seen.has(key))
          report(`acknowledged ${kind} ${record.id} (${key}) is missing`);
      }
    };
    checkDaily(
      'daily habit',
      this.dailyHabits,
      rows.daily_habits.map((r) => ({ ...r, parent: r.habit_id, value: r.is_practiced === 1 })),
      (highlight, habitId) => `${highlight}:${habitId}`,
    );
    checkDaily(
      'daily measure',
      this.dailyMeasures,
      rows.daily_measures.map((r) => ({ ...r, parent: r.measure_id, value: Number(r.metric) })),
      (highlight) => highlight,
    );
    return { problems, confirmed, unknownPresent };
  }
}
