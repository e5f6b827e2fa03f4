import { upgradeWebSocket } from '@hono/node-server';
import { KeypadMessage } from '@vendo/core/contract';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { Deps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { problem } from '../http/problem.ts';

/**
 * Spec §7 touchless keyboard: a WebSocket per machine (path
 * `/api/machines/{name}/keypad`, Vendo's choice). Each message is one key as
 * JSON; the machine answers `{ "ok": true, "key": … }` or an error object.
 */
export function keypadRoutes({ db, keypads }: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/machines/:name/keypad', async (c, next) => {
    const name = c.req.param('name').toLowerCase();
    const machine = await db
      .selectFrom('machines')
      .select(['name', 'mobile_keyboard_type', 'status'])
      .where('name', '=', name)
      .executeTakeFirst();
    if (machine?.mobile_keyboard_type !== 'numeric' || !machine) throw problem(404, 'machine_not_found');
    let detach = () => {};
    const upgrade = upgradeWebSocket(() => ({
      onOpen(_, socket) {
        detach = keypads.attach(machine.name, socket);
      },
      onMessage(event, socket) {
        let data: unknown;
        try {
          data = JSON.parse(String(event.data));
        } catch {
          data = null;
        }
        const parsed = z.safeParse(KeypadMessage, data);
        if (!parsed.success) {
          socket.send(JSON.stringify({ error: { error_code: 'invalid_key', message: 'Unknown key' } }));
          return;
        }
        keypads.press(machine.name, parsed.data.key);
        socket.send(JSON.stringify({ ok: true, key: parsed.data.key }));
      },
      onClose() {
        detach();
      },
    }));
    return upgrade(c, next);
  });
  return app;
}
