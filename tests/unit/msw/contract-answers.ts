// Every successful JSON answer of the MSW fakes is checked against the contract's TypeBox schema that
// the server's route declares for it (server/routes/*), so a fake cannot drift from the real API:
// a test whose fake answers another shape fails with the endpoint and the mismatch (setupMswServer).
import { type TSchema, Type, TypeRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { AccountKeysSchema } from '../../../contract/account-keys';
import {
  AccessTokenSchema,
  CheckoutSessionSchema,
  DailyHabitSchema,
  DailyMeasureSchema,
  GoalSchema,
  HabitSchema,
  JournalSchema,
  LaunchOfferSchema,
  MeasureSchema,
  MonthSchema,
  PaymentStatusSchema,
  PortalSessionSchema,
  TokenPairSchema,
  UserSchema,
} from '../../../contract/entities';
import { ExportFileSchema, ImportReportSchema, ImportUndoSchema } from '../../../contract/export';
import {
  AccountEmailSchema,
  ConfirmedEmailSchema,
  ResetLinkStatusSchema,
} from '../../../contract/recovery';
import {
  PushSubscriptionCreatedSchema,
  ReminderSettingsSchema,
  UnsubscribedSchema,
} from '../../../contract/reminders';
import { JournalListItemSchema } from '../../../contract/search';
import { MonthStatsSchema, MonthSummarySchema } from '../../../contract/stats';
import { TrashItemSchema } from '../../../contract/trash';
import { YearViewSchema } from '../../../contract/year';

const Detail = Type.Object({ detail: Type.String() });

/**
 * The contract's few `Type.Unsafe` schemas are OpenAPI's nullable scalars (`{ type, nullable }`),
 * which the server's Ajv checks and TypeBox's Value does not know: checked here the same way.
 */
const SCALAR: Record<string, (value: unknown) => boolean> = {
  integer: Number.isInteger,
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  string: (value) => typeof value === 'string',
  boolean: (value) => typeof value === 'boolean',
};
if (!TypeRegistry.Has('Unsafe')) {
  TypeRegistry.Set<{ type?: string; nullable?: boolean; minimum?: number }>(
    'Unsafe',
    (schema, value) => {
      if (value === null) return schema.nullable === true;
      const isType = schema.type === undefined ? undefined : SCALAR[schema.type];
      if (isType === undefined) return false;
      return isType(value) && (schema.minimum === undefined || (value as number) >= schema.minimum);
    },
  );
}

/** The CRUD resources (server/routes/crud-routes.ts): list, create, detail, update. */
const CRUD: [path: string, entity: TSchema, list?: TSchema][] = [
  ['months', MonthSchema],
  ['journals', JournalSchema, Type.Array(JournalListItemSchema)],
  ['goals', GoalSchema],
  ['habits', HabitSchema],
  ['measures', MeasureSchema],
  ['dailyhabits', DailyHabitSchema],
  ['dailymeasures', DailyMeasureSchema],
];

/** `METHOD path` (as the server routes it, `:param` for a segment) → status → the answer's schema. */
export const CONTRACT_ANSWERS: Record<string, Record<number, TSchema>> = {
  'POST /api/user/register/': { 201: UserSchema },
  'POST /api/token/': { 200: TokenPairSchema },
  'POST /api/token/refresh/': { 200: AccessTokenSchema },
  'POST /api/token/blacklist/': { 200: Type.Object({}) },
  'POST /api/account/password/': { 200: TokenPairSchema },
  'GET /api/account/keys/': { 200: AccountKeysSchema },
  'PUT /api/account/keys/': { 201: AccountKeysSchema },
  'PUT /api/account/keys/password/': { 200: AccountKeysSchema },
  'PUT /api/account/keys/recovery-key/': { 200: AccountKeysSchema },
  'GET /api/account/email/': { 200: AccountEmailSchema },
  'POST /api/account/email/': { 202: AccountEmailSchema },
  'POST /api/account/email/confirm/': { 200: ConfirmedEmailSchema },
  'POST /api/password-reset/': { 202: Detail },
  'POST /api/password-reset/check/': { 200: ResetLinkStatusSchema },
  'POST /api/password-reset/confirm/': { 200: Detail },
  'GET /api/account/reminders/': { 200: ReminderSettingsSchema },
  'PUT /api/account/reminders/': { 200: ReminderSettingsSchema },
  'POST /api/account/push-subscriptions/': { 201: PushSubscriptionCreatedSchema },
  'POST /api/mail/unsubscribe/': { 200: UnsubscribedSchema },
  'GET /api/check-payment-status': { 200: PaymentStatusSchema },
  'POST /api/stripe/create-checkout-session': { 200: CheckoutSessionSchema },
  'POST /api/create-customer-portal-session/': { 200: PortalSessionSchema },
  'GET /api/billing/launch-offer': { 200: LaunchOfferSchema },
  'GET /api/export/': { 200: ExportFileSchema },
  'POST /api/import/': { 200: ImportReportSchema, 201: ImportReportSchema },
  'POST /api/import/:id/undo/': { 200: ImportUndoSchema },
  'POST /api/import/:id/restore/': { 200: ImportUndoSchema },
  'GET /api/months/summaries/': { 200: Type.Array(MonthSummarySchema) },
  'GET /api/months/:id/stats/': { 200: MonthStatsSchema },
  'GET /api/years/:year/': { 200: YearViewSchema },
  'GET /api/trash/': { 200: Type.Array(TrashItemSchema) },
  'POST /api/months/:id/restore/': { 200: MonthSchema },
  'POST /api/journals/:id/restore/': { 200: JournalSchema },
  'POST /api/goals/:id/restore/': { 200: GoalSchema },
  ...Object.fromEntries(
    CRUD.flatMap(([path, entity, list]) => [
      [`GET /api/${path}/`, { 200: list ?? Type.Array(entity) }],
      [`POST /api/${path}/`, { 201: entity }],
      [`GET /api/${path}/:id/`, { 200: entity }],
      [`PATCH /api/${path}/:id/`, { 200: entity }],
    ]),
  ),
};

const ROUTES = Object.entries(CONTRACT_ANSWERS).map(([route, schemas]) => {
  const [method = '', path = ''] = route.split(' ');
  // Literal segments win over `:param` ones (`/months/summaries/` is not a month id).
  const params = (path.match(/:\w+/g) ?? []).length;
  const pattern = new RegExp(`^${path.replace(/[.]/g, '\\.').replace(/:\w+/g, '[^/]+')}$`);
  return { method, pattern, params, schemas };
});
ROUTES.sort((a, b) => a.params - b.params);

/**
 * What is wrong with a fake's answer, or null when it matches the contract. Answers without a JSON
 * body (204, CSV) and refusals (4xx, 5xx, which tests make up to exercise failures) are not checked;
 * a successful JSON answer of an endpoint missing above is itself a mismatch.
 */
export async function contractMismatch(
  request: Request,
  response: Response,
): Promise<string | null> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status < 200 || response.status > 299 || !type.includes('json')) return null;
  const { pathname } = new URL(request.url);
  const endpoint = `${request.method} ${pathname}`;
  const route = ROUTES.find(
    (candidate) => candidate.method === request.method && candidate.pattern.test(pathname),
  );
  const schema = route?.schemas[response.status];
  if (!schema) {
    return `the fake answers ${endpoint} with ${response.status}, for which the contract names no schema (tests/unit/msw/contract-answers.ts)`;
  }
  const body: unknown = await response.clone().json();
  const errors = [...Value.Errors(schema, body)].slice(0, 5);
  if (errors.length === 0) return null;
  const details = errors.map((error) => `${error.path || '(root)'}: ${error.message}`).join('; ');
  return `the fake's ${response.status} answer to ${endpoint} does not match the contract: ${details}`;
}
