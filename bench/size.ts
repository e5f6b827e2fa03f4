// pnpm bench:size — gzip sizes of the built web app (apps/web/dist): the first load of / (the entry chunk
// and its static imports, never its dynamic imports, plus the server-drawn page's public/boot.js), the first load of every route chunk, and every JS
// chunk. Prints figures; it is not a test, but it exits with 1 when /'s first-load JavaScript passes the
// budget, and CI runs it. Sizes are gzip level 9, 1 KB = 1000 bytes (as Vite reports).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const targetKb = 100;
// Another build output may be named as the one argument (`node bench/size.ts path/to/dist`).
const dist = resolve(process.argv[2] ?? fileURLToPath(new URL('../apps/web/dist/', import.meta.url)));
const manifestPath = join(dist, '.vite', 'manifest.json');

/** One chunk of Vite's build manifest (`build.manifest: true`), keyed by its source path. */
interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

if (!existsSync(join(dist, 'index.html'))) {
  console.error(`bench:size: no built web app in ${relative(process.cwd(), dist) || dist}`);
  console.error('run: npx -y pnpm@12.21.0 build');
  process.exit(1);
}

const gzipCache = new Map<string, number>();
/** Gzip size in bytes of a file of dist (path relative to dist). */
function gzipBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzipBytes(file), 0);

/** Files loaded with these manifest chunks: each chunk's JS and CSS plus those of its static imports, transitively. */
function staticClosure(manifest: Manifest, keys: string[], into = new Set<string>(), seen = new Set<string>()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest names ${key} but has no entry for it`);
    into.add(chunk.file);
    for (const css of chunk.css ?? []) into.add(css);
    staticClosure(manifest, chunk.imports ?? [], into, seen);
  }
  return into;
}

function describe(files: Set<string>) {
  const js = [...files].filter((file) => file.endsWith('.js'));
  const css = [...files].filter((file) => file.endsWith('.css'));
  return `${files.size} ${files.size === 1 ? 'file' : 'files'}: JS ${kb(sum(js))} + CSS ${kb(sum(css))}`;
}

/** Without a manifest: index.html's entry script, its modulepreload links and its stylesheets. */
function firstLoadFromHtml(): Set<string> {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = new Set<string>();
  const local = (url: string) => url.replace(/^(?:\.\/|\/)+/, '').replace(/[?#].*$/, '');
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const attribute = (name: string) => new RegExp(`\\b${name}=["']?([^"'\\s>]+)`).exec(tag)?.[1];
    const isEntry = tag.startsWith('<script') && attribute('type') === 'module';
    const rel = attribute('rel');
    const url = isEntry
      ? attribute('src')
      : rel === 'modulepreload' || rel === 'stylesheet'
        ? attribute('href')
        : undefined;
    if (url && !/^[a-z]+:\/\//i.test(url) && existsSync(join(dist, local(url)))) files.add(local(url));
  }
  if (![...files].some((file) => file.endsWith('.js'))) throw new Error('no module entry script in dist/index.html');
  return files;
}

console.log(`bench:size — ${relative(process.cwd(), dist) || dist} (gzip level 9, 1 KB = 1000 bytes)`);

let firstLoad: Set<string>;
if (existsSync(manifestPath)) {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  const entry = entries.find(([key]) => key === 'index.html') ?? entries[0];
  if (!entry) throw new Error(`${manifestPath} has no entry chunk`);
  const [entryKey, entryChunk] = entry;
  firstLoad = staticClosure(manifest, [entryKey]);
  // A page the server drew loads the app through this script (public/boot.js), after its first paint.
  if (existsSync(join(dist, 'boot.js'))) firstLoad.add('boot.js');
  console.log(`entry: ${entryKey} → ${entryChunk.file} (from .vite/manifest.json)`);
  console.log(`first load of / (${describe(firstLoad)})`);

  // Every dynamic import of the entry is one route chunk (lazy routes, and lazily loaded catalogs); so is every
  // dynamic import of the table of screens loaded on demand (apps/web/src/app/screens-on-demand.ts), whose first
  // load counts that table too.
  const onDemandKey = 'src/app/screens-on-demand.ts';
  const routeOf = (key: string, before: string[] = []) => {
    const files = staticClosure(manifest, [...before, key], new Set(firstLoad));
    return { key, files, bytes: sum(files) };
  };
  const routes = [...new Set(entryChunk.dynamicImports ?? [])].flatMap((key) =>
    key === onDemandKey
      ? [routeOf(key), ...[...new Set(manifest[key]?.dynamicImports ?? [])].map((screen) => routeOf(screen, [key]))]
      : [routeOf(key)],
  );
  if (routes.length === 0) console.log('route chunks: none (the entry has no dynamic imports)');
  else {
    console.log(`route chunks (first load = entry + the route chunk + its static imports), ${routes.length}:`);
    routes.sort((a, b) => b.bytes - a.bytes);
    const width = Math.max(...routes.map((route) => route.key.length));
    for (const route of routes) {
      const extra = sum([...route.files].filter((file) => !firstLoad.has(file)));
      console.log(`  ${route.key.padEnd(width)}  ${kb(route.bytes).padStart(9)} gzip  (+${kb(extra)} over /)`);
    }
  }
} else {
  firstLoad = firstLoadFromHtml();
  console.log('no .vite/manifest.json (set build.manifest: true in apps/web/vite.config.ts): reading dist/index.html');
  console.log(`first load of / (${describe(firstLoad)}): ${[...firstLoad].join(', ')}`);
  console.log('route chunks: unknown without the manifest');
}

const chunks = readdirSync(join(dist, 'assets'))
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file: `assets/${file}`, bytes: gzipBytes(`assets/${file}`) }))
  .sort((a, b) => b.bytes - a.bytes);
console.log(`JS chunks in dist/assets, ${chunks.length}:`);
const width = Math.max(0, ...chunks.map((chunk) => chunk.file.length));
for (const chunk of chunks) {
  const mark = firstLoad.has(chunk.file) ? '  (first load)' : '';
  console.log(`  ${chunk.file.padEnd(width)}  ${kb(chunk.bytes).padStart(9)} gzip${mark}`);
}

// The budget is on the JavaScript the route loads first; the stylesheet is reported beside it.
const scripts = [...firstLoad].filter((file) => file.endsWith('.js'));
const styles = [...firstLoad].filter((file) => file.endsWith('.css'));
const firstLoadJs = sum(scripts);
console.log(
  `first load of /: ${kb(firstLoadJs)} JS gzip (${firstLoadJs} bytes; target <= ${targetKb} KB), plus ${kb(sum(styles))} CSS gzip`,
);
// CI runs this after the build: a first load over the budget fails it.
if (firstLoadJs > targetKb * 1000) {
  console.error(
    `bench:size: the first load of / is ${firstLoadJs - targetKb * 1000} bytes over ${targetKb} KB of JS gzip`,
  );
  process.exit(1);
}
