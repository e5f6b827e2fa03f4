import { Timestamp } from '@vendo/core/contract';
import { Hono } from 'hono';
import * as z from 'zod/mini';
import type { AppEnv } from '../http/env.ts';
import { problem } from '../http/problem.ts';
import { idParam, readBody } from '../http/validate.ts';
import { registerSatTaxpayer, setPacAvailable } from '../services/sat-register.ts';
import type { Deps } from './deps.ts';

/** A taxpayer as the emulated SAT register keeps one: RFC, name as registered, postal code, regimes. */
const DevTaxpayerBody = z.object({
  rfc: z.string().check(z.regex(/^[A-Z&Ñ]{3,4}\d{6}[A-Z\d]{3}$/)),
  name: z.string().check(z.minLength(1), z.maxLength(254)),
  postal_code: z.string().check(z.regex(/^\d{5}$/)),
  regimes: z.array(z.string().check(z.regex(/^\d{3}$/))).check(z.minLength(1), z.maxLength(20)),
});

/**
 * Issue 37 point 3's dev control: the emulated SAT register and PAC, and a top-up's payment moved into an
 * earlier month so the invoice window can be seen closed. Kept in the database: every replica sees them.
 */
export function devInvoiceRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  /** `POST /__dev/sat_taxpayers`: registers a taxpayer (or corrects what the register says of one). */
  app.post('/sat_taxpayers', async (c) => {
    const body = await readBody(c, DevTaxpayerBody);
    await registerSatTaxpayer(deps.db, {
      rfc: body.rfc,
      name: body.name,
      postalCode: body.postal_code,
      regimes: body.regimes,
    });
    return c.json({ sat_taxpayer: body });
  });

  /** `POST /__dev/pac` { available }: takes the emulated PAC down (every stamp fails pac_unavailable) or up. */
  app.post('/pac', async (c) => {
    const { available } = await readBody(c, z.object({ available: z.boolean() }));
    await setPacAvailable(deps.db, available);
    return c.json({ available });
  });

  /** `POST /__dev/top_ups/{id}/paid_at` { paid_at }: when a credited top-up was paid, moved (into an earlier month). */
  app.post('/top_ups/:id/paid_at', async (c) => {
    const id = idParam(c, 'id');
    const { paid_at } = await readBody(c, z.object({ paid_at: Timestamp }));
    const moved = await deps.db
      .updateTable('top_ups')
      .set({ paid_at: new Date(paid_at) })
      .where('id', '=', id)
      .where('status', '=', 'paid')
      .returning(['id', 'paid_at'])
      .executeTakeFirst();
    if (!moved) throw problem(404, 'not_found', { description: 'no credited top-up has this id' });
    return c.json({ top_up: { id: moved.id, paid_at: moved.paid_at?.toISOString() ?? null } });
  });

  return app;
}
