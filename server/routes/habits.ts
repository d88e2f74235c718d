// Habits: what a month tracks each day, with an optional schedule.
import { HabitSchema } from '../../contract/entities.js';
import {
  CreateHabitSchema,
  MonthFilterSchema,
  UpdateHabitSchema,
} from '../../contract/requests.js';
import { crudRoutes, pagedWithoutMonth } from './crud-routes.js';

export default crudRoutes({
  path: '/habits',
  tag: 'habits',
  entity: HabitSchema,
  create: CreateHabitSchema,
  update: UpdateHabitSchema,
  fixed: ['month_id'],
  filter: MonthFilterSchema,
  paging: pagedWithoutMonth(),
  sealedKind: 'habit',
  repository: (repos) => repos.habits,
});
