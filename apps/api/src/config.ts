import { fileURLToPath } from 'node:url';

export interface ServerConfig {
  readonly port: number;
  /** Folder of the built web app (apps/web/dist). */
  readonly webRoot: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not ${env.PORT}`);
  return {
    port,
    webRoot: env.VENDO_WEB_ROOT ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
  };
}
