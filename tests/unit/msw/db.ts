// The in-memory data the MSW handlers serve, reset after every test.
import type {
  DailyHabit,
  DailyMeasure,
  Goal,
  Habit,
  Journal,
  Measure,
  Month,
} from '../../../contract/entities';
import type { ImportUndo } from '../../../contract/export';
import type { Credentials } from '../../../contract/requests';
import type { TrashItem } from '../../../contract/trash';
import type { MonthFixture } from '../../fixtures/factories';

export interface MockDb {
  months: Month[];
  journals: Journal[];
  habits: Habit[];
  measures: Measure[];
  goals: Goal[];
  dailyHabits: DailyHabit[];
  dailyMeasures: DailyMeasure[];
  users: Credentials[];
  revokedRefreshTokens: Set<string>;
  hasPaid: boolean;
  launchOfferRemaining: number;
  /** The Recently deleted bin, newest first; `restore` puts the item's rows back. */
  trash: { item: TrashItem; restore: () => Month | Journal | Goal | ImportUndo }[];
}

function emptyDb(): MockDb {
  return {
    months: [],
    journals: [],
    habits: [],
    measures: [],
    goals: [],
    dailyHabits: [],
    dailyMeasures: [],
    users: [],
    revokedRefreshTokens: new Set(),
    hasPaid: true,
    launchOfferRemaining: 100,
    trash: [],
  };
}

export const db: MockDb = emptyDb();

export function resetDb(): void {
  Object.assign(db, emptyDb());
}

/** Puts a whole month (see makeMonthFixture) into the store and returns it. */
export function seedMonth(fixture: MonthFixture): MonthFixture {
  db.months.push(fixture.month);
  db.journals.push(...fixture.journals);
  db.habits.push(...fixture.habits);
  db.measures.push(...fixture.measures);
  db.goals.push(...fixture.goals);
  db.dailyHabits.push(...fixture.dailyHabits);
  db.dailyMeasures.push(...fixture.dailyMeasures);
  return fixture;
}
