// Measures: the numbers a month records each day, each with an optional unit and daily target.
import { MeasureSchema } from '../../contract/entities.js';
import { CreateMeasureSchema, UpdateMeasureSchema } from '../../contract/measure-targets.js';
import { MonthFilterSchema } from '../../contract/requests.js';
import { crudRoutes, pagedWithoutMonth } from './crud-routes.js';

export default crudRoutes({
  path: '/measures',
  tag: 'measures',
  entity: MeasureSchema,
  create: CreateMeasureSchema,
  update: UpdateMeasureSchema,
  fixed: ['month_id'],
  filter: MonthFilterSchema,
  paging: pagedWithoutMonth(),
  sealedKind: 'measure',
  repository: (repos) => repos.measures,
});
