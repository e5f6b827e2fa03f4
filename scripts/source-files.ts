import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const repo = resolve(import.meta.dirname, '..');

/** Every package's and app's sources, and the benches (the API's build deals too). */
const roots = ['packages', 'apps']
  .flatMap((group) =>
    readdirSync(join(repo, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => ['src', 'bench'].map((folder) => join(group, entry.name, folder))),
  )
  .filter((dir) => existsSync(join(repo, dir)));
const skipped = new Set(['node_modules', 'dist']);

function filesUnder(dir: string): string[] {
  return readdirSync(join(repo, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : filesUnder(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The TypeScript sources of every package and app, as paths from the repository's root. */
export const sourceFiles = (): string[] => roots.flatMap(filesUnder);

/** Each line of these files that `pattern` finds, as `path:line: text`. */
export function linesMatching(paths: readonly string[], pattern: RegExp): string[] {
  return paths.flatMap((path) =>
    readFileSync(join(repo, path), 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : [])),
  );
}
