// Journals: a month's daily entries, listed with ?month= and edited through their detail routes.
import { JournalSchema } from '../../contract/entities.js';
import {
  CreateJournalSchema,
  MonthFilterSchema,
  UpdateJournalSchema,
} from '../../contract/requests.js';
import { crudRoutes } from './crud-routes.js';

export default crudRoutes({
  path: '/journals',
  tag: 'journals',
  entity: JournalSchema,
  create: CreateJournalSchema,
  update: UpdateJournalSchema,
  filter: MonthFilterSchema,
  repository: (repos) => repos.journals,
});
