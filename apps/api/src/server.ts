import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { WebSocketServer } from 'ws';
import { createApp } from './app.ts';
import type { ServerConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import type { Deps } from './deps.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { createCache } from './services/cache.ts';
import { type Clock, systemClock } from './services/clock.ts';
import { emulatedCardProvider } from './sim/card-provider.ts';
import { createKeypadHub } from './sim/keypad.ts';
import { createMachineRunner } from './sim/machine-runner.ts';
import { outboxSmsSender } from './sim/sms.ts';

export interface RunningServer {
  readonly url: string;
  readonly deps: Deps;
  close(): Promise<void>;
}

/** Opens the database, loads the demo world on first start, and serves app and API on one port. */
export async function startServer(
  config: ServerConfig,
  overrides: { clock?: Clock; log?: (line: string) => void } = {},
): Promise<RunningServer> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await seedIfEmpty(db);
  const clock = overrides.clock ?? systemClock;
  const cardProvider = emulatedCardProvider(db);
  const machines = createMachineRunner(db, clock, cardProvider);
  const deps: Deps = {
    db,
    clock,
    sms: outboxSmsSender(db, overrides.log),
    cardProvider,
    machines,
    keypads: createKeypadHub(),
    sessions: createCache({ capacity: 50_000, ttlMs: 30_000 }),
    dealViews: createCache({ capacity: 50_000 }),
    devControl: config.devControl,
    sendsPerIp: config.sendsPerIp,
  };
  await machines.resume();
  const app = createApp(deps, {
    webRoot: config.webRoot,
    provider: config.provider,
    securityHosts: config.securityHosts,
  });
  const wss = new WebSocketServer({ noServer: true });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve(
      { fetch: app.fetch, port: config.port, hostname: config.host, websocket: { server: wss } },
      () => resolve(started),
    );
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
  return {
    url: `http://${host}:${port}`,
    deps,
    async close() {
      machines.stop();
      deps.keypads.closeAll();
      wss.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
    },
  };
}
