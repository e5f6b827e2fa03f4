import { expect } from 'vitest';
import { WebSocket } from 'ws';
import { freshAddress } from './harness.ts';

export interface KeypadSocketOptions {
  readonly origin?: string | null;
  readonly address?: string;
  readonly autoPong?: boolean;
}

/** A keypad socket as a browser on the app's page opens it (same Origin), from an address of its own. */
export function openKeypad(server: { readonly url: string }, machine: string, options: KeypadSocketOptions = {}) {
  const origin = options.origin === undefined ? server.url : options.origin;
  return new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/machines/${machine}/keypad`, {
      headers: { ...(origin ? { Origin: origin } : {}), 'X-Forwarded-For': options.address ?? freshAddress() },
      autoPong: options.autoPong ?? true,
    });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
    socket.once('unexpected-response', (_, response) => reject(new Error(`HTTP ${response.statusCode}`)));
  });
}

/** The socket's next message; a socket that closes first fails the test with its close code, never leaves it waiting. */
export const reply = (socket: WebSocket) =>
  new Promise<unknown>((resolve, reject) => {
    const closed = (code: number) => reject(new Error(`the keypad socket closed (${code}) before answering`));
    socket.once('close', closed);
    socket.once('message', (data) => {
      socket.off('close', closed);
      resolve(JSON.parse(String(data)));
    });
  });

export const closing = (socket: WebSocket) =>
  new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

/** Opens a member's keypad session on a machine: the token goes in the first message. */
export async function signedIn(server: { readonly url: string }, machine: string, token: string) {
  const socket = await openKeypad(server, machine);
  const ready = reply(socket);
  socket.send(JSON.stringify({ token }));
  expect(await ready).toEqual({ ready: true });
  return socket;
}

/** Sends a key and waits for the machine's answer. */
export async function press(socket: WebSocket, key: string) {
  const answer = reply(socket);
  socket.send(JSON.stringify({ key }));
  expect(await answer).toEqual({ ok: true, key });
}
