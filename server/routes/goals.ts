// Goals: a month's goals, ticked off with PATCH {is_completed}.
import { GoalSchema } from '../../contract/entities.js';
import { CreateGoalSchema, MonthFilterSchema, UpdateGoalSchema } from '../../contract/requests.js';
import { crudRoutes, pagedWithoutMonth } from './crud-routes.js';

export default crudRoutes({
  path: '/goals',
  tag: 'goals',
  entity: GoalSchema,
  create: CreateGoalSchema,
  update: UpdateGoalSchema,
  fixed: ['month_id'],
  filter: MonthFilterSchema,
  paging: pagedWithoutMonth(),
  trashKind: 'goal',
  sealedKind: 'goal',
  repository: (repos) => repos.goals,
});
