// Journals: a month's daily entries, listed with ?month= (or searched with ?search=) and edited through their detail routes.
import { Type } from '@sinclair/typebox';
import { JournalSchema } from '../../contract/entities.js';
import { CreateJournalSchema, UpdateJournalSchema } from '../../contract/requests.js';
import { JournalListItemSchema, JournalListQuerySchema } from '../../contract/search.js';
import { crudRoutes } from './crud-routes.js';

export default crudRoutes({
  path: '/journals',
  tag: 'journals',
  entity: JournalSchema,
  create: CreateJournalSchema,
  update: UpdateJournalSchema,
  filter: JournalListQuerySchema,
  // Without ?search= the items are plain Journals, serialized exactly as before.
  listResponse: Type.Array(JournalListItemSchema),
  repository: (repos) => repos.journals,
});
