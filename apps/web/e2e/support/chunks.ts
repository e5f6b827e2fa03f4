import { readFileSync } from 'node:fs';

/**
 * The address of the chunk the build made of one source file, read from Vite's manifest: chunks are named
 * by their hash alone (vite.config.ts), so a journey that holds or fails one screen's code asks for it here.
 */
export function chunkOf(source: string): RegExp {
  const manifest = JSON.parse(
    readFileSync(new URL('../../dist/.vite/manifest.json', import.meta.url), 'utf8'),
  ) as Record<string, { file: string }>;
  const file = manifest[source]?.file;
  if (!file) throw new Error(`the build made no chunk of ${source}: run the build first`);
  return new RegExp(`/${file.replaceAll('.', '\\.')}$`);
}
