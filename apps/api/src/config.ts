import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LogLevel, logLevelOf } from './log.ts';

/**
 * Who may use the dev control (SMS outbox, machine scripts, signed-in test members, reset):
 * nobody, clients on this machine only, or anyone who reaches the server.
 */
export type DevControl = 'off' | 'loopback' | 'on';

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Folder of the built web app (apps/web/dist). */
  readonly webRoot: string;
  /** Embedded PGlite lives here when DATABASE_URL is unset. */
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly devControl: DevControl;
  /** The address members reach the app at: every URL the server hands out starts with it. Unset: the listening address. */
  readonly publicOrigin: string | undefined;
  /** Proxies whose X-Forwarded-For is believed (proxy-addr's trust list: addresses, CIDRs, `loopback`…). */
  readonly trustProxy: readonly string[];
  /** Multiplies every per-address limit: for a test run where every client shares one address. */
  readonly addressLimitsScale: number;
  readonly provider: { readonly merchantId: string; readonly publicKey: string };
  /** Outside hosts the Content-Security-Policy allows, by directive (the card provider's script, API, 3-D Secure page). */
  readonly securityHosts: {
    readonly scripts: readonly string[];
    readonly connect: readonly string[];
    readonly frames: readonly string[];
  };
  /** The least severe lines written (LOG_LEVEL; `info` when unset, the tests' servers `silent`). */
  readonly logLevel: LogLevel;
  /** How the server stops on SIGTERM/SIGINT (RunningServer.close). */
  readonly shutdown: {
    /**
     * How long /readyz answers 503 while everything else is still served, before the server stops
     * accepting connections: long enough for a load balancer's health checks to take it out.
     */
    readonly delayMs: number;
    /** How long requests already running may take to finish before their connections are cut. */
    readonly graceMs: number;
  };
}

/** A comma-separated list from the environment: `a.example, b.example` → ['a.example', 'b.example']. */
const listOf = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((host) => host.trim())
    .filter((host) => host !== '');

function positiveInt(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a whole number above 0, not ${text}`);
  return value;
}

function milliseconds(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number of milliseconds, not ${text}`);
  return value;
}

function devControlOf(env: NodeJS.ProcessEnv, production: boolean): DevControl {
  const value = env.VENDO_DEV_CONTROL;
  if (value === undefined || value === '') return production ? 'off' : 'loopback';
  if (value === 'off' || value === 'loopback' || value === 'on') return value;
  throw new Error(`VENDO_DEV_CONTROL must be off, loopback or on, not ${value}`);
}

function originOf(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  const url = URL.parse(value);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== value.replace(/\/$/, '')) {
    throw new Error(`VENDO_PUBLIC_ORIGIN must be an origin such as https://vendo.example, not ${value}`);
  }
  return url.origin;
}

/**
 * The server's settings from the environment. Refuses what would be unsafe: this reference API
 * has only emulated providers (SMS outbox, card provider, machines) and loads a demo world, so in
 * production it runs only when told it is a demo (VENDO_DEMO=1).
 */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not ${env.PORT}`);
  const production = env.NODE_ENV === 'production';
  if (production && env.VENDO_DEMO !== '1') {
    throw new Error(
      'NODE_ENV=production: this server has only emulated SMS, card and machine providers and a demo world; ' +
        'set VENDO_DEMO=1 to run it as a demo',
    );
  }
  return {
    port,
    // Loopback unless told otherwise: a developer's server is not reachable from the network by accident.
    host: env.HOST || '127.0.0.1',
    webRoot: env.VENDO_WEB_ROOT ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
    // Relative to where the command was typed (pnpm passes it as INIT_CWD), not to apps/api.
    dataDir: resolve(env.INIT_CWD ?? process.cwd(), env.VENDO_DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    devControl: devControlOf(env, production),
    publicOrigin: originOf(env.VENDO_PUBLIC_ORIGIN),
    trustProxy: listOf(env.VENDO_TRUST_PROXY),
    addressLimitsScale: positiveInt('VENDO_ADDRESS_LIMITS_SCALE', env.VENDO_ADDRESS_LIMITS_SCALE, 1),
    provider: {
      merchantId: env.VENDO_PROVIDER_MERCHANT_ID ?? 'mvendosandbox',
      publicKey: env.VENDO_PROVIDER_PUBLIC_KEY ?? 'pk_vendo_sandbox',
    },
    securityHosts: {
      scripts: listOf(env.VENDO_CSP_SCRIPT_HOSTS),
      connect: listOf(env.VENDO_CSP_CONNECT_HOSTS),
      frames: listOf(env.VENDO_CSP_FRAME_HOSTS),
    },
    logLevel: logLevelOf(env.LOG_LEVEL),
    shutdown: {
      // No wait by default: without a load balancer in front, nothing needs to see /readyz turn.
      delayMs: milliseconds('VENDO_SHUTDOWN_DELAY_MS', env.VENDO_SHUTDOWN_DELAY_MS, 0),
      graceMs: milliseconds('VENDO_SHUTDOWN_GRACE_MS', env.VENDO_SHUTDOWN_GRACE_MS, 10_000),
    },
  };
}
