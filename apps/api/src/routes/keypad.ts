import { upgradeWebSocket } from '@hono/node-server';
import { KEYPAD_CLOSE_CODES, KeypadMessage } from '@vendo/core/contract';
import { type Context, Hono } from 'hono';
import type { WSContext } from 'hono/ws';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import * as z from 'zod/mini';
import { sessionOf } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { problem } from '../http/problem.ts';
import { textParam } from '../http/validate.ts';
import { keypadMachine } from '../services/machines.ts';
import type { Deps } from './deps.ts';

/** The keypad socket's own limits ("Rules it keeps" (docs/reference-api.md)). */
export const keypadLimits = {
  /** A message is one key or one token: anything larger closes the socket (1009) unread. */
  maxMessageBytes: 1024,
  /** The token must arrive this soon after the socket opens. */
  signInSeconds: 5,
  /** Keys one socket may send per second; more are answered with an error and dropped. */
  keysPerSecond: 10,
  /** An idle socket is pinged this often; one that has not answered the last ping is closed. */
  heartbeatSeconds: 30,
  /**
   * A process holds a machine's keypad for this many heartbeats, refreshed at each: one that died
   * frees the machine after them (issue 16 point 1).
   */
  leaseHeartbeats: 2,
  /**
   * The longest a keypad session lasts, keys or not (issue 32 point 7): then it ends (4440), as one does
   * after no key for the machine's user_type_timeout (4408), and the member opens it again.
   */
  sessionMinutes: 10,
  /** The idle limit of a machine whose user_type_timeout is 0 (the app's own default for it). */
  idleSecondsByDefault: 30,
} as const;

/** Close codes the app tells apart (besides 1009, too large): the contract's. */
export const keypadCloseCodes = KEYPAD_CLOSE_CODES;

const SignIn = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) });

const errorMessage = (error_code: string, message: string) => JSON.stringify({ error: { error_code, message } });

/** Same-origin only: the page that opens the socket is the app's own (its public origin, or the host it was served from). */
function fromTheApp(c: Context<AppEnv>, publicOrigin: string): boolean {
  const origin = URL.parse(c.req.header('Origin') ?? '');
  if (!origin) return false;
  return origin.origin === publicOrigin || origin.host === c.req.header('Host');
}

/**
 * Spec §7 touchless keyboard: a WebSocket per machine (path `/api/machines/{name}/keypad`, Vendo's
 * choice). A keypad session belongs to a signed-in member: the first message carries the token
 * (`{"token":"…"}`, never in the URL) and is answered `{"ready":true}`; then each message is one key as
 * JSON, answered `{ "ok": true, "key": … }` or an error object. One member at a time per machine, one
 * machine at a time per member; a session ends after the machine's user_type_timeout without a key, and
 * at the longest after `keypadLimits.sessionMinutes` (issue 32 point 7).
 */
export function keypadRoutes({ db, sessions, keypads, limits, publicOrigin, keypadTimings }: Deps) {
  const app = new Hono<AppEnv>();
  const keyRate = new RateLimiterMemory({ points: keypadLimits.keysPerSecond, duration: 1 });
  let sockets = 0;

  app.get('/machines/:name/keypad', async (c, next) => {
    if (!fromTheApp(c, publicOrigin())) throw problem(403, 'forbidden_origin');
    await limits.take('keypadConnectsPerAddress', c.get('clientAddress'));
    const name = textParam(c, 'name', 'machine_not_found').toLowerCase();
    const machine = await keypadMachine(db, name);
    if (machine?.mobile_keyboard_type !== 'numeric' || !machine) throw problem(404, 'machine_not_found');
    const machineName = machine.name;
    const idleSeconds = machine.user_type_timeout || keypadLimits.idleSecondsByDefault;
    const socketId = String(++sockets);
    let detach: (() => void) | null = null;
    let signInTimer: NodeJS.Timeout | undefined;
    let heartbeat: NodeJS.Timeout | undefined;

    async function signIn(data: unknown, socket: WSContext) {
      const parsed = z.safeParse(SignIn, data);
      const session = parsed.success ? await sessionOf(db, sessions, parsed.data.token) : null;
      if (!session) return socket.close(keypadCloseCodes.signInNeeded, 'sign in to use the keypad');
      if (socket.readyState !== 1) return;
      const attached = await keypads.attach(machineName, session, socket, idleSeconds);
      if (typeof attached !== 'function') return socket.close(attached.code, attached.reason);
      // Closed while the machine was being taken: nothing will call onClose again.
      if (socket.readyState !== 1) return attached();
      detach = attached;
      clearTimeout(signInTimer);
      socket.send(JSON.stringify({ ready: true }));
    }

    async function press(data: unknown, socket: WSContext) {
      const parsed = z.safeParse(KeypadMessage, data);
      if (!parsed.success) return socket.send(errorMessage('invalid_key', 'Unknown key'));
      try {
        await keyRate.consume(socketId);
      } catch (refusal) {
        if (refusal instanceof RateLimiterRes) return socket.send(errorMessage('too_many_requests', 'Too many keys'));
        throw refusal;
      }
      await keypads.press(machineName, parsed.data.key);
      socket.send(JSON.stringify({ ok: true, key: parsed.data.key }));
    }

    const upgrade = upgradeWebSocket(() => ({
      onOpen(_, socket) {
        signInTimer = setTimeout(
          () => socket.close(keypadCloseCodes.signInNeeded, 'no token'),
          keypadTimings.signInSeconds * 1000,
        );
        const raw = socket.raw as import('ws').WebSocket;
        let answered = true;
        raw.on('pong', () => {
          answered = true;
        });
        heartbeat = setInterval(() => {
          if (!answered) return raw.terminate();
          answered = false;
          raw.ping();
        }, keypadTimings.heartbeatSeconds * 1000);
      },
      onMessage(event, socket) {
        let data: unknown;
        try {
          data = JSON.parse(String(event.data));
        } catch {
          data = null;
        }
        const handled = detach ? press(data, socket) : signIn(data, socket);
        handled.catch(() => socket.close(1011, 'keypad failed'));
      },
      onClose() {
        clearTimeout(signInTimer);
        clearInterval(heartbeat);
        detach?.();
      },
    }));
    return upgrade(c, next);
  });
  return app;
}
