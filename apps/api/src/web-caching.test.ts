import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/harness.ts';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
  mkdirSync(join(t.webRoot, 'assets'));
  writeFileSync(join(t.webRoot, 'assets', 'index-abc123.js'), 'export const built = true;');
  writeFileSync(join(t.webRoot, 'sw.js'), '// the service worker');
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
