// Months: /api/months/ and its detail routes; deleting one takes everything under it along.
import { Type } from '@sinclair/typebox';
import { MonthSchema } from '../../contract/entities.js';
import { CreateMonthSchema, UpdateMonthSchema } from '../../contract/requests.js';
import { crudRoutes } from './crud-routes.js';

export default crudRoutes({
  path: '/months',
  tag: 'months',
  entity: MonthSchema,
  create: CreateMonthSchema,
  update: UpdateMonthSchema,
  filter: Type.Object({}),
  trashKind: 'month',
  sealedKind: 'month',
  repository: (repos) => repos.months,
});
