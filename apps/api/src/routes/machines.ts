import { Hono } from 'hono';
import { ownMember } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { problem } from '../http/problem.ts';
import { idParam, textParam } from '../http/validate.ts';
import {
  listProducts,
  machineById,
  machineByName,
  machineView,
  productOf,
  recentMachines,
  recordVisit,
} from '../services/machines.ts';
import type { Deps } from './deps.ts';

export function machineRoutes({ db, clock }: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/community_members/:id/product_servers', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    const rows = await recentMachines(db, memberId);
    return c.json({ product_servers: rows });
  });

  app.get('/product_server/:name', async (c) => {
    const machine = await machineByName(db, textParam(c, 'name', 'machine_not_found'));
    return c.json({ product_server: { id: machine.id } });
  });

  app.get('/product_servers/:id', async (c) => {
    const machine = await machineById(db, idParam(c, 'id'));
    const memberId = c.get('memberId');
    // Opening a machine while signed in puts it on the member's recent list.
    if (memberId !== null) await recordVisit(db, memberId, machine.id, clock.now());
    return c.json({ product_server: await machineView(db, machine) });
  });

  app.get('/product_servers/:id/products', async (c) => {
    const machine = await machineById(db, idParam(c, 'id'));
    return c.json({ product_server_items: await listProducts(db, machine.id) });
  });

  app.get('/product_servers/:id/payment_products', async (c) => {
    const machine = await machineById(db, idParam(c, 'id'));
    if (c.get('memberId') === null) throw problem(401, 'unauthorized');
    return c.json({ product_server_items: await listProducts(db, machine.id, 'payable_by_card') });
  });

  app.get('/product_servers/:id/services', async (c) => {
    const machine = await machineById(db, idParam(c, 'id'));
    return c.json({ product_server_items: await listProducts(db, machine.id, 'serviceable') });
  });

  app.get('/product_servers/:id/products/:productId', async (c) => {
    const machine = await machineById(db, idParam(c, 'id'));
    const product = await productOf(db, machine.id, idParam(c, 'productId'));
    if (!product) throw problem(404, 'not_found');
    return c.json({ product_server_item: product });
  });

  return app;
}
