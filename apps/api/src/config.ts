import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { otpRules } from './services/otp.ts';

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Folder of the built web app (apps/web/dist). */
  readonly webRoot: string;
  /** Embedded PGlite lives here when DATABASE_URL is unset. */
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly devControl: boolean;
  /** Sign-in codes one address may ask for per 10 minutes (end-to-end runs share one address). */
  readonly sendsPerIp: number;
  readonly provider: { readonly merchantId: string; readonly publicKey: string };
  /** Outside hosts the Content-Security-Policy allows, by directive (the card provider's script, API, 3-D Secure page). */
  readonly securityHosts: {
    readonly scripts: readonly string[];
    readonly connect: readonly string[];
    readonly frames: readonly string[];
  };
}

/** A comma-separated list from the environment: `a.example, b.example` → ['a.example', 'b.example']. */
const hostList = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((host) => host.trim())
    .filter((host) => host !== '');

function positiveInt(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    webRoot: env.VENDO_WEB_ROOT ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
    // Relative to where the command was typed (pnpm passes it as INIT_CWD), not to apps/api.
    dataDir: resolve(env.INIT_CWD ?? process.cwd(), env.VENDO_DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    devControl: env.NODE_ENV !== 'production',
    sendsPerIp: positiveInt(env.VENDO_OTP_SENDS_PER_IP, otpRules.sendsPerIp),
    provider: {
      merchantId: env.VENDO_PROVIDER_MERCHANT_ID ?? 'mvendosandbox',
      publicKey: env.VENDO_PROVIDER_PUBLIC_KEY ?? 'pk_vendo_sandbox',
    },
    securityHosts: {
      scripts: hostList(env.VENDO_CSP_SCRIPT_HOSTS),
      connect: hostList(env.VENDO_CSP_CONNECT_HOSTS),
      frames: hostList(env.VENDO_CSP_FRAME_HOSTS),
    },
  };
}
