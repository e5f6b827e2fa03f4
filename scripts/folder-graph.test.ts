import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cycles, describe as describeGraph, folderGraph } from './folder-graph.ts';

const repo = resolve(import.meta.dirname, '..');
let sandbox = '';

function tree(files: Record<string, string>): string {
  sandbox = mkdtempSync(join(tmpdir(), 'vendo-folders-'));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(dirname(join(sandbox, file)), { recursive: true });
    writeFileSync(join(sandbox, file), source);
  }
  return sandbox;
}

afterEach(() => {
  if (sandbox) rmSync(sandbox, { recursive: true, force: true });
  sandbox = '';
});

describe('the folder graph drawn from imports', () => {
  it('finds a cycle through two folders, dynamic imports and re-exports included', () => {
    const root = tree({
      'flows/buy.tsx': "import { LoginModal } from '../shell/login-modal.tsx';\n",
      'shell/login-modal.tsx': "export { x } from '../flows/session.tsx';\n",
      'flows/session.tsx': "const later = () => import('./buy.tsx');\n",
    });

    expect(cycles(folderGraph(root))).toEqual([['flows', 'shell']]);
  });

  it('counts each feature as a unit of its own, so two features importing each other is a cycle', () => {
    const root = tree({
      'features/wallet/top-up.tsx': "import { x } from '../purchase/index.ts';\n",
      'features/purchase/index.ts': "import { y } from '../wallet/top-up.tsx';\n",
    });

    expect(cycles(folderGraph(root))).toEqual([['features/purchase', 'features/wallet']]);
  });

  it('leaves tests out: a test may reach across folders', () => {
    const root = tree({
      'lib/use-flow.ts': 'export const x = 1;\n',
      'lib/use-flow.test.ts': "import { y } from '../app/providers.tsx';\n",
      'app/providers.tsx': "import { x } from '../lib/use-flow.ts';\n",
    });

    expect(describeGraph(folderGraph(root))).toBe('app → lib\nlib → (nothing)');
  });
});

describe.each(['apps/web/src', 'apps/api/src', 'apps/terminal/src'])('%s', (folder) => {
  it('has no folder cycle, so every folder can be given import rules (issue: one home for each rule)', () => {
    const graph = folderGraph(join(repo, folder));

    expect(cycles(graph), describeGraph(graph)).toEqual([]);
  });
});
