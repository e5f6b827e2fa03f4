// Browsers come from Debian's packages, never downloaded. Installs the missing ones when we are root;
// otherwise says what to install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** A file a package installs, and the package. */
export interface Needed {
  readonly path: string;
  readonly pkg: string;
}

export function ensureDebianPackages(what: string, needed: readonly Needed[], hint = ''): boolean {
  const missing = needed.filter(({ path }) => !existsSync(path));
  if (missing.length === 0) return true;
  const packages = [...new Set(missing.map(({ pkg }) => pkg))];
  if (process.getuid?.() !== 0) {
    console.error(
      `${what}: missing ${missing.map(({ path }) => path).join(', ')}. Install with:\n  sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}${hint}`,
    );
    return false;
  }
  console.log(`Installing ${what} (apt-get install ${packages.join(' ')})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...packages],
  ]) {
    const run = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (run.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (exit ${run.status}).`);
      return false;
    }
  }
  return needed.every(({ path }) => existsSync(path));
}
