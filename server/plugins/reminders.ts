// Decorates `app.reminders` (settings, push, unsubscribe tokens, the reminder job) and runs the job: pg-boss on PostgreSQL, a timer on SQLite.
import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import PgBoss from 'pg-boss';
import { createRemindersRepository, type RemindersRepository } from '../repositories/reminders.js';
import { createPushSender, type PushSender } from '../services/push.js';
import { createReminderService, type ReminderService } from '../services/reminders.js';
import { createUnsubscribeTokens, type UnsubscribeTokens } from '../services/unsubscribe-tokens.js';

export interface Reminders {
  repository: RemindersRepository;
  service: ReminderService;
  push: PushSender;
  tokens: UnsubscribeTokens;
  /** Whether this server runs the scheduler (REMINDERS, on by default). */
  readonly scheduling: boolean;
  /**
   * Asks for a tick now instead of at the next minute: a pg-boss job on PostgreSQL (one server
   * takes it), in process on SQLite. Resolves once the job is queued (PostgreSQL) or done (SQLite).
   */
  kick(): Promise<void>;
  /**
   * Emits 'tick' ({ startedAt: performance.now() when it was asked for, result }) after each tick
   * this server ran, so a test can wait for the tick a kick queued instead of sleeping.
   */
  readonly ticks: EventEmitter;
}

declare module 'fastify' {
  interface FastifyInstance {
    reminders: Reminders;
  }
}

/** The pg-boss queue of the reminder tick; its cron schedule adds one job a minute for all servers. */
export const TICK_QUEUE = 'monthbook-reminders-tick';
const TICK_EVERY_MS = 60_000;

