// Daily measures: a measure's value on a journal's day; ?journal= and ?month= both filter.
import { DailyMeasureSchema } from '../../contract/entities.js';
import {
  CreateDailyMeasureSchema,
  DailyFilterSchema,
  UpdateDailyMeasureSchema,
} from '../../contract/requests.js';
import { crudRoutes } from './crud-routes.js';

export default crudRoutes({
  path: '/dailymeasures',
  tag: 'daily measures',
  entity: DailyMeasureSchema,
  create: CreateDailyMeasureSchema,
  update: UpdateDailyMeasureSchema,
  filter: DailyFilterSchema,
  repository: (repos) => repos.dailyMeasures,
});
