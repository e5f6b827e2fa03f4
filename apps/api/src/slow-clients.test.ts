import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';
import { capturedLog } from './testing/captured-log.ts';
import { startTestServer, type TestServer } from './testing/harness.ts';

/*
 * Issue 32 point 12: a client holds a connection only as long as its request takes to arrive, and the
 * process holds a bounded number of them. Real sockets against the real server; the timeout is made
 * short here (a setting), so nothing waits long.
 */

const requestTimeoutMs = 400;

/** A raw connection to the server, its bytes as they come, and when it closed. */
async function rawConnection(url: string) {
  const { hostname, port } = new URL(url);
  const socket: Socket = connect(Number(port), hostname);
  socket.on('error', () => {});
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk;
  });
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, closed, received: () => received };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A keep-alive GET on an open connection, resolved with the status line once the whole answer is in. */
async function get(connection: Awaited<ReturnType<typeof rawConnection>>, path: string): Promise<string> {
  const before = connection.received().length;
  connection.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  for (let waited = 0; waited < 5_000; waited += 10) {
    const answer = connection.received().slice(before);
    const length = Number(/content-length: (\d+)/i.exec(answer)?.[1] ?? -1);
    const body = answer.indexOf('\r\n\r\n');
    if (length >= 0 && body >= 0 && answer.length >= body + 4 + length) return answer.split('\r\n')[0] ?? '';
    await sleep(10);
  }
  return `no answer: ${connection.received().slice(before, before + 80)}`;
}

describe('a request must arrive within its time (issue 32 point 12)', () => {
  let t: TestServer;
  const log = capturedLog('info');
  beforeAll(async () => {
    t = await startTestServer(undefined, undefined, undefined, {
      connections: { requestTimeoutMs },
      logger: log.logger,
    });
  });
  afterAll(() => t.close());

  it('answers a body sent a byte at a time with 408 and closes its socket once the time is up', {
    timeout: 10_000,
  }, async () => {
    const connection = await rawConnection(t.url);
    const opened = performance.now();
    connection.socket.write(
      'POST /api/community_members HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
    );
    let open = true;
    void connection.closed.then(() => {
      open = false;
    });
    // One byte every 50 ms: 1,000 bytes would take 50 s.
    for (let sent = 0; open && sent < 1_000 && performance.now() - opened < 8_000; sent++) {
      connection.socket.write(sent === 0 ? '{' : ' ');
      await sleep(50);
    }

    const closedAfter = (await Promise.race([connection.closed, sleep(500).then(() => Number.NaN)])) - opened;
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
    // The timeout, plus Node's check interval (a quarter of it) and room for a busy machine.
    expect(closedAfter).toBeLessThan(requestTimeoutMs * 4);
    // A client too slow is no failure of the server: no error line.
    expect(log.entries().filter((entry) => Number(entry.level) >= 50)).toEqual([]);
  });

  it('answers headers sent a byte at a time with 408 too', { timeout: 10_000 }, async () => {
    const connection = await rawConnection(t.url);
    const opened = performance.now();
    const headers = `GET /api/product_server/demo HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'a'.repeat(200)}\r\n\r\n`;
    let open = true;
    void connection.closed.then(() => {
      open = false;
    });
    for (let sent = 0; open && sent < headers.length && performance.now() - opened < 8_000; sent++) {
      connection.socket.write(headers.charAt(sent));
      await sleep(50);
    }

    await Promise.race([connection.closed, sleep(500)]);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(open).toBe(false);
  });

  it('leaves an idle keep-alive connection alone past the request time: idling is no request', {
    timeout: 10_000,
  }, async () => {
    const connection = await rawConnection(t.url);

    const first = await get(connection, '/healthz');
    await sleep(requestTimeoutMs * 3);
    const second = await get(connection, '/healthz');

    expect([first, second]).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
    connection.socket.destroy();
  });
});

describe('connections are capped (issue 32 point 12)', () => {
  const max = 3;
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(undefined, undefined, undefined, { connections: { max } });
  });
  afterAll(() => t.close());

  it('closes a connection past the cap at once, serves those open, and takes a new one when one ends', {
    timeout: 15_000,
  }, async () => {
    const open = await Promise.all(Array.from({ length: max }, () => rawConnection(t.url)));
    // Each is answered, so the server has taken all of them before the next arrives.
    const served = await Promise.all(open.map((connection) => get(connection, '/healthz')));

    const extra = await rawConnection(t.url);
    const extraClosed = await Promise.race([extra.closed.then(() => 'closed'), sleep(2_000).then(() => 'open')]);
    const stillServed = await get(open[0] as Awaited<ReturnType<typeof rawConnection>>, '/healthz');
    open[1]?.socket.destroy();
    await open[1]?.closed;
    await sleep(100);
    const next = await rawConnection(t.url);
    const nextServed = await get(next, '/healthz');

    expect(served).toEqual(Array(max).fill('HTTP/1.1 200 OK'));
    expect({ extraClosed, answered: extra.received() }).toEqual({ extraClosed: 'closed', answered: '' });
    expect([stillServed, nextServed]).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
    for (const connection of [...open, next]) connection.socket.destroy();
  });
});

describe('the settings (README "Configuration of the server")', () => {
  it('waits 30 s for a request and holds 10,000 connections unless told otherwise', () => {
    expect(readConfig({}).connections).toEqual({ requestTimeoutMs: 30_000, max: 10_000 });
    expect(readConfig({ VENDO_REQUEST_TIMEOUT_MS: '5000', VENDO_MAX_CONNECTIONS: '200' }).connections).toEqual({
      requestTimeoutMs: 5_000,
      max: 200,
    });
  });

  it('never waits longer than 30 s for a request, nor takes a cap of none', () => {
    expect(() => readConfig({ VENDO_REQUEST_TIMEOUT_MS: '300000' })).toThrow('VENDO_REQUEST_TIMEOUT_MS');
    expect(() => readConfig({ VENDO_REQUEST_TIMEOUT_MS: '0' })).toThrow('VENDO_REQUEST_TIMEOUT_MS');
    expect(() => readConfig({ VENDO_MAX_CONNECTIONS: '0' })).toThrow('VENDO_MAX_CONNECTIONS');
  });
});
