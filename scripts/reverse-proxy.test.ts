import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../bench/support.ts';

// The README's reverse-proxy example (docs/nginx), run as written in Debian's nginx: CI installs it
// (scripts/ci-proxies.sh); elsewhere the suite is skipped when nginx is missing.
const nginx = '/usr/sbin/nginx';
const brotliModule = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const example = join(import.meta.dirname, '..', 'docs', 'nginx');
const installed = existsSync(nginx) && existsSync(brotliModule);
if (process.env.CI && !installed) throw new Error('CI needs nginx with its brotli module: scripts/ci-proxies.sh');

let folder = '';
let base = '';
let server: ChildProcess | undefined;

beforeAll(async () => {
  if (!installed) return;
  folder = mkdtempSync(join(tmpdir(), 'vendo-nginx-'));
  const dist = join(folder, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  // nginx's workers drop root: they must be able to read the files, as in a real deployment.
  chmodSync(folder, 0o755);
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Vendo</title>');
  writeFileSync(join(dist, 'sw.js'), '// the service worker');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'export const built = true;');
  writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync('// the Brotli copy'));
  writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync('// the gzip copy'));
  const port = await freePort();
  const site = readFileSync(join(example, 'vendo.conf'), 'utf8')
    .replace('listen 8080;', `listen 127.0.0.1:${port};`)
    .replace('root /srv/vendo/dist;', `root ${dist};`);
  writeFileSync(join(folder, 'vendo.conf'), site);
  copyFileSync(join(example, 'vendo-headers.conf'), join(folder, 'vendo-headers.conf'));
  writeFileSync(
    join(folder, 'nginx.conf'),
    [
      `load_module ${brotliModule};`,
      `pid ${folder}/nginx.pid;`,
      `error_log ${folder}/error.log;`,
      'events {}',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  access_log off;',
      `  client_body_temp_path ${folder}/body;`,
      '  include vendo.conf;',
      '}',
    ].join('\n'),
  );
  server = spawn(nginx, ['-p', folder, '-c', join(folder, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' });
  base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    if (
      await fetch(`${base}/sw.js`)
        .then((answer) => answer.ok)
        .catch(() => false)
    )
      return;
    await sleep(50);
  }
  throw new Error('nginx did not start with the example');
});
afterAll(() => {
  server?.kill('SIGTERM');
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(!installed)(
  "the README's nginx example serves the app as the reference API does (issue 16 point 5)",
  () => {
    it('answers a route of the app with its index.html, no-cache, with the security headers', async () => {
      const answer = await fetch(`${base}/machine-inventory`);

      expect({
        status: answer.status,
        body: await answer.text(),
        caching: answer.headers.get('cache-control'),
        framing: answer.headers.get('x-frame-options'),
        policy: answer.headers.get('content-security-policy')?.includes("frame-ancestors 'none'"),
      }).toEqual({
        status: 200,
        body: '<!doctype html><title>Vendo</title>',
        caching: 'no-cache',
        framing: 'DENY',
        policy: true,
      });
    });

    it('sends the Brotli copy of a hashed asset, immutable, with the security headers', async () => {
      const answer = await fetch(`${base}/assets/index-abc123.js`, { headers: { 'Accept-Encoding': 'br' } });

      expect({
        encoding: answer.headers.get('content-encoding'),
        body: await answer.text(),
        caching: answer.headers.get('cache-control'),
        sniffing: answer.headers.get('x-content-type-options'),
      }).toEqual({
        encoding: 'br',
        body: '// the Brotli copy',
        caching: 'public, max-age=31536000, immutable',
        sniffing: 'nosniff',
      });
    });

    it('sends the gzip copy to a client that accepts only gzip', async () => {
      const answer = await fetch(`${base}/assets/index-abc123.js`, { headers: { 'Accept-Encoding': 'gzip' } });

      expect([answer.headers.get('content-encoding'), await answer.text()]).toEqual(['gzip', '// the gzip copy']);
    });

    it('answers a missing asset with 404, never the app index.html', async () => {
      const answer = await fetch(`${base}/assets/profile-old999.js`);

      expect(answer.status).toBe(404);
    });

    it('has the browser ask again for sw.js', async () => {
      const answer = await fetch(`${base}/sw.js`);

      expect(answer.headers.get('cache-control')).toBe('no-cache');
    });
  },
);
