// Daily habits: a habit ticked on a journal's day; ?journal= and ?month= both filter.
import { DailyHabitSchema } from '../../contract/entities.js';
import {
  CreateDailyHabitSchema,
  DailyFilterSchema,
  UpdateDailyHabitSchema,
} from '../../contract/requests.js';
import { crudRoutes } from './crud-routes.js';

export default crudRoutes({
  path: '/dailyhabits',
  tag: 'daily habits',
  entity: DailyHabitSchema,
  create: CreateDailyHabitSchema,
  update: UpdateDailyHabitSchema,
  filter: DailyFilterSchema,
  repository: (repos) => repos.dailyHabits,
});
