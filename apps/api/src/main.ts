import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { readConfig } from './config.ts';

const config = readConfig();
const server = serve({ fetch: createApp(config).fetch, port: config.port }, (info) => {
  console.log(`vendo: serving the app and the reference API on http://localhost:${info.port}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)));
}
