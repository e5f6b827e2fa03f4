import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { rateLimits } from './http/rate-limits.ts';
import { keypadCloseCodes, keypadLimits } from './routes/keypad.ts';
import { freshAddress, startTestServer, type TestServer } from './testing/harness.ts';

let t: TestServer;
let phones = 5570000000;
const member = () => t.member(`+52${phones++}`);

beforeAll(async () => {
  t = await startTestServer(undefined, undefined, undefined, {
    keypadTimings: { signInSeconds: 0.5, heartbeatSeconds: 0.2 },
  });
});
afterAll(() => t.close());

interface Options {
  readonly origin?: string | null;
  readonly address?: string;
  readonly autoPong?: boolean;
}

/** A keypad socket as a browser on the app's page opens it (same Origin), from an address of its own. */
function open(machine: string, options: Options = {}) {
  const origin = options.origin === undefined ? t.url : options.origin;
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(`${t.url.replace('http', 'ws')}/api/machines/${machine}/keypad`, {
      headers: { ...(origin ? { Origin: origin } : {}), 'X-Forwarded-For': options.address ?? freshAddress() },
      autoPong: options.autoPong ?? true,
    });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
    socket.once('unexpected-response', (_, response) => reject(new Error(`HTTP ${response.statusCode}`)));
  });
}

const reply = (socket: WebSocket) =>
  new Promise<unknown>((resolve) => socket.once('message', (data) => resolve(JSON.parse(String(data)))));
const closing = (socket: WebSocket) => new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

/** Opens a member's keypad session on a machine: the token goes in the first message. */
async function signedIn(machine: string, token: string) {
  const socket = await open(machine);
  const ready = reply(socket);
  socket.send(JSON.stringify({ token }));
  expect(await ready).toEqual({ ready: true });
  return socket;
}

describe('touchless keypad (spec §7): a member types on the machine they chose', () => {
  it('accepts every key of the spec as a JSON message once the member signed in, and the machine sees it', async () => {
    const socket = await signedIn('teclado', (await member()).token);
    const keys = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', 'star', 'hash', 'return', 'cancel'];
    for (const key of keys) {
      const answer = reply(socket);
      socket.send(JSON.stringify({ key }));
      expect(await answer).toEqual({ ok: true, key });
      await new Promise((resolve) => setTimeout(resolve, 1_000 / keypadLimits.keysPerSecond));
    }
    const seen = (await (await fetch(`${t.url}/__dev/machines/teclado/keypad`)).json()) as { keys: string[] };
    expect(seen.keys.slice(-keys.length)).toEqual(keys);
    socket.close();
  });

  it('answers an unknown key with an error and keeps the session', async () => {
    const socket = await signedIn('teclado', (await member()).token);
    const answer = reply(socket);
    socket.send(JSON.stringify({ key: '#' }));
    expect(await answer).toMatchObject({ error: { error_code: 'invalid_key' } });
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });

  it('closes the socket of a client that sends a key instead of a token, and the machine sees nothing', async () => {
    const before = (await (await fetch(`${t.url}/__dev/machines/teclado/keypad`)).json()) as { keys: string[] };
    const socket = await open('teclado');
    const closed = closing(socket);
    socket.send(JSON.stringify({ key: '5' }));
    expect(await closed).toBe(keypadCloseCodes.signInNeeded);
    const after = (await (await fetch(`${t.url}/__dev/machines/teclado/keypad`)).json()) as { keys: string[] };
    expect(after.keys).toEqual(before.keys);
  });

  it('closes the socket of a token that opens no session (unknown or signed out)', async () => {
    const socket = await open('teclado');
    const closed = closing(socket);
    socket.send(JSON.stringify({ token: 'not-a-token' }));
    expect(await closed).toBe(keypadCloseCodes.signInNeeded);
  });

  it('closes a socket that sends no token in time', async () => {
    const socket = await open('teclado');
    expect(await closing(socket)).toBe(keypadCloseCodes.signInNeeded);
  });

  it("refuses a page of another origin (another site cannot type on a member's machine)", async () => {
    await expect(open('teclado', { origin: 'https://attacker.example' })).rejects.toThrow('HTTP 403');
  });

  it('refuses a client that names no origin', async () => {
    await expect(open('teclado', { origin: null })).rejects.toThrow('HTTP 403');
  });

  it('serves one member at a time: another member on the same machine is told it is in use', async () => {
    const first = await signedIn('teclado2', (await member()).token);
    const second = await open('teclado2');
    const closed = closing(second);
    second.send(JSON.stringify({ token: (await member()).token }));
    expect(await closed).toBe(keypadCloseCodes.machineBusy);
    first.close();
  });

  it('closes a socket whose message is over 1 KB, unread', async () => {
    const socket = await signedIn('teclado', (await member()).token);
    const closed = closing(socket);
    socket.send(JSON.stringify({ key: 'x'.repeat(keypadLimits.maxMessageBytes) }));
    expect(await closed).toBe(1009);
  });

  it('drops keys past 10 a second on one socket with an error, and keeps the session', async () => {
    const socket = await signedIn('teclado', (await member()).token);
    const answers: unknown[] = [];
    socket.on('message', (data) => answers.push(JSON.parse(String(data))));
    for (let press = 0; press < keypadLimits.keysPerSecond + 5; press++) socket.send(JSON.stringify({ key: '1' }));
    await expect.poll(() => answers.length).toBe(keypadLimits.keysPerSecond + 5);
    expect(answers.filter((answer) => JSON.stringify(answer).includes('too_many_requests'))).toHaveLength(5);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });

  it('pings an idle socket, and closes one that stopped answering', async () => {
    const alive = await signedIn('teclado', (await member()).token);
    const pinged = new Promise<void>((resolve) => alive.once('ping', () => resolve()));
    await pinged;
    alive.close();
    const silent = await open('teclado', { autoPong: false });
    silent.send(JSON.stringify({ token: (await member()).token }));
    expect(await closing(silent)).toBe(1006);
  });

  it('limits keypad connections from one address (429 with Retry-After)', async () => {
    const address = freshAddress();
    for (let connect = 0; connect < rateLimits.keypadConnectsPerAddress.points; connect++) {
      // Every try counts, even one on a machine without a keypad.
      await expect(open('demo', { address })).rejects.toThrow('HTTP 404');
    }
    await expect(open('teclado', { address })).rejects.toThrow('HTTP 429');
  });

  it('closes the sockets of a machine through the dev control', async () => {
    const socket = await signedIn('teclado', (await member()).token);
    const closed = closing(socket);
    await t.dev('/machines/teclado/keypad/close', {});
    expect(await closed).toBe(4000);
  });

  it('has no keypad on a machine without a numeric keyboard', async () => {
    await expect(open('demo')).rejects.toThrow('HTTP 404');
  });
});
