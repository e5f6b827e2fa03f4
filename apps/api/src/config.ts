import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Folder of the built web app (apps/web/dist). */
  readonly webRoot: string;
  /** Embedded PGlite lives here when DATABASE_URL is unset. */
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly devControl: boolean;
  readonly provider: { readonly merchantId: string; readonly publicKey: string };
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
    provider: {
      merchantId: env.VENDO_PROVIDER_MERCHANT_ID ?? 'mvendosandbox',
      publicKey: env.VENDO_PROVIDER_PUBLIC_KEY ?? 'pk_vendo_sandbox',
    },
  };
}
