// Habits: what a month tracks each day.
import { HabitSchema } from '../../contract/entities.js';
import {
  CreateNamedSchema,
  MonthFilterSchema,
  UpdateNamedSchema,
} from '../../contract/requests.js';
import { crudRoutes, pagedWithoutMonth } from './crud-routes.js';

export default crudRoutes({
  path: '/habits',
  tag: 'habits',
  entity: HabitSchema,
  create: CreateNamedSchema,
  update: UpdateNamedSchema,
  filter: MonthFilterSchema,
  paging: pagedWithoutMonth(),
  repository: (repos) => repos.habits,
});
