import { startAppServer } from './app-only/server.ts';
import { ConfigError, readConfig, type ServerConfig } from './config.ts';
import { createLogger } from './log.ts';
import { startServer } from './server.ts';

let config: ServerConfig;
try {
  config = readConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  // One line naming every wrong variable, in the log's own shape; no stack, since no code is at fault.
  createLogger({ level: 'fatal' }).fatal({ problems: error.problems }, "vendo: the server's settings are wrong");
  process.exit(1);
}
const log = createLogger({ level: config.logLevel });
const running = await (config.role === 'app'
  ? startAppServer(config, log)
  : startServer(config, { logger: log })
).catch((error: unknown) => {
  // A refusal (a schema this release does not know, pending migrations) names its cause: one line, then out.
  log.fatal({ err: error }, 'vendo: the server did not start');
  process.exit(1);
});
if (config.role === 'app') {
  log.info({ url: running.url }, `vendo: serving the app in front of ${config.providerUrl} on ${running.url}`);
} else {
  log.info({ url: running.url }, `vendo: serving the app and the reference API on ${running.url}`);
  // The database URL may carry a password: the line says only which kind of store holds the data.
  log.info(config.databaseUrl ? 'vendo: data in PostgreSQL (DATABASE_URL)' : `vendo: data in ${config.dataDir}`);
}
if (running.metricsUrl) log.info({ url: running.metricsUrl }, `vendo: metrics on ${running.metricsUrl}`);
// The start line goes out now: whatever waits for it (a supervisor, a test) need not wait for the next batch.
log.flush();

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    log.info(
      { signal },
      `vendo: ${signal}: finishing running requests, then stopping (a second ${signal} stops at once)`,
    );
    // Closing the database cleanly spares PGlite a crash recovery on the next start.
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'vendo: shutdown failed');
        process.exit(1);
      },
    );
  });
}
