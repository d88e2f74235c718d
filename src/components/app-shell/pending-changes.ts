// The list of changes waiting to sync, in the user's words: one row per entry, goal or month
// changed ("Entry of Jan 9: ticked Stretch, Weight 80.5"), not one per request sent.
import type { QueryClient } from '@tanstack/react-query';
import type {
  DailyHabit,
  DailyMeasure,
  Goal,
  Habit,
  Journal,
  Measure,
  Month,
} from '../../../contract/entities';
import { formatIsoDate, formatMetric } from '../../i18n/format';
import type { Locale } from '../../i18n/store';
import type { ChangeState, QueuedChange } from '../../offline/sync';
import type { OFFLINE_TEXTS } from '../../offline/texts';
import {
  dailyHabitKeys,
  dailyMeasureKeys,
  goalKeys,
  habitKeys,
  journalKeys,
  measureKeys,
  monthKeys,
} from '../../queries/keys';

/** The writes made to one entry, goal or month, shown as one row. */
export interface ChangeGroup {
  key: string;
  /** "Entry of Jan 9", "Goal “Swim”". */
  title: string;
  /** What was done, in order: "new entry", "ticked Stretch", "Weight: 80.5". */
  actions: string[];
  /** The least settled state of its writes: a refusal shows over a wait. */
  state: ChangeState;
  error: string | null;
  monthId: number | undefined;
  mutationIds: number[];
  /** Waiting in another open tab. */
  elsewhere: boolean;
}

type Texts = typeof OFFLINE_TEXTS;

const STATE_ORDER: ChangeState[] = ['queued', 'sending', 'failed', 'refused'];

/** Loosely typed variables of a queued write: each kind carries some of these (the write kinds in src/queries/). */
interface WriteVariables {
  body?: {
    created_at?: string;
    habit_id?: number;
    measure_id?: number;
    metric?: number;
    is_practiced?: boolean;
    is_skipped?: boolean;
    name?: string;
  };
  dailyHabitId?: number;
  dailyMeasureId?: number;
  isPracticed?: boolean;
  isSkipped?: boolean;
  isCompleted?: boolean;
  metric?: number;
  base?: { habit?: { name?: string }; measure?: { name?: string }; name?: string };
}

function listed<T extends { id: number }>(
  queryClient: QueryClient,
  key: readonly unknown[],
  id: number | undefined,
): T | undefined {
  if (id === undefined) return undefined;
  return queryClient.getQueryData<T[]>(key)?.find((row) => row.id === id);
}

/** Groups `changes` (in the order they were made) and says what each group did. */
export function groupChanges(
  changes: QueuedChange[],
  queryClient: QueryClient,
  locale: Locale,
  t: Texts,
): ChangeGroup[] {
  const groups = new Map<string, { changes: QueuedChange[] }>();
  for (const change of changes) {
    // Another tab's writes are a row of their own: only that tab can retry or drop them.
    const key = `${change.elsewhere ? 'elsewhere:' : ''}${
      change.subject ? `${change.subject.kind}:${change.subject.id}` : `write:${change.mutationId}`
    }`;
    const group = groups.get(key) ?? { changes: [] };
    group.changes.push(change);
    groups.set(key, group);
  }
  return [...groups].map(([key, group]) =>
    describeGroup(key, group.changes, queryClient, locale, t),
  );
}

