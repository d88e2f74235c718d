// Every write kind, for the client to register before saved writes are restored (from this tab's
// last visit, or adopted from a closed tab), so each finds its function by its key; src/offline
// sits below src/queries and is handed this function. Pages that make no writes load none of this
// code until then.
import type { AnyWriteKind } from '../offline/sync';

export async function loadWriteKinds(): Promise<AnyWriteKind[]> {
  const [journals, daily, goals, months, habits, measures, trash] = await Promise.all([
    import('./journals'),
    import('./daily'),
    import('./goals'),
    import('./months'),
    import('./habits'),
    import('./measures'),
    import('./trash'),
  ]);
  return [
    journals.journalCreate,
    journals.journalUpdate,
    journals.journalDelete,
    daily.dailyHabitCreate,
    daily.dailyHabitUpdate,
    daily.dailyMeasureCreate,
    daily.dailyMeasureUpdate,
    goals.goalCreate,
    goals.goalUpdate,
    goals.goalDelete,
    months.monthCreate,
    months.monthUpdate,
    months.monthDelete,
    habits.habitCreate,
    habits.habitUpdate,
    habits.habitDelete,
    measures.measureCreate,
    measures.measureUpdate,
    measures.measureDelete,
    trash.trashRestore,
  ];
}
