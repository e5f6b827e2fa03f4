import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { calls } from '@vendo/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';

let base = '';
let close: () => void = () => {};

beforeAll(async () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'vendo-web-'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Vendo</title>');
  await new Promise<void>((resolve) => {
    const server = serve({ fetch: createApp({ webRoot }).fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      base = `http://127.0.0.1:${(info as AddressInfo).port}`;
      resolve();
    });
    close = () => server.close();
  });
});

afterAll(() => close());

describe('one process serves the app and the API (README start command)', () => {
  it('serves the OpenAPI document of the contract at /openapi.json', async () => {
    const response = await fetch(`${base}/openapi.json`);
    const document = (await response.json()) as { paths: Record<string, object> };
    expect(response.status).toBe(200);
    expect(Object.keys(document.paths)).toContain('/api/community_members/{id}');
    expect(Object.values(document.paths).flatMap((item) => Object.keys(item))).toHaveLength(Object.keys(calls).length);
  });

  it('answers index.html for a route of spec §2 such as /machine-selection/new', async () => {
    const response = await fetch(`${base}/machine-selection/new`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Vendo</title>');
  });

  it('answers an unknown API path with a 404 error object, never the app', async () => {
    const response = await fetch(`${base}/api/no_such_call`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { message: 'Not found' } });
  });
});
