import { defaultReceiptPrefix, referenceLifetimeHours } from '@vendo/core/contract';
import { WebSocketServer } from 'ws';
import { createApp } from './app.ts';
import type { InvoicingPort } from './cfdi/emulated-pac.ts';
import type { ServerConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { requireKnownSchema } from './db/migrate.ts';
import { openNotifications } from './db/notifications.ts';
import { type Clock, systemClock } from './domain/clock.ts';
import { drain, listen } from './http/listener.ts';
import { loadPageRenderer } from './http/page-renderer.ts';
import { createRateLimits, type RateLimitSettings, textSettings } from './http/rate-limits.ts';
import { demoIssuer } from './invoice-settings.ts';
import { durableScheduler } from './jobs/durable-scheduler.ts';
import { timerScheduler } from './jobs/scheduler.ts';
import { createLogger, type Logger } from './log.ts';
import { mailSenderFor } from './mail/senders.ts';
import { createMetrics } from './metrics/metrics.ts';
import { watchReadings } from './metrics/readings.ts';
import { serveMetricsIfSet } from './metrics/serve.ts';
import type { Deps } from './routes/deps.ts';
import { keypadLimits } from './routes/keypad.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { reconcileCharges } from './services/card-charges.ts';
import { hmac, serverSecret } from './services/crypto.ts';
import { createDealCache } from './services/deal-cache.ts';
import { createKeypadHub } from './services/keypad-hub.ts';
import { emulatedInvoicing, seedSatTaxpayers } from './services/sat-register.ts';
import { createSessionCache } from './services/session-cache.ts';
import { emulatedCardProvider, providerBehaviour } from './sim/card-provider.ts';
import { emulatedKeypadMachines } from './sim/keypad.ts';
import { emulatedSmsSender } from './sim/sms.ts';
import { emulatedVoucherProvider } from './sim/voucher-provider.ts';
import { createWorld } from './world.ts';

export interface RunningServer {
  readonly url: string;
  readonly deps: Deps;
  /** Where GET /metrics answers (its own port, ServerConfig.metrics), or null when it is off. */
  readonly metricsUrl: string | null;
  /**
   * Stops gracefully: /readyz turns 503 at once, everything else is served for
   * `config.shutdown.delayMs` more (a load balancer takes the replica out meanwhile), then no new
   * connection is accepted, requests already running get up to `config.shutdown.graceMs` to finish,
   * and the machines and the database stop last. Calling it again waits for the same stop.
   */
  close(): Promise<void>;
}

/**
 * Opens the database (refusing a schema it does not know; embedded PGlite is migrated here), loads
 * the demo world in demo mode when the database has none, and serves app and API on one port.
 */
export async function startServer(
  config: ServerConfig,
  overrides: {
    clock?: Clock;
    /** Where lines go instead of stdout at config.logLevel (a test keeps them to read). */
    logger?: Logger;
    rateLimits?: Partial<RateLimitSettings>;
    keypadTimings?: Deps['keypadTimings'];
    /** Issue 37 point 3: the PAC, instead of the emulated one (a test's slow or failing one), and its patience. */
    invoicing?: InvoicingPort;
    pacTimeoutMs?: number;
  } = {},
): Promise<RunningServer> {
  const log = overrides.logger ?? createLogger({ level: config.logLevel });
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  try {
    await requireKnownSchema(db, { migrateHere: !config.databaseUrl });
    if (config.demo) await seedIfEmpty(db);
    // The emulated SAT register always knows the engine's test taxpayers (issue 37 point 3).
    await seedSatTaxpayers(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const clock = overrides.clock ?? systemClock;
  const behaviour = providerBehaviour();
  const cardProvider = emulatedCardProvider(db, behaviour);
  const voucherProvider = emulatedVoucherProvider(db, clock);
  // On PostgreSQL every replica works off one job queue; embedded PGlite is one process's own timers.
  const jobs = config.databaseUrl ? durableScheduler(db, clock, config.databaseUrl, log) : timerScheduler(clock, log);
  const metrics = createMetrics();
  // The address members reach the app at: set once the server listens, unless the settings name it.
  let publicOrigin = config.publicOrigin ?? '';
  const mail = mailSenderFor(config, db, log);
  const receiptPrefix = config.receiptPrefix ?? defaultReceiptPrefix;
  const invoiceIssuer = config.invoiceIssuer ?? demoIssuer;
  const world = createWorld(db, clock, cardProvider, voucherProvider, jobs, metrics, {
    mail,
    receiptPrefix,
    publicOrigin: () => publicOrigin,
    issuerName: invoiceIssuer.name,
  });
  let stopping: Promise<void> | null = null;
  // Keypad sessions ended or signed out through another process reach this one's sockets (issue 16 point 1).
  const notifications = await openNotifications(db, config.databaseUrl, log);
  const keypadTimings = overrides.keypadTimings ?? keypadLimits;
  const deps: Deps = {
    db,
    clock,
    sms: emulatedSmsSender(db, { readableOutbox: config.devControl !== 'off', log }),
    mail,
    cardProvider,
    voucherProvider,
    machines: world.machines,
    jobs,
    keypads: await createKeypadHub({
      db,
      machines: emulatedKeypadMachines(db),
      clock,
      notifications,
      log,
      heartbeatSeconds: keypadTimings.heartbeatSeconds,
      leaseSeconds: keypadTimings.heartbeatSeconds * keypadLimits.leaseHeartbeats,
      sessionSeconds: keypadLimits.sessionMinutes * 60,
      sessionsCounted: metrics.keypadSessions,
    }),
    deals: await createDealCache(notifications),
    sessions: await createSessionCache(notifications),
    devControl: config.devControl,
    limits: createRateLimits(db, {
      addressLimitsScale: config.addressLimitsScale,
      settings: { ...textSettings(config.textCaps), ...overrides.rateLimits },
      log,
      refusals: metrics.rateLimitRefusals,
    }),
    codeKey: codeKeyOf(config.codeSecret, db),
    // Issue 37 point 2: the bank's shared key, or where none is set (development, the demo) the database's own.
    speiKey: config.speiSecret === undefined ? () => serverSecret(db, 'spei') : async () => config.speiSecret ?? '',
    receiptPrefix,
    referenceHours: config.referenceHours ?? referenceLifetimeHours,
    storeKey: storeKeyOf(config.storeSecret, db),
    invoicing: overrides.invoicing ?? emulatedInvoicing(db, clock),
    invoiceIssuer,
    ...(overrides.pacTimeoutMs === undefined ? {} : { pacTimeoutMs: overrides.pacTimeoutMs }),
    publicOrigin: () => publicOrigin,
    keypadTimings,
    providerBehaviour: behaviour,
    log,
    metrics,
  };
  await world.start();
  // Card charges a stopped process left between the provider and the ledger are completed first.
  await reconcileCharges(deps);
  // The render reads the provider's API over HTTP like any client: this server's own, once it listens.
  let listeningAt = '';
  const renderPage = await loadPageRenderer({
    setting: config.webRender,
    webRoot: config.webRoot,
    log,
    apiBaseUrl: () => `${listeningAt}/api/`,
  });
  const app = createApp(deps, {
    webRoot: config.webRoot,
    renderPage,
    rendersPerSecond: config.rendersPerSecond,
    addressLimitsScale: config.addressLimitsScale,
    provider: config.provider,
    securityHosts: config.securityHosts,
    trustProxy: config.trustProxy,
    publicOrigin: config.publicOrigin,
    shuttingDown: () => stopping !== null,
  });
  // Keypad messages are a few bytes: anything over 1 KB closes the socket (1009) before it is parsed.
  const wss = new WebSocketServer({ noServer: true, maxPayload: keypadLimits.maxMessageBytes });
  const { server: http1, url } = await listen(app.fetch, config, { websocket: { server: wss } });
  publicOrigin ||= url;
  listeningAt = url;
  // /metrics on a port of its own (issue 33 point 3); what it reads at scrape time is watched only when served.
  const metricsSetting = config.metrics ?? 'off';
  if (metricsSetting !== 'off') watchReadings(metrics, { db, jobs });
  const metricsServer = await serveMetricsIfSet(metrics.registry, metricsSetting, log);
  return {
    url,
    deps,
    metricsUrl: metricsServer?.url ?? null,
    close() {
      stopping ??= (async () => {
        if (config.shutdown.delayMs > 0) await sleep(config.shutdown.delayMs);
        await deps.keypads.stop();
        wss.close();
        await drain(http1, config.shutdown.graceMs, () => {
          for (const socket of wss.clients) socket.terminate();
        });
        await metricsServer?.close();
        // Requests are over: nothing adds a job any more; the jobs running finish before the database closes.
        await world.stop();
        await notifications.close();
        await db.destroy();
      })();
      return stopping;
    },
  };
}

/**
 * A key from the environment is kept apart from the hashes it makes: a copy of the database alone
 * cannot test the 10,000 possible codes against them. The database's own key is made only without one.
 */
function codeKeyOf(secret: string | undefined, db: Deps['db']): Deps['codeKey'] {
  return secret === undefined ? () => serverSecret(db) : async () => secret;
}

/**
 * Without VENDO_STORE_SECRET (development, demo) the store's key is derived from the database's own, never that
 * key itself: the dev control signs notifications with it, and what it signs with says nothing of the code key.
 */
function storeKeyOf(secret: string | undefined, db: Deps['db']): Deps['storeKey'] {
  return secret === undefined
    ? async () => hmac(await serverSecret(db), 'store-payment-notifications')
    : async () => secret;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
