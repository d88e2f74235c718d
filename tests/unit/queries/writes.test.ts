// The write kinds' names: queued writes saved on a device are found by them after an upgrade, so none may change.
import {
  habitCreate,
  habitDelete,
  habitUpdate,
  measureCreate,
  measureDelete,
  measureUpdate,
  monthCreate,
  monthDelete,
  monthUpdate,
  trashRestore,
} from '../../../src/queries/month-writes';
import {
  dailyHabitCreate,
  dailyHabitUpdate,
  dailyMeasureCreate,
  dailyMeasureUpdate,
  goalCreate,
  goalDelete,
  goalUpdate,
  journalCreate,
  journalDelete,
  journalUpdate,
} from '../../../src/queries/writes';

describe('write kinds', () => {
  it('keep the names their queued writes are saved under', () => {
    const kinds = [
      journalCreate,
      journalUpdate,
      journalDelete,
      dailyMeasureCreate,
      dailyMeasureUpdate,
      dailyHabitCreate,
      dailyHabitUpdate,
      goalCreate,
      goalUpdate,
      goalDelete,
      monthCreate,
      monthUpdate,
      monthDelete,
      habitCreate,
      habitUpdate,
      habitDelete,
      measureCreate,
      measureUpdate,
      measureDelete,
      trashRestore,
    ];
    expect(kinds.map((kind) => kind.name)).toEqual([
      'journal.create',
      'journal.update',
      'journal.delete',
      'daily-measure.create',
      'daily-measure.update',
      'daily-habit.create',
      'daily-habit.update',
      'goal.create',
      'goal.update',
      'goal.delete',
      'month.create',
      'month.update',
      'month.delete',
      'habit.create',
      'habit.update',
      'habit.delete',
      'measure.create',
      'measure.update',
      'measure.delete',
      'trash.restore',
    ]);
  });
});
