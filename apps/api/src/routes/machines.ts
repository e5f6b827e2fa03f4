import { Hono } from 'hono';
import { ownMember } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { problem } from '../http/problem.ts';
import { idParam, textParam } from '../http/validate.ts';
import {
  machineById,
  machineByName,
  machineView,
  productQuery,
  productView,
  recordVisit,
} from '../services/machines.ts';
import type { Deps } from './deps.ts';

export function machineRoutes({ db, clock }: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/community_members/:id/product_servers', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    const rows = await db
      .selectFrom('machine_visits')
      .innerJoin('machines', 'machines.id', 'machine_visits.machine_id')
      .select(['machines.id', 'machines.name', 'machines.status', 'machines.image_url'])
      .where('machine_visits.member_id', '=', memberId)
      .orderBy('machine_visits.visited_at', 'desc')
      .limit(10)
      .execute();
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
    const rows = await productQuery(db, machine.id).execute();
    return c.json({ product_server_items: rows.map(productView) });
  });

  app.get('/product_servers/:id/payment_products', async (c) => {
    const machine = await machineById(db, idParam(c, 'id'));
    if (c.get('memberId') === null) throw problem(401, 'unauthorized');
    const rows = await productQuery(db, machine.id).where('products.payable_by_card', '=', true).execute();
    return c.json({ product_server_items: rows.map(productView) });
  });

  app.get('/product_servers/:id/services', async (c) => {
    const machine = await machineById(db, idParam(c, 'id'));
    const rows = await productQuery(db, machine.id).where('products.serviceable', '=', true).execute();
    return c.json({ product_server_items: rows.map(productView) });
  });

  app.get('/product_servers/:id/products/:productId', async (c) => {
    const machine = await machineById(db, idParam(c, 'id'));
    const row = await productQuery(db, machine.id)
      .where('products.id', '=', idParam(c, 'productId'))
      .executeTakeFirst();
    if (!row) throw problem(404, 'not_found');
    return c.json({ product_server_item: productView(row) });
  });

  return app;
}
