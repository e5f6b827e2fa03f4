import { Agent, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/harness.ts';

function get(url: string, agent: Agent): Promise<{ status: number; socket: unknown }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, socket: request.socket }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('connections (README "Configuration of the server")', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t.close());

  it('keeps an idle keep-alive connection open past Node’s 5 s default, so a client reusing it gets an answer, not a reset', {
    timeout: 20_000,
  }, async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const first = await get(`${t.url}/api/product_server/demo`, agent);

    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const second = await get(`${t.url}/api/product_server/demo`, agent);

    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.socket).toBe(first.socket);
    agent.destroy();
  });
});

describe('closing the server', () => {
  it('does not wait out the keep-alive time for a client that never read its answer', { timeout: 60_000 }, async () => {
    const server = await startTestServer();
    const unread = await fetch(`${server.url}/api/product_server/demo`);
    expect(unread.status).toBe(200);

    const closed = await Promise.race([
      server.close().then(() => 'closed'),
      // Well under the 65 s keep-alive, with room for a loaded machine.
      new Promise((resolve) => setTimeout(resolve, 40_000, 'still open')),
    ]);

    expect(closed).toBe('closed');
  });
});
