import { Hono } from 'hono';
import { ownMember } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { taxProfileRefusal } from '../http/tax-profile-refusal.ts';
import { idParam, readBody } from '../http/validate.ts';
import { invoiceFiles } from '../services/invoice-files.ts';
import { askInvoiceMail } from '../services/invoice-mail.ts';
import { requestInvoice, topUpInvoice } from '../services/invoices.ts';
import { saveTaxProfile, TaxProfileFields, taxProfileOf } from '../services/tax-profiles.ts';
import type { Deps } from './deps.ts';

/**
 * Issue 37 point 3: invoices (CFDI 4.0) of the member's top-ups, theirs only: the tax profile they are made out
 * to, a top-up's invoice read and asked for, its files, and e-mailing it. Each counted against its own limit.
 */
export function invoiceRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/community_members/:id/tax_profile', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    await deps.limits.take('taxProfilesPerMember', memberId);
    return c.json({ tax_profile: await taxProfileOf(deps.db, memberId) });
  });

  app.patch('/community_members/:id/tax_profile', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    const fields = await readBody(c, TaxProfileFields);
    await deps.limits.take('taxProfilesPerMember', memberId);
    const saved = await saveTaxProfile(deps, memberId, fields);
    if (!saved.ok) return c.json(taxProfileRefusal(saved.problems, c.get('lang')), 422);
    return c.json({ tax_profile: saved.profile });
  });

  app.get('/community_members/:id/top_ups/:topUpId/invoice', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    await deps.limits.take('invoiceReadsPerMember', memberId);
    return c.json(await topUpInvoice(deps, memberId, idParam(c, 'topUpId')));
  });

  app.post('/community_members/:id/top_ups/:topUpId/invoice', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    await deps.limits.take('invoiceRequestsPerMember', memberId);
    // The member's request going away does not stop the stamp: its answer is stored (one stamp per top-up).
    const invoice = await requestInvoice(deps, memberId, idParam(c, 'topUpId'));
    return c.json({ invoice });
  });

  app.get('/community_members/:id/invoices/:invoiceId/files', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    await deps.limits.take('invoiceReadsPerMember', memberId);
    return c.json(await invoiceFiles(deps.db, memberId, idParam(c, 'invoiceId'), c.get('lang')));
  });

  app.post('/community_members/:id/invoices/:invoiceId/email', async (c) => {
    const memberId = ownMember(c, idParam(c, 'id'));
    await askInvoiceMail(deps, memberId, idParam(c, 'invoiceId'));
    return c.body(null, 202);
  });

  return app;
}
