// Entry point: reads the config, migrates, serves, and shuts down cleanly on SIGTERM/SIGINT.
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';

/** Kubernetes and most load balancers wait 30 s after SIGTERM before killing. */
const SHUTDOWN_DEADLINE_MS = 25_000;

async function main(): Promise<void> {
  // A started server is a production one (config.production), unless the environment says
  // otherwise (the tests' servers run with NODE_ENV=test).
  process.env.NODE_ENV ??= 'production';
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(78);
    }
    throw error;
  }
  const database = openDatabase(config.database, (error) =>
    console.error(`database pool error: ${error.message}`),
  );
  await migrate(database);
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A request that never ends must not keep a stopping server alive past the orchestrator's patience.
    setTimeout(() => {
      app.log.error('shutdown took too long: exiting with requests still open');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
