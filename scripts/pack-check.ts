// pnpm pack:check — @vendo/core as someone outside this repository gets it: packed with pnpm, installed
// with npm into a fresh project, a consumer type-checked with `tsc --strict`, then run by plain Node 20+
// against the reference API (sign in, buy on `demo`, follow the deal to delivery). Prints a line per step
// and `pack-check: N passed, N failed`; exits non-zero on any failure.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startServer, stop } from '../bench/support.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const core = join(root, 'packages/core');
const work = mkdtempSync(join(tmpdir(), 'vendo-pack-'));
const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>;
};
const coreManifest = JSON.parse(readFileSync(join(core, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

/** The machine's own Node (20 on this one), as a developer elsewhere has it; the repository's otherwise. */
const plainNode = ['/usr/bin/node', '/usr/local/bin/node'].find(existsSync) ?? process.execPath;

let passed = 0;
let failed = 0;
async function step(name: string, run: () => Promise<void> | void): Promise<void> {
  const started = performance.now();
  try {
    await run();
    passed++;
    console.log(`✓ ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    failed++;
    console.log(`✗ ${name}: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  }
}

const sh = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

let server: ChildProcess | null = null;
try {
  const project = join(work, 'consumer');
  await step('build and pack @vendo/core', () => {
    // `prepack` builds a clean dist first: what is packed is what the sources make now.
    sh('npx', ['-y', 'pnpm@12.21.0', 'pack', '--pack-destination', work], core);
  });
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error('pnpm pack wrote no tarball');
  console.log(`  ${tarball}: ${(readFileSync(join(work, tarball)).length / 1024).toFixed(0)} KiB`);

  await step('install it with npm into a fresh project', () => {
    execFileSync('mkdir', ['-p', project]);
    writeFileSync(
      join(project, 'package.json'),
      `${JSON.stringify({ name: 'consumer', private: true, type: 'module' })}\n`,
    );
    sh(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        join(work, tarball),
        `xstate@${coreManifest.dependencies.xstate}`,
        `typescript@${rootManifest.devDependencies.typescript}`,
        `@types/node@${rootManifest.devDependencies['@types/node']}`,
      ],
      project,
    );
    if (existsSync(join(project, 'node_modules/@vendo/core/src'))) throw new Error('the package ships its sources');
  });

  await step('type-check a consumer with tsc --strict', () => {
    copyFileSync(join(root, 'scripts/pack-check/journey.ts'), join(project, 'journey.ts'));
    const options = {
      compilerOptions: {
        strict: true,
        target: 'ES2022',
        module: 'nodenext',
        moduleResolution: 'nodenext',
        types: ['node'],
        outDir: 'out',
        skipLibCheck: false,
      },
      files: ['journey.ts'],
    };
    writeFileSync(join(project, 'tsconfig.json'), `${JSON.stringify(options, null, 2)}\n`);
    sh(join(project, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], project);
  });

  const dataDir = mkdtempSync(join(work, 'data-'));
  server = spawn(process.execPath, [join(root, 'apps/api/src/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(await freePort()), HOST: '127.0.0.1', VENDO_DATA_DIR: dataDir, NODE_ENV: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await startServer(server);

  const nodeVersion = sh(plainNode, ['--version'], project).trim();
  await step(`sign in, buy on demo and follow the deal with Node ${nodeVersion}`, () => {
    const output = sh(plainNode, ['out/journey.js', base], project);
    for (const line of output.trim().split('\n')) console.log(`  ${line}`);
    if (!output.includes('delivered')) throw new Error('the deal was not followed to its delivery');
  });
} catch {
  // Told by its step above.
} finally {
  if (server) await stop(server);
  rmSync(work, { recursive: true, force: true });
}
console.log(`pack-check: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed === 4 ? 0 : 1);
