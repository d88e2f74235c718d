// @vitest-environment node
// The write kinds' names: queued writes saved on a device are found by them after an upgrade, so none may change.
import {
  dailyHabitCreate,
  dailyHabitUpdate,
  dailyMeasureCreate,
  dailyMeasureUpdate,
} from '../../../src/queries/daily';
import { goalCreate, goalDelete, goalUpdate } from '../../../src/queries/goals';
import { habitCreate, habitDelete, habitUpdate } from '../../../src/queries/habits';
import { journalCreate, journalDelete, journalUpdate } from '../../../src/queries/journals';
import { measureCreate, measureDelete, measureUpdate } from '../../../src/queries/measures';
import { monthCreate, monthDelete, monthUpdate } from '../../../src/queries/months';
import { trashRestore } from '../../../src/queries/trash';

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
