// Every resource's MSW handlers, in one list for setupServer.
import { authHandlers } from './auth';
import { billingHandlers } from './billing';
import { dailyHabitHandlers } from './daily-habits';
import { dailyMeasureHandlers } from './daily-measures';
import { goalHandlers } from './goals';
import { habitHandlers } from './habits';
import { journalHandlers } from './journals';
import { measureHandlers } from './measures';
import { monthHandlers } from './months';

export const handlers = [
  ...authHandlers,
  ...billingHandlers,
  ...monthHandlers,
  ...journalHandlers,
  ...goalHandlers,
  ...habitHandlers,
  ...measureHandlers,
  ...dailyHabitHandlers,
  ...dailyMeasureHandlers,
];