export default fp(
  async function reminders(app: FastifyInstance) {
    const { config } = app;
    const log = app.log.child({ module: 'reminders' });
    const repository = createRemindersRepository(app.database.db, app.database.dialect);
    const push = createPushSender(config.vapid, { allowPrivateAddresses: config.pushAllowPrivate });
    const tokens = createUnsubscribeTokens(config.jwtSecret);
    const service = createReminderService({
      repository,
      mailer: app.mailer,
      push,
      tokens,
      // Our own table, as the paywall reads it (never a call to the payment provider).
      isActive: async (userId) =>
        app.billing.mode === 'off' || (await app.billing.repository.hasPaid(userId)),
      log,
    });

    let boss: PgBoss | null = null;
    /** An instance still starting (not yet able to take a kick). */
    let pending: PgBoss | null = null;
    let timer: NodeJS.Timeout | null = null;
    let first: NodeJS.Timeout | null = null;
    let stopping = false;
    const inFlight = new Set<Promise<unknown>>();
    const track = (work: Promise<unknown>) => {
      const run = work
        .catch((error: unknown) => log.error({ err: error }, 'reminder tick failed'))
        .finally(() => inFlight.delete(run));
      inFlight.add(run);
      return run;
    };
    const ticks = new EventEmitter();
    const runTick = async () => {
      const startedAt = performance.now();
      const result = await service.tick();
      ticks.emit('tick', { startedAt, result });
    };
    const tickInProcess = () => {
      if (!stopping) void track(runTick());
    };

    const decoration: Reminders = {
      repository,
      service,
      push,
      tokens,
      scheduling: config.reminders,
      ticks,
      async kick() {
        if (boss) await boss.send(TICK_QUEUE, {});
        else await track(runTick());
      },
    };
    app.decorate('reminders', decoration);
    // Kept-alive connections to push services end with the app (ticks are run by hand in tests).
    app.addHook('onClose', async () => push.close());

    if (!config.reminders) return;

    let wake: (() => void) | null = null;
    /** Waits `ms`, or less when the app closes. */
    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        const timeout = setTimeout(resolve, ms);
        timeout.unref();
        wake = () => {
          clearTimeout(timeout);
          resolve();
        };
      });

    async function startBoss(url: string): Promise<void> {
      // pg-boss keeps its tables in their own schema, next to ours: `pgboss` for the default
      // (public) schema, `<schema>_pgboss` otherwise, so deployments (and test files) sharing
      // one database never take each other's jobs.
      const current = (
        await sql<{ schema: string }>`select current_schema() as schema`.execute(app.database.db)
      ).rows[0]?.schema;
      const schema = !current || current === 'public' ? 'pgboss' : `${current}_pgboss`;
      // The cron schedule is looked at every 5 s (pg-boss: 30 s), so a minute's tick starts
      // within seconds of the minute rather than up to half a minute late.
      const instance = new PgBoss({
        connectionString: url,
        schema,
        max: 2,
        cronMonitorIntervalSeconds: 5,
        cronWorkerIntervalSeconds: 5,
      });
      instance.on('error', (error) => log.error({ err: error }, 'pg-boss error'));
      pending = instance;
      await instance.start();
      // 'stately': at most one tick waiting and one running across every server.
      await instance.createQueue(TICK_QUEUE, {
        name: TICK_QUEUE,
        policy: 'stately',
        retryLimit: 0,
        expireInSeconds: 20 * 60,
      });
      await instance.schedule(TICK_QUEUE, '* * * * *', {}, { tz: 'UTC' });
      await instance.work(TICK_QUEUE, { pollingIntervalSeconds: 2, batchSize: 1 }, async () => {
        // The handler does the sends itself; the sent-log's claims make each one happen once
        // even when ticks overlap (services/reminders.ts). A server dying mid-tick: pg-boss
        // expires its job, the next minute's tick sees what is still due.
        await track(runTick());
      });
      // Only now may kick() send to the queue: pg-boss's send() into a queue not yet created
      // inserts nothing and answers null without an error, so a kick during start-up would be
      // lost. Until then kicks tick in process; the claims keep it once.
      boss = instance;
      pending = null;
      log.info({ schema }, 'reminder scheduler started (pg-boss)');
    }

    /** The app starts (and answers 503 from /api/health) even while PostgreSQL is down. */
    async function startBossUntilUp(url: string): Promise<void> {
      while (!stopping) {
        try {
          await startBoss(url);
          return;
        } catch (error) {
          log.error({ err: error }, 'reminder scheduler could not start; trying again in 30 s');
          const failed = pending as PgBoss | null;
          pending = null;
          await failed?.stop({ graceful: false, wait: true }).catch(() => undefined);
          await pause(30_000);
        }
      }
    }

    let starting: Promise<unknown> | null = null;
    app.addHook('onReady', async () => {
      if (config.database.kind === 'postgres') {
        starting = startBossUntilUp(config.database.url);
      } else {
        first = setTimeout(tickInProcess, 5_000);
        first.unref();
        // Each minute just after it begins, as reminder times are whole minutes: a timer set
        // from start-up sent a minute's reminders up to a minute late.
        const everyMinute = () => {
          timer = setTimeout(
            () => {
              tickInProcess();
              if (!stopping) everyMinute();
            },
            TICK_EVERY_MS - (Date.now() % TICK_EVERY_MS) + 1_000,
          );
          timer.unref();
        };
        everyMinute();
        log.info('reminder scheduler started (in process)');
      }
    });

    // Before the database closes (its onClose hook, registered earlier, runs after this one): no
    // new tick, the running one finishes. Not a preClose hook: Fastify fails a close whose preClose
    // hooks take over 10 s, and pg-boss's graceful stop may take longer on a busy database.
    app.addHook('onClose', async () => {
      stopping = true;
      if (first) clearTimeout(first);
      if (timer) clearTimeout(timer);
      (wake as (() => void) | null)?.();
      await starting;
      if (boss) {
        await boss.stop({ graceful: true, wait: true, timeout: 15_000 });
        boss = null;
      }
      while (inFlight.size > 0) await Promise.all(inFlight);
    });
  },
  { name: 'reminders', dependencies: ['database', 'mailer', 'billing'] },
);
