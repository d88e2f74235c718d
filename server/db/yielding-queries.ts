// A Kysely plugin that lets the event loop run during a long run of statements (an import, a month moved to the bin).
import type {
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/** Longest stretch of statements run without letting the event loop go on. */
const YIELD_EVERY_MS = 10;

/**
 * Lets the event loop run between statements, once at least YIELD_EVERY_MS have passed since it
 * last did. better-sqlite3 runs statements synchronously and Kysely awaits only settled promises
 * between them, so a long transaction of many statements (an import: one per thousand rows)
 * would otherwise hold the event loop from its first statement to its commit. Not after every
 * statement: other requests' writes wait for the transaction (it holds the writer connection;
 * reads have their own, db/database.ts), so each pause lengthens their wait. Measured on a 120-month file (bench/event-loop.ts): every 10 ms
 * holds the loop at most 60-85 ms (building a kind's rows between two statements is one
 * stretch), every 40 ms up to 220 ms, and the transaction is no shorter.
 */
export function yieldingQueries<DB>(db: Kysely<DB>): Kysely<DB> {
  let ranSince = performance.now();
  const plugin: KyselyPlugin = {
    transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => args.node,
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (performance.now() - ranSince >= YIELD_EVERY_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        ranSince = performance.now();
      }
      return args.result;
    },
  };
  return db.withPlugin(plugin);
}

/**
 * The same for a long loop of plain work between statements (working out an import's months):
 * call the function it returns once per step; it lets the event loop run once YIELD_EVERY_MS have
 * passed since it last did.
 */
export function eventLoopTurns(): () => Promise<void> {
  let ranSince = performance.now();
  return async () => {
    if (performance.now() - ranSince < YIELD_EVERY_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    ranSince = performance.now();
  };
}
