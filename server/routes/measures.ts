// Measures: the number a month records each day.
import { MeasureSchema } from '../../contract/entities.js';
import {
  CreateNamedSchema,
  MonthFilterSchema,
  UpdateNamedSchema,
} from '../../contract/requests.js';
import { crudRoutes } from './crud-routes.js';

export default crudRoutes({
  path: '/measures',
  tag: 'measures',
  entity: MeasureSchema,
  create: CreateNamedSchema,
  update: UpdateNamedSchema,
  filter: MonthFilterSchema,
  repository: (repos) => repos.measures,
});
