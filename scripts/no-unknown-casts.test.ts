import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '..');
const roots = ['packages', 'apps'].flatMap((group) =>
  readdirSync(join(repo, group), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(group, entry.name, 'src'))
    .filter((dir) => existsSync(join(repo, dir))),
);
const skipped = new Set(['node_modules', 'dist']);

/** Tests and their helpers may fake a value a type cannot describe; shipped code may not. */
const isTestFile = (path: string) => /\.test\.tsx?$|\.test-d\.ts$/.test(path) || /(^|\/)(e2e|testing)\//.test(path);

/** Every .ts/.tsx file under a folder, as a path from the repository root. */
function sourceFiles(dir: string): string[] {
  return readdirSync(join(repo, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('no `as unknown as` outside tests', () => {
  it('tells test files from shipped ones', () => {
    expect(
      [
        'packages/core/src/flows/buy/buy.machine.test.ts',
        'packages/ui/src/button.test.tsx',
        'packages/core/src/api/client.test-d.ts',
        'apps/api/src/testing/server.ts',
        'apps/web/src/e2e/pages/top-up.ts',
        'packages/core/src/flows/buy/buy.machine.ts',
        'apps/web/src/latest.ts',
      ].map(isTestFile),
    ).toEqual([true, true, true, true, true, false, false]);
  });

  it('no shipped file casts through unknown: the compiler checks what flows and the client are handed', () => {
    const offenders = roots
      .flatMap(sourceFiles)
      .filter((path) => !isTestFile(path))
      .filter((path) => readFileSync(join(repo, path), 'utf8').includes('as unknown as'));
    expect(offenders).toEqual([]);
  });
});
