// Idempotent creates: a POST with an `Idempotency-Key` header answers the first result again instead of adding a row.
// Written here rather than taken from a package: the answers must live in the app's own database
// (several app servers, SQLite or PostgreSQL) and be scoped per signed-in user.
import type {
  FastifyInstance,
  onSendHookHandler,
  preValidationHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { requestHasher } from '../request-hash.js';
import { UploadedFile } from '../uploads.js';

/** How long an answer is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A claim this old without an answer belongs to a request that died (a crash): it is taken over. */
const STALE_CLAIM_MS = 60_000;
/** How long a request waits for the first one with its key to finish before answering 409. */
const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 50;
/** Purging old answers runs at most this often per server, on the back of a create. */
const PURGE_EVERY_MS = 10 * 60 * 1000;
const MAX_KEY_LENGTH = 255;

export const IDEMPOTENCY_MESSAGES = {
  badKey: `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} visible characters.`,
  otherBody:
    'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  inProgress: 'A request with this Idempotency-Key is still in progress. Try again shortly.',
} as const;

interface Claim {
  userId: number;
  key: string;
  createdAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request holds an Idempotency-Key claim, until its answer is stored. */
    idempotencyClaim: Claim | null;
  }
}

/**
 * JSON with object keys sorted, so `{a, b}` and `{b, a}` are the same body. Walked with an explicit
 * stack rather than by recursion (and not by JSON.stringify, which recurses too): a body nested a
 * hundred thousand levels deep would overflow the call stack. The work is linear in the body's
 * size, plus sorting each object's keys.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  // Each entry is a value still to write, or text (a comma, a key, a closing bracket) to write as is.
  const pending: Array<{ text: string } | { value: unknown }> = [{ value }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if ('text' in next) {
      out.push(next.text);
      continue;
    }
    const item = next.value;
    if (Array.isArray(item)) {
      pending.push({ text: ']' });
      for (let i = item.length - 1; i >= 0; i -= 1) {
        pending.push({ value: item[i] });
        if (i > 0) pending.push({ text: ',' });
      }
      out.push('[');
    } else if (item !== null && typeof item === 'object') {
      const entries = Object.entries(item as Record<string, unknown>)
        .filter(([, field]) => field !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      pending.push({ text: '}' });
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, field] = entries[i]!;
        pending.push({ value: field });
        pending.push({ text: `${i > 0 ? ',' : ''}${JSON.stringify(key)}:` });
      }
      out.push('{');
    } else {
      out.push(JSON.stringify(item) ?? 'null');
    }
  }
  return out.join('');
}

/**
 * The request's fingerprint. A body still in bytes (the import's, parsed later on a worker) or
 * text is hashed as sent, in one pass: walking a Buffer as an object visits, sorts and quotes each
 * byte, which took seconds and a gigabyte of memory for a 5 MB file. A body written to a file as
 * it arrived (an import's, uploads.ts) was hashed the same way on its way there, so a file of
 * gigabytes is never read back for this. Only a parsed JSON body is put in canonical form first.
 */
export function requestHash(method: string, url: string, body: unknown): string {
  if (body instanceof UploadedFile) return body.requestHash;
  const hash = requestHasher(method, url);
  if (Buffer.isBuffer(body) || typeof body === 'string') return hash.update(body).digest('hex');
  return hash.update(canonicalJson(body)).digest('hex');
}

/** A create: a POST whose success is documented as 201 (the resources, the import; not log-in or billing). */
function isCreateRoute(route: RouteOptions): boolean {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const responses = (route.schema?.response ?? {}) as Record<string, unknown>;
  return methods.includes('POST') && '201' in responses;
}

