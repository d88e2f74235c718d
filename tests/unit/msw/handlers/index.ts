// Every resource's MSW handlers, in one list for setupServer.
import { accountHandlers } from './account';
import { accountKeyHandlers } from './account-keys';
import { authHandlers } from './auth';
import { billingHandlers } from './billing';
import { dailyHabitHandlers } from './daily-habits';
import { dailyMeasureHandlers } from './daily-measures';
import { exportHandlers } from './export';
import { goalHandlers } from './goals';
import { habitHandlers } from './habits';
import { journalHandlers } from './journals';
import { measureHandlers } from './measures';
import { monthHandlers } from './months';
import { recoveryHandlers } from './recovery';
import { reminderHandlers } from './reminders';
import { statsHandlers } from './stats';
import { trashHandlers } from './trash';

export const handlers = [
  ...authHandlers,
  ...accountHandlers,
  ...accountKeyHandlers,
  ...billingHandlers,
  ...monthHandlers,
  ...journalHandlers,
  ...goalHandlers,
  ...habitHandlers,
  ...measureHandlers,
  ...dailyHabitHandlers,
  ...dailyMeasureHandlers,
  ...exportHandlers,
  ...statsHandlers,
  ...trashHandlers,
  ...recoveryHandlers,
  ...reminderHandlers,
];
