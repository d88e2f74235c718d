// Journals: a month's daily entries, listed with ?month= (or searched with ?search=) and edited through their detail routes.
import { Type } from '@sinclair/typebox';
import { JournalSchema } from '../../contract/entities.js';
import { PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from '../../contract/quotas.js';
import { CreateJournalSchema, UpdateJournalSchema } from '../../contract/requests.js';
import {
  JournalListItemSchema,
  JournalListQuerySchema,
  SEARCH_RESULTS_LIMIT,
} from '../../contract/search.js';
import { crudRoutes, PAGED_WITHOUT_FILTER } from './crud-routes.js';

export default crudRoutes({
  path: '/journals',
  tag: 'journals',
  entity: JournalSchema,
  create: CreateJournalSchema,
  update: UpdateJournalSchema,
  fixed: ['month_id'],
  filter: JournalListQuerySchema,
  // Without ?search= the items are plain Journals, exactly as the API contract gives them.
  listResponse: Type.Array(JournalListItemSchema),
  // A search is always paged (its first page is the newest 50 hits).
  paging: {
    paged: (query) => query.search !== undefined || query.month === undefined,
    key: 'date-id',
    keyOf: (journal) => [journal.created_at, journal.id],
    defaultLimit: (query) =>
      query.search === undefined ? PAGE_LIMIT_DEFAULT : SEARCH_RESULTS_LIMIT,
    description:
      `${PAGED_WITHOUT_FILTER('`?month=`')} A search (\`?search=\`) is paginated with or without ` +
      `\`?month=\`, newest first, ${SEARCH_RESULTS_LIMIT} hits a page unless \`limit\` says ` +
      `otherwise (at most ${PAGE_LIMIT_MAX}).`,
  },
  trashKind: 'journal',
  sealedKind: 'entry',
  repository: (repos) => repos.journals,
});
