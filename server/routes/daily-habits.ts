// Daily habits: a habit ticked on a journal's day; ?journal= and ?month= both filter.
import { DailyHabitSchema } from '../../contract/entities.js';
import {
  CreateDailyHabitSchema,
  DailyFilterSchema,
  UpdateDailyHabitSchema,
} from '../../contract/requests.js';
import { crudRoutes, PAGED_WITHOUT_FILTER } from './crud-routes.js';

export default crudRoutes({
  path: '/dailyhabits',
  tag: 'daily habits',
  entity: DailyHabitSchema,
  create: CreateDailyHabitSchema,
  update: UpdateDailyHabitSchema,
  filter: DailyFilterSchema,
  paging: {
    paged: (query) => query.journal === undefined && query.month === undefined,
    key: 'id',
    keyOf: (item) => [item.id],
    description: PAGED_WITHOUT_FILTER('`?journal=` or `?month=`'),
  },
  sealedKind: 'tick',
  repository: (repos) => repos.dailyHabits,
});
