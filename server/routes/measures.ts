// Measures: the number a month records each day.
import { MeasureSchema } from '../../contract/entities.js';
import {
  CreateNamedSchema,
  MonthFilterSchema,
  UpdateNamedSchema,
} from '../../contract/requests.js';
import { crudRoutes, pagedWithoutMonth } from './crud-routes.js';

export default crudRoutes({
  path: '/measures',
  tag: 'measures',
  entity: MeasureSchema,
  create: CreateNamedSchema,
  update: UpdateNamedSchema,
  filter: MonthFilterSchema,
  paging: pagedWithoutMonth(),
  repository: (repos) => repos.measures,
});
