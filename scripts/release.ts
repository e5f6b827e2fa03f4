// `pnpm release`: the server and the web app as one folder of plain JavaScript that starts with
// `node <folder>/main.js` — production dependencies only, nothing fetched at start, no type stripping,
// signals straight to the server. docs/operations.md says how to run it; the Containerfile copies it.
import { spawnSync } from 'node:child_process';
import { cpSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = fileURLToPath(new URL('..', import.meta.url));
const api = join(root, 'apps/api');
const web = join(root, 'apps/web');
const out = resolve(process.argv[2] ?? join(root, 'release'));

/** The API's start command and the operator's commands, each a file of the release. */
const entries = {
  main: 'src/main.ts',
  migrate: 'src/cli/migrate.ts',
  seed: 'src/cli/seed.ts',
  backup: 'src/cli/backup.ts',
  restore: 'src/cli/restore.ts',
  'unlock-phone': 'src/cli/unlock-phone.ts',
} as const;

const isBare = (id: string) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0');

function run(command: string, args: string[], cwd = root) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
}

function sizeOf(path: string): number {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

/**
 * The server, bundled with @vendo/core (whose package exports TypeScript sources): every other package
 * stays an import of node_modules, as PGlite finds its data files and pg its optional parts beside
 * their own code. The web root's default is the release's own `web/dist`.
 */
async function bundleServer() {
  await build({
    cwd: api,
    input: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, join(api, file)])),
    platform: 'node',
    external: (id) => isBare(id) && !id.startsWith('@vendo/'),
    plugins: [
      {
        name: 'release-web-root',
        load(id) {
          if (!id.endsWith('/apps/api/src/web-root.ts')) return null;
          return [
            "import { fileURLToPath } from 'node:url';",
            "export const defaultWebRoot = fileURLToPath(new URL('./web/dist', import.meta.url));",
          ].join('\n');
        },
      },
    ],
    output: {
      dir: out,
      format: 'esm',
      entryFileNames: '[name].js',
      // Shared code beside the entries, so every file finds `web/dist` at the same place.
      chunkFileNames: 'shared-[name]-[hash].js',
    },
  });
}

/**
 * The web app's server render, with React, Lingui and the rest bundled in: the release installs only
 * the server's dependencies. Its chunks keep their names, so the render finds them beside it.
 */
async function bundleRender() {
  await build({
    input: join(web, 'dist-server/entry-server.js'),
    platform: 'node',
    transform: { define: { 'process.env.NODE_ENV': '"production"' } },
    output: {
      dir: join(out, 'web/dist-server'),
      format: 'esm',
      entryFileNames: '[name].js',
      chunkFileNames: 'assets/[name]-[hash].js',
    },
  });
}

/** The server's production dependencies, as the lockfile pins them, installed from pnpm's store. */
function installDependencies() {
  const deployed = mkdtempSync(join(tmpdir(), 'vendo-deploy-'));
  try {
    run('npx', ['-y', 'pnpm@12.21.0', '--filter', '@vendo/api', 'deploy', '--prod', deployed]);
    cpSync(join(deployed, 'node_modules'), join(out, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  } finally {
    rmSync(deployed, { recursive: true, force: true });
  }
  // Bundled into the release's own files: the workspace's TypeScript sources are not shipped.
  rmSync(join(out, 'node_modules/@vendo'), { recursive: true, force: true });
  rmSync(join(out, 'node_modules/.pnpm/node_modules/@vendo'), { recursive: true, force: true });
  for (const name of readdirSync(join(out, 'node_modules/.pnpm')).filter((name) => name.startsWith('@vendo+'))) {
    rmSync(join(out, 'node_modules/.pnpm', name), { recursive: true, force: true });
  }
}

function writeManifest() {
  const manifest = JSON.parse(readFileSync(join(api, 'package.json'), 'utf8')) as {
    version: string;
    dependencies: Record<string, string>;
  };
  const { '@vendo/core': _bundled, ...dependencies } = manifest.dependencies;
  // The Node the workspace runs on (its `node` devDependency) is the one the image uses.
  const workspace = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  const node = workspace.devDependencies.node?.split('.')[0] ?? '24';
  const release = {
    name: 'vendo-server',
    version: manifest.version,
    private: true,
    type: 'module',
    description: 'Vendo: the member app and its server (the reference API, or the app in front of another provider).',
    engines: { node: `>=${node}` },
    scripts: Object.fromEntries(
      Object.keys(entries).map((name) => [name === 'main' ? 'start' : name, `node ${name}.js`]),
    ),
    dependencies,
  };
  writeFileSync(join(out, 'package.json'), `${JSON.stringify(release, null, 2)}\n`);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
run('npx', ['-y', 'pnpm@12.21.0', 'build']);
await bundleServer();
await bundleRender();
cpSync(join(web, 'dist'), join(out, 'web/dist'), { recursive: true });
installDependencies();
writeManifest();

const serverBytes = () =>
  readdirSync(out)
    .filter((name) => name.endsWith('.js'))
    .reduce((sum, name) => sum + sizeOf(join(out, name)), 0);
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
console.log(`release: ${out}`);
console.log(
  `release size: ${mib(sizeOf(out))} (server ${mib(serverBytes())}, ` +
    `web ${mib(sizeOf(join(out, 'web')))}, node_modules ${mib(sizeOf(join(out, 'node_modules')))})`,
);
console.log(`start: node ${join(out, 'main.js')}`);
