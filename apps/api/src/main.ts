import { readConfig } from './config.ts';
import { startServer } from './server.ts';

const config = readConfig();
const running = await startServer(config);
console.log(`vendo: serving the app and the reference API on ${running.url}`);
console.log(config.databaseUrl ? 'vendo: data in PostgreSQL (DATABASE_URL)' : `vendo: data in ${config.dataDir}`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    console.log(`vendo: ${signal}: finishing running requests, then stopping (a second ${signal} stops at once)`);
    // Closing the database cleanly spares PGlite a crash recovery on the next start.
    running.close().then(
      () => process.exit(0),
      (error) => {
        console.error('vendo: shutdown failed', error);
        process.exit(1);
      },
    );
  });
}
