// bench:api's yardstick: one bare Hono process answering a fixed JSON, on the same machine and run.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const deal = { deal: { id: 1, delivery_status: 2, product_server_id: 1, user_code: '10', price: 14 } };
const app = new Hono().get('*', (c) => c.json(deal));
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  console.log(`bare hono on http://127.0.0.1:${info.port}`);
});