function describeGroup(
  key: string,
  changes: QueuedChange[],
  queryClient: QueryClient,
  locale: Locale,
  t: Texts,
): ChangeGroup {
  const [first] = changes as [QueuedChange, ...QueuedChange[]];
  const monthId = first.monthId;
  const subject = first.subject;
  const state = changes.reduce<ChangeState>(
    (worst, change) =>
      STATE_ORDER.indexOf(change.state) > STATE_ORDER.indexOf(worst) ? change.state : worst,
    'queued',
  );
  const error = changes.find((change) => change.error !== null)?.error ?? null;
  const mutationIds = changes.map((change) => change.mutationId);
  const common = { key, state, error, monthId, mutationIds, elsewhere: first.elsewhere };

  if (subject?.kind === 'journal' && monthId !== undefined)
    return { ...common, ...describeEntry(subject.id, monthId, changes, queryClient, locale, t) };

  const actions = unique(changes.map((change) => t.changeNames[change.name] ?? t.change));
  if (subject?.kind === 'goal' && monthId !== undefined) {
    const created = variablesOf(changes.find((c) => c.name === 'goal.create'));
    const name =
      listed<Goal>(queryClient, goalKeys.list(monthId), subject.id)?.name ?? created.body?.name;
    // The latest tick only: ticked then unticked says "unticked".
    const goalActions = new Map<string, string>();
    for (const change of changes) {
      const v = variablesOf(change);
      if (change.name === 'goal.update' && v.isCompleted !== undefined)
        goalActions.set('tick', v.isCompleted ? t.tickedGoal : t.untickedGoal);
      else goalActions.set(change.name, t.changeNames[change.name] ?? t.change);
    }
    return {
      ...common,
      title: name ? t.goalNamed(name) : t.aGoal,
      actions: [...goalActions.values()],
    };
  }
  if (subject?.kind === 'month' && monthId !== undefined) {
    const name = queryClient
      .getQueryData<Month[]>(monthKeys.list())
      ?.find((m) => m.id === monthId)?.name;
    return { ...common, title: name ? t.monthNamed(name) : t.aMonth, actions };
  }
  return { ...common, title: t.change, actions: actions.filter((action) => action !== t.change) };
}

function describeEntry(
  journalId: number,
  monthId: number,
  changes: QueuedChange[],
  queryClient: QueryClient,
  locale: Locale,
  t: Texts,
): { title: string; actions: string[] } {
  const creating = changes.some((change) => change.name === 'journal.create');
  const date =
    variablesOf(changes.find((change) => change.name === 'journal.create')).body?.created_at ??
    listed<Journal>(queryClient, journalKeys.list(monthId), journalId)?.created_at;
  // One phrase per habit and per measure, the latest: ticked then unticked says "unticked".
  const phrases = new Map<string, string>();
  for (const change of changes) {
    const v = variablesOf(change);
    switch (change.name) {
      case 'journal.create':
      case 'journal.update':
      case 'journal.delete':
        phrases.set(change.name, t.changeNames[change.name] ?? t.change);
        break;
      case 'daily-habit.create':
      case 'daily-habit.update': {
        const row = listed<DailyHabit>(queryClient, dailyHabitKeys.list(monthId), v.dailyHabitId);
        const habitId = v.body?.habit_id ?? row?.habit_id;
        const name =
          v.base?.habit?.name ??
          row?.habit.name ??
          listed<Habit>(queryClient, habitKeys.list(monthId), habitId)?.name ??
          t.aHabit;
        const practiced = v.isPracticed ?? v.body?.is_practiced ?? false;
        const skipped = v.isSkipped ?? v.body?.is_skipped ?? false;
        // A new entry's unticked habits are part of "new entry", not something the user did.
        if (creating && change.name === 'daily-habit.create' && !practiced && !skipped) break;
        phrases.set(
          `habit:${habitId ?? change.mutationId}`,
          practiced ? t.ticked(name) : skipped ? t.skipped(name) : t.unticked(name),
        );
        break;
      }
      case 'daily-measure.create':
      case 'daily-measure.update': {
        const row = listed<DailyMeasure>(
          queryClient,
          dailyMeasureKeys.list(monthId),
          v.dailyMeasureId,
        );
        const measureId = v.body?.measure_id ?? row?.measure_id;
        const name =
          v.base?.measure?.name ??
          row?.measure.name ??
          listed<Measure>(queryClient, measureKeys.list(monthId), measureId)?.name ??
          t.aMeasure;
        const metric = v.metric ?? v.body?.metric;
        phrases.set(
          `measure:${measureId ?? change.mutationId}`,
          metric === undefined ? name : t.measureValue(name, formatMetric(metric, locale)),
        );
        break;
      }
      default:
        phrases.set(`write:${change.mutationId}`, t.changeNames[change.name] ?? t.change);
    }
  }
  const title = date
    ? t.entryOf(formatIsoDate(date, locale, { month: 'short', day: 'numeric' }))
    : t.anEntry;
  return { title, actions: [...phrases.values()] };
}

function variablesOf(change: QueuedChange | undefined): WriteVariables {
  const variables = change?.variables;
  return variables !== null && typeof variables === 'object' ? (variables as WriteVariables) : {};
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
