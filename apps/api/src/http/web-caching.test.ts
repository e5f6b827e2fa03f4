import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
  mkdirSync(join(t.webRoot, 'assets'));
  writeFileSync(join(t.webRoot, 'assets', 'index-abc123.js'), 'export const built = true;');
  writeFileSync(join(t.webRoot, 'sw.js'), '// the service worker');
  // The copies say which file went out: a copy compressed per request would read as the original.
  writeFileSync(join(t.webRoot, 'assets', 'index-abc123.js.br'), brotliCompressSync('// the Brotli copy'));
  writeFileSync(join(t.webRoot, 'assets', 'index-abc123.js.gz'), gzipSync('// the gzip copy'));
  writeFileSync(join(t.webRoot, 'index.html.gz'), gzipSync('<!doctype html><title>the gzip copy</title>'));
});
afterAll(() => t.close());

describe('a new release under an open tab (issue 15 point 24)', () => {
  it('answers a chunk the build no longer has with 404, not the app index.html', async () => {
    const response = await fetch(`${t.url}/assets/profile-old999.js`);

    expect([response.status, response.headers.get('content-type')?.startsWith('text/html')]).toEqual([404, false]);
  });

  it('serves hashed assets for a year, immutable', async () => {
    const response = await fetch(`${t.url}/assets/index-abc123.js`);

    expect([response.status, response.headers.get('cache-control')]).toEqual([
      200,
      'public, max-age=31536000, immutable',
    ]);
  });

  it.each(['/index.html', '/sw.js', '/', '/demo'])('has the browser ask again for %s (no-cache)', async (path) => {
    const response = await fetch(`${t.url}${path}`);

    expect([response.status, response.headers.get('cache-control')]).toEqual([200, 'no-cache']);
  });
});

describe('assets compressed at build time (issue 16 point 5)', () => {
  it('sends the Brotli copy to a browser that accepts it', async () => {
    const response = await fetch(`${t.url}/assets/index-abc123.js`, { headers: { 'Accept-Encoding': 'br, gzip' } });

    expect([response.headers.get('content-encoding'), await response.text()]).toEqual(['br', '// the Brotli copy']);
  });

  it('sends the gzip copy to a browser that accepts only gzip, and says the answer varies', async () => {
    const response = await fetch(`${t.url}/assets/index-abc123.js`, { headers: { 'Accept-Encoding': 'gzip' } });

    expect([response.headers.get('content-encoding'), response.headers.get('vary'), await response.text()]).toEqual([
      'gzip',
      'Accept-Encoding',
      '// the gzip copy',
    ]);
  });

  it('sends the file itself to a client that accepts no encoding', async () => {
    const response = await fetch(`${t.url}/assets/index-abc123.js`, { headers: { 'Accept-Encoding': 'identity' } });

    expect([response.headers.get('content-encoding'), await response.text()]).toEqual([
      null,
      'export const built = true;',
    ]);
  });

  it("sends a route of the app the index.html's compressed copy, still no-cache", async () => {
    const response = await fetch(`${t.url}/demo`, { headers: { 'Accept-Encoding': 'gzip' } });

    expect([response.headers.get('cache-control'), await response.text()]).toEqual([
      'no-cache',
      '<!doctype html><title>the gzip copy</title>',
    ]);
  });
});