function asArray<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default fp(
  async function idempotency(app: FastifyInstance) {
    const db = () => app.database.db;
    app.decorateRequest('idempotencyClaim', null);
    let lastPurge = 0;

    /** Drops answers past their day; never holds up the request that triggered it. */
    const purgeOld = (now: number) => {
      if (now - lastPurge < PURGE_EVERY_MS) return;
      lastPurge = now;
      db()
        .deleteFrom('idempotency_keys')
        .where('created_at', '<', now - IDEMPOTENCY_TTL_MS)
        .execute()
        .catch((error: unknown) => app.log.warn({ err: error }, 'idempotency purge failed'));
    };

    const claim = async (userId: number, key: string, hash: string, now: number) => {
      const result = await db()
        .insertInto('idempotency_keys')
        .values({ user_id: userId, key, request_hash: hash, created_at: now })
        .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    };

    const find = (userId: number, key: string) =>
      db()
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .executeTakeFirst();

    /** Deletes exactly the row that was read, so two requests cannot both drop a newer claim. */
    const release = (userId: number, key: string, createdAt: number) =>
      db()
        .deleteFrom('idempotency_keys')
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('created_at', '=', createdAt)
        .execute();

    const preValidation =
      (url: string): preValidationHookHandler =>
      async (request, reply) => {
        const header = request.headers['idempotency-key'];
        // Anonymous creates (registration) have no user to scope a key to: they run as usual.
        if (header === undefined || !request.user) return;
        const key = Array.isArray(header) ? undefined : header.trim();
        if (!key || key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
          return reply.code(400).send({ detail: IDEMPOTENCY_MESSAGES.badKey });
        }
        const userId = request.user.id;
        const hash = requestHash(request.method, url, request.body);
        const started = Date.now();
        purgeOld(started);
        for (;;) {
          const now = Date.now();
          if (await claim(userId, key, hash, now)) {
            request.idempotencyClaim = { userId, key, createdAt: now };
            return;
          }
          const row = await find(userId, key);
          if (!row) continue; // released in between: claim again
          const age = now - row.created_at;
          if (age >= IDEMPOTENCY_TTL_MS || (row.status_code === null && age >= STALE_CLAIM_MS)) {
            await release(userId, key, row.created_at);
            continue;
          }
          if (row.request_hash !== hash) {
            return reply.code(422).send({ detail: IDEMPOTENCY_MESSAGES.otherBody });
          }
          if (row.status_code !== null) {
            return reply
              .code(row.status_code)
              .header('content-type', 'application/json; charset=utf-8')
              .header('idempotent-replayed', 'true')
              .send(row.response_body ?? '');
          }
          if (now - started >= WAIT_FOR_FIRST_MS) {
            return reply
              .code(409)
              .header('retry-after', '1')
              .send({ detail: IDEMPOTENCY_MESSAGES.inProgress });
          }
          await sleep(POLL_MS);
        }
      };

    /** Stores a success for replay; anything else frees the key, since it created nothing. */
    const onSend: onSendHookHandler = async (request, reply, payload) => {
      const held = request.idempotencyClaim;
      if (!held) return payload;
      request.idempotencyClaim = null;
      const { userId, key, createdAt } = held;
      const body =
        typeof payload === 'string'
          ? payload
          : Buffer.isBuffer(payload)
            ? payload.toString()
            : null;
      const succeeded = reply.statusCode >= 200 && reply.statusCode < 300;
      if (succeeded && body !== null) {
        await db()
          .updateTable('idempotency_keys')
          .set({ status_code: reply.statusCode, response_body: body })
          .where('user_id', '=', userId)
          .where('key', '=', key)
          .where('created_at', '=', createdAt)
          .execute();
      } else {
        await release(userId, key, createdAt);
      }
      return payload;
    };

    app.addHook('onRoute', (route) => {
      if (!isCreateRoute(route)) return;
      // First of the route's own hooks: the body is hashed as the client sent it, before clean-up.
      route.preValidation = [preValidation(route.url), ...asArray(route.preValidation)];
      route.onSend = [...asArray(route.onSend), onSend];
    });
  },
  { name: 'idempotency', dependencies: ['database'] },
);
