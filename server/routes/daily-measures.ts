// Daily measures: a measure's value on a journal's day; ?journal= and ?month= both filter.
import { DailyMeasureSchema } from '../../contract/entities.js';
import {
  CreateDailyMeasureSchema,
  DailyFilterSchema,
  UpdateDailyMeasureSchema,
} from '../../contract/requests.js';
import { crudRoutes, PAGED_WITHOUT_FILTER } from './crud-routes.js';

export default crudRoutes({
  path: '/dailymeasures',
  tag: 'daily measures',
  entity: DailyMeasureSchema,
  create: CreateDailyMeasureSchema,
  update: UpdateDailyMeasureSchema,
  filter: DailyFilterSchema,
  paging: {
    paged: (query) => query.journal === undefined && query.month === undefined,
    key: 'id',
    keyOf: (item) => [item.id],
    description: PAGED_WITHOUT_FILTER('`?journal=` or `?month=`'),
  },
  sealedKind: 'value',
  repository: (repos) => repos.dailyMeasures,
});
